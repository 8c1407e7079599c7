#include <gtest/gtest.h>
#include <xxhash.h>

#include <cmath>
#include <limits>

#include "hash.hpp"

using namespace probabilistic;

TEST(CanonicalHash, IntegerIsXxh3OfEightLittleEndianBytes) {
    const std::uint8_t bytes[8] = {0x2a, 0, 0, 0, 0, 0, 0, 0};
    EXPECT_EQ(hash_int64(42, 0), XXH3_64bits_withSeed(bytes, 8, 0));
    const std::uint8_t minus_one[8] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    EXPECT_EQ(hash_int64(-1, 7), XXH3_64bits_withSeed(minus_one, 8, 7));
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
    EXPECT_EQ(hash_float8(v, 5), XXH3_64bits_withSeed(le, 8, 5));
    // 2^63 is out of int64 range, so it hashes its bits too.
    double big = 9223372036854775808.0;
    std::memcpy(&bits, &big, 8);
    store_le64(le, bits);
    EXPECT_EQ(hash_float8(big, 0), XXH3_64bits_withSeed(le, 8, 0));
}
