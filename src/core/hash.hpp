// The canonical 64-bit hash every sketch uses: XXH3-64 (system libxxhash) over
// a canonical byte encoding of the value, so values PostgreSQL considers equal
// hash equal across integer widths and float/numeric spellings.
// doc/FORMAT.md is the contract; change nothing here without bumping kHashId.
#pragma once

// xxHash from the system package (libxxhash-dev) in its documented inline
// mode, so the per-row paths compile XXH3 in rather than calling through the
// PLT; no xxHash source lives in this repository. test/unit/hash_test.cpp
// checks every result against the shared library's XXH3_64bits_withSeed.
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#include "core.hpp"

namespace probabilistic {

// Stored in every value's header: which rules (doc/FORMAT.md section 2) turned
// its values into hashes. New values get kHashId; values built under hash id 1
// (0.1.0, 0.2.0) stay readable, and the PostgreSQL layer refuses to add or
// probe with them a type whose rule changed. Values of different ids never combine.
constexpr std::uint8_t kHashId = 2;
constexpr std::uint8_t kHashIdV1 = 1;

// Throws kMismatch, with a hint to rebuild, when two values to combine were
// built under different hash ids: their hashes of some types differ.
void check_same_hash_id(std::uint8_t a, std::uint8_t b, const char* what);
// The seed of every aggregate (they take none) and of SQL's seed arguments when left out.
constexpr std::uint64_t kDefaultSeed = 0;

inline std::uint64_t hash_bytes(const void* data, std::size_t size, std::uint64_t seed) noexcept {
    return XXH3_64bits_withSeed(data, size, seed);
}

// Integers of any width (and booleans, dates, timestamps): 8 bytes, little-endian
// two's complement. Inline: it is the per-row cost of every integer aggregate.
inline std::uint64_t hash_int64(std::int64_t value, std::uint64_t seed) noexcept {
    std::uint8_t bytes[8];
    store_le64(bytes, static_cast<std::uint64_t>(value));
    return XXH3_64bits_withSeed(bytes, sizeof bytes, seed);
}

// Floating point: -0 becomes 0, every NaN is one NaN, and an integral value in
// int64 range hashes as that integer (so 42.0 finds 42). Other values hash
// their IEEE-754 binary64 bits, little-endian.
std::uint64_t hash_float8(double value, std::uint64_t seed) noexcept;

// Other systems' hash functions, for the hll hash families that import their
// sketches (doc/FORMAT.md 3.15), written from their published specifications:
// MurmurHash3_x64_128 (Austin Appleby's SMHasher; postgresql-hll keeps the first
// 64-bit word, DataSketches both) and MurmurHash64A (MurmurHash2's 64-bit form,
// which Redis's HyperLogLog uses). Blocks are read little-endian on every platform.
struct Hash128 {
    std::uint64_t h1, h2;
};
Hash128 murmur3_x64_128(const void* data, std::size_t size, std::uint32_t seed) noexcept;
std::uint64_t murmur64a(const void* data, std::size_t size, std::uint64_t seed) noexcept;

}  // namespace probabilistic
