#include "hash.hpp"

#include <cmath>


namespace probabilistic {

std::uint64_t hash_float8(double value, std::uint64_t seed) noexcept {
    if (std::isnan(value)) {
        std::uint8_t bytes[8];
        store_le64(bytes, UINT64_C(0x7FF8000000000000));
        return XXH3_64bits_withSeed(bytes, sizeof bytes, seed);
    }
    // [-2^63, 2^63) holds exactly the doubles that convert to int64 without overflow.
    if (value >= -9223372036854775808.0 && value < 9223372036854775808.0 &&
        value == std::trunc(value))
        return hash_int64(static_cast<std::int64_t>(value), seed);
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    std::uint8_t bytes[8];
    store_le64(bytes, bits);
    return XXH3_64bits_withSeed(bytes, sizeof bytes, seed);
}

namespace {

inline std::uint64_t rotl64(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

inline std::uint64_t fmix64(std::uint64_t k) {
    k ^= k >> 33;
    k *= UINT64_C(0xff51afd7ed558ccd);
    k ^= k >> 33;
    k *= UINT64_C(0xc4ceb9fe1a85ec53);
    k ^= k >> 33;
    return k;
}

// MurmurHash3_x64_128's mixing of a block's first and second 64-bit words.
constexpr std::uint64_t kMurmur3C1 = UINT64_C(0x87c37b91114253d5), kMurmur3C2 = UINT64_C(0x4cf5ad432745937f);
inline std::uint64_t murmur3_k1(std::uint64_t k) { return rotl64(k * kMurmur3C1, 31) * kMurmur3C2; }
inline std::uint64_t murmur3_k2(std::uint64_t k) { return rotl64(k * kMurmur3C2, 33) * kMurmur3C1; }

// The bytes [from, to) of a block tail as a little-endian integer.
inline std::uint64_t tail_le(const std::uint8_t* p, std::size_t from, std::size_t to) {
    std::uint64_t k = 0;
    for (std::size_t i = to; i > from; i--) k = (k << 8) | p[i - 1];
    return k;
}

}  // namespace

Hash128 murmur3_x64_128(const void* data, std::size_t size, std::uint32_t seed) noexcept {
    const std::uint8_t* p = static_cast<const std::uint8_t*>(data);
    std::uint64_t h1 = seed, h2 = seed;
    std::size_t blocks = size / 16;
    for (std::size_t i = 0; i < blocks; i++) {
        h1 ^= murmur3_k1(load_le64(p + 16 * i));
        h1 = rotl64(h1, 27);
        h1 += h2;
        h1 = h1 * 5 + 0x52dce729;
        h2 ^= murmur3_k2(load_le64(p + 16 * i + 8));
        h2 = rotl64(h2, 31);
        h2 += h1;
        h2 = h2 * 5 + 0x38495ab5;
    }
    const std::uint8_t* tail = p + 16 * blocks;
    std::size_t rest = size & 15;
    if (rest > 8) h2 ^= murmur3_k2(tail_le(tail, 8, rest));
    if (rest > 0) h1 ^= murmur3_k1(tail_le(tail, 0, rest < 8 ? rest : 8));
    h1 ^= static_cast<std::uint64_t>(size);
    h2 ^= static_cast<std::uint64_t>(size);
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    h2 += h1;
    return Hash128{h1, h2};
}

std::uint64_t murmur64a(const void* data, std::size_t size, std::uint64_t seed) noexcept {
    const std::uint8_t* p = static_cast<const std::uint8_t*>(data);
    const std::uint64_t m = UINT64_C(0xc6a4a7935bd1e995);
    const int r = 47;
    std::uint64_t h = seed ^ (static_cast<std::uint64_t>(size) * m);
    std::size_t blocks = size / 8;
    for (std::size_t i = 0; i < blocks; i++) {
        std::uint64_t k = load_le64(p + 8 * i);
        k *= m;
        k ^= k >> r;
        k *= m;
        h ^= k;
        h *= m;
    }
    std::size_t rest = size & 7;
    if (rest > 0) {
        h ^= tail_le(p + 8 * blocks, 0, rest);
        h *= m;
    }
    h ^= h >> r;
    h *= m;
    h ^= h >> r;
    return h;
}

void check_same_hash_id(std::uint8_t a, std::uint8_t b, const char* what) {
    if (a == b) return;
    throw Error(ErrorKind::kMismatch,
                std::string("cannot combine ") + what + " built under hash ids " + std::to_string(a) + " and " +
                    std::to_string(b),
                "Values of hash id 1 were built by version 0.1.0 or 0.2.0, which hashed some types otherwise.",
                Reason::kDifferentHashIds);
}

}  // namespace probabilistic
