#include <gtest/gtest.h>


#include <cmath>
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
