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

void check_same_hash_id(std::uint8_t a, std::uint8_t b, const char* what) {
    if (a == b) return;
    throw Error(ErrorKind::kMismatch,
                std::string("cannot combine ") + what + " built under hash ids " + std::to_string(a) + " and " +
                    std::to_string(b),
                "Values of hash id 1 were built by version 0.1.0 or 0.2.0, which hashed some types otherwise.",
                Reason::kDifferentHashIds);
}

}  // namespace probabilistic
