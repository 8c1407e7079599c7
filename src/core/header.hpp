// What every value's header starts with, and its one check (doc/FORMAT.md 3.5,
// 4.6, 5.4: checked first, in this order): the value is at least a header long,
// byte 0 is the type's tag, byte 1 a format version this build reads (1, or 2
// with a kind: kind.hpp), byte 2 a hash id it knows for the type.
#pragma once

#include <string>

#include "core.hpp"

namespace probabilistic::header {

// The prefix every type's header starts with.
constexpr std::size_t kOffTag = 0, kOffVersion = 1, kOffHashId = 2;

struct Type {
    const char* invalid;          // how its errors start: "invalid hll value"
    std::uint8_t tag;             // byte 0
    std::size_t size;             // the header's bytes
    std::uint8_t oldest_hash_id;  // the ids from this one to newest_hash_id are read
    std::uint8_t newest_hash_id = 2;  // kHashId; hll reads its foreign families' ids too
};

// A kCorrupt error of the type: "invalid hll value: " + what.
Error corrupt(const Type& type, const std::string& what);

// Throws corrupt() unless the prefix is valid.
void check(const std::uint8_t* data, std::size_t size, const Type& type);

}  // namespace probabilistic::header
