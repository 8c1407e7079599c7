#include "bloom_stream.hpp"

#include <cstdint>
#include <limits>
#include <string>

namespace probabilistic::bloom {

std::size_t members(const Sketch& s, const std::uint64_t* hashes, const bool* nulls, std::size_t n,
                    std::int64_t lower_bound, std::int32_t* out) {
    constexpr std::int64_t kMin = std::numeric_limits<std::int32_t>::min();
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
    if (lower_bound < kMin || lower_bound > kMax ||
        (n > 0 && static_cast<std::uint64_t>(kMax - lower_bound) < n - 1))
        throw Error(ErrorKind::kInvalidParameter,
                    "subscripts from " + std::to_string(lower_bound) + " for " + std::to_string(n) +
                        " items do not fit in 32 bits");
    // Tested in small runs so that the answers stay on the stack and in cache.
    constexpr std::size_t kRun = 1024;
    static_assert(kMembersChunk % kRun == 0, "polls fall between runs");
    bool found[kRun];
    std::size_t count = 0;
    for (std::size_t begin = 0; begin < n; begin += kRun) {
        if (begin != 0 && begin % kMembersChunk == 0) poll_interrupt();
        std::size_t len = n - begin < kRun ? n - begin : kRun;
        // contains_many starts the next keys' loads ahead of the tests.
        contains_many(s, hashes + begin, len, found);
        for (std::size_t i = 0; i < len; i++)
            if (found[i] && (nulls == nullptr || !nulls[begin + i]))
                out[count++] = static_cast<std::int32_t>(lower_bound + static_cast<std::int64_t>(begin + i));
    }
    return count;
}

}  // namespace probabilistic::bloom
