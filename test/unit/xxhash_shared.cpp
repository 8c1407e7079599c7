// The shared libxxhash, called without the inline mode the core uses, as the
// reference that hash_test compares the core's hashes with.
#include <xxhash.h>

#include <cstddef>
#include <cstdint>

std::uint64_t shared_library_xxh3(const void* data, std::size_t size, std::uint64_t seed) {
    return XXH3_64bits_withSeed(data, size, seed);
}
