#include "header.hpp"

#include "hash.hpp"
#include "kind.hpp"

namespace probabilistic::header {

Error corrupt(const Type& type, const std::string& what) {
    return Error(ErrorKind::kCorrupt, std::string(type.invalid) + ": " + what);
}

void check(const std::uint8_t* data, std::size_t size, const Type& type) {
    if (size < type.size)
        throw corrupt(type, "it is " + std::to_string(size) + " bytes long, shorter than the " +
                                std::to_string(type.size) + "-byte header");
    if (data[0] != type.tag)
        throw corrupt(type, "type tag is " + hex_byte(data[0]) + ", expected " + hex_byte(type.tag) + " ('" +
                                std::string(1, static_cast<char>(type.tag)) + "')");
    if (data[1] != kind::kVersionWithout && data[1] != kind::kVersionWith)
        throw corrupt(type, "format version " + std::to_string(data[1]) +
                                " is not supported (this build reads versions 1 and 2)");
    if (data[2] < type.oldest_hash_id || data[2] > type.newest_hash_id)
        throw corrupt(type, "unknown hash function id " + std::to_string(data[2]));
}

}  // namespace probabilistic::header
