#include <gtest/gtest.h>


#include <cmath>
#include <cstring>
#include <vector>
#include <limits>

#include "hash.hpp"

using namespace probabilistic;

std::uint64_t shared_library_xxh3(const void* data, std::size_t size, std::uint64_t seed);

TEST(CanonicalHash, IntegerIsXxh3OfEightLittleEndianBytes) {
    const std::uint8_t bytes[8] = {0x2a, 0, 0, 0, 0, 0, 0, 0};
    EXPECT_EQ(hash_int64(42, 0), shared_library_xxh3(bytes, 8, 0));
    const std::uint8_t minus_one[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    EXPECT_EQ(hash_int64(-1, 7), shared_library_xxh3(minus_one, 8, 7));
}

TEST(CanonicalHash, SeedChangesHash) { EXPECT_NE(hash_int64(42, 0), hash_int64(42, 1)); }

TEST(CanonicalHash, IntegralFloatsHashAsIntegers) {
    EXPECT_EQ(hash_float8(42.0, 0), hash_int64(42, 0));
    EXPECT_EQ(hash_float8(-7.0, 3), hash_int64(-7, 3));
    EXPECT_EQ(hash_float8(-9223372036854775808.0, 0), hash_int64(INT64_MIN, 0));
    EXPECT_NE(hash_float8(1.5, 0), hash_int64(1, 0));
    EXPECT_NE(hash_float8(1.5, 0), hash_float8(2.5, 0));
}

TEST(CanonicalHash, SignedZeroAndNaNsAreCanonical) {
    EXPECT_EQ(hash_float8(-0.0, 0), hash_float8(0.0, 0));
    EXPECT_EQ(hash_float8(-0.0, 0), hash_int64(0, 0));
    double nan1 = std::numeric_limits<double>::quiet_NaN();
    double nan2 = -std::nan("0x123");
    EXPECT_EQ(hash_float8(nan1, 0), hash_float8(nan2, 0));
    EXPECT_NE(hash_float8(std::numeric_limits<double>::infinity(), 0),
              hash_float8(-std::numeric_limits<double>::infinity(), 0));
}

TEST(CanonicalHash, NonIntegralFloatHashesItsLittleEndianBits) {
    double v = 0.1;
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    std::uint8_t le[8];
    store_le64(le, bits);
    EXPECT_EQ(hash_float8(v, 5), shared_library_xxh3(le, 8, 5));
    // 2^63 is out of int64 range, so it hashes its bits too.
    double big = 9223372036854775808.0;
    std::memcpy(&bits, &big, 8);
    store_le64(le, bits);
    EXPECT_EQ(hash_float8(big, 0), shared_library_xxh3(le, 8, 0));
}

// The core compiles XXH3 from the system header's inline mode; the shared
// library (xxhash_shared.cpp, built without it) must agree.
TEST(CanonicalHash, InlineXxh3EqualsTheSharedLibrary) {
    std::uint8_t buf[300];
    for (std::size_t i = 0; i < sizeof buf; i++) buf[i] = static_cast<std::uint8_t>(i * 131 + 7);
    for (std::size_t len : {0u, 1u, 3u, 4u, 8u, 9u, 16u, 17u, 128u, 129u, 240u, 241u, 300u})
        for (std::uint64_t seed : {0ull, 1ull, 0xdeadbeefcafef00dull})
            EXPECT_EQ(hash_bytes(buf, len, seed), shared_library_xxh3(buf, len, seed)) << len;
    std::uint8_t le[8];
    store_le64(le, static_cast<std::uint64_t>(-123456789));
    EXPECT_EQ(hash_int64(-123456789, 9), shared_library_xxh3(le, 8, 9));
}

// MurmurHash3_x64_128 against published vectors: the digests of "hello" and of
// the quick brown fox (SMHasher's digests, printed as two 64-bit words), and rows of postgresql-hll's sql/data/murmur_*.csv, which the Java
// reference implementation (java-hll) produced (post_hash_long is the first word).
TEST(ForeignHash, Murmur3X64_128MatchesPublishedVectors) {
    Hash128 empty = murmur3_x64_128("", 0, 0);
    EXPECT_EQ(empty.h1, 0u);
    EXPECT_EQ(empty.h2, 0u);
    EXPECT_EQ(murmur3_x64_128("hello", 5, 0).h1, UINT64_C(0xcbd8a7b341bd9b02));
    EXPECT_EQ(murmur3_x64_128("hello", 5, 0).h2, UINT64_C(0x5b1e906a48ae1d19));
    const char* fox = "The quick brown fox jumps over the lazy dog";
    Hash128 f = murmur3_x64_128(fox, std::strlen(fox), 0);
    EXPECT_EQ(f.h1, UINT64_C(0xe34bbc7bbc071b6c));
    EXPECT_EQ(f.h2, UINT64_C(0x7a433ca9c49a9347));

    struct Row {
        std::int64_t seed, pre, post;
    };
    const Row bigint_rows[] = {
        {2147483647, 3475270650314491794, -3696531339345168657},
        {2147483647, 2270991379979347231, 3264963771496493983},
        {0, 5797898885857920721, -4071349394507855115},
        {0, -945726292679342924, -876529480041849111},
    };
    for (const Row& r : bigint_rows) {
        std::uint8_t b[8];
        store_le64(b, static_cast<std::uint64_t>(r.pre));
        EXPECT_EQ(murmur3_x64_128(b, 8, static_cast<std::uint32_t>(r.seed)).h1, static_cast<std::uint64_t>(r.post));
    }
    struct Bytes {
        std::uint32_t seed;
        std::vector<std::uint8_t> pre;
        std::int64_t post;
    };
    const Bytes byte_rows[] = {
        {2147483647, {0x7B, 0x09, 0xEE, 0x30, 0x1F, 0x69, 0x08, 0x96, 0x5B, 0xAA, 0xF9, 0x91, 0xF1, 0x6C, 0x77, 0x73, 0x2B},
         8025733357459726295},
        {0, {0x9E}, 8141503599900859852},
        {12487, {0x18, 0x19, 0x5B}, -4552673506532642215},
        {12487, {0xB6, 0xC2, 0x00, 0xBB, 0xB4, 0x83, 0x14, 0x1B, 0xEA, 0x60, 0xB2, 0xC3}, -1240950282838113181},
        {12487, {0x60, 0xE6, 0x4A, 0x30, 0x04, 0x82, 0x2D, 0x10, 0xC1, 0x97}, -973338958937044117},
        {8979979, {0x91, 0x90, 0x70, 0xA4, 0x47, 0x29}, 8857192650128990353},
        {8979979, {0x4C, 0x2F, 0xB6, 0x4A, 0x99, 0xFA, 0x9E, 0x5D, 0x91, 0x97, 0x77}, -1298638686744033783},
    };
    for (const Bytes& r : byte_rows)
        EXPECT_EQ(murmur3_x64_128(r.pre.data(), r.pre.size(), r.seed).h1, static_cast<std::uint64_t>(r.post));
}
