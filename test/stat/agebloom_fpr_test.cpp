// Statistical tests of the age-partitioned Bloom filter: the measured false
// positive rate over the window against the target at every sampled moment
// (count mode, and time mode steady and with 10x bursts), no false negative
// inside the window, and forgetting: keys older than the window plus one
// generation are found no more often than the target rate. Real hashes
// (hash_int64) with fixed seeds; probes are keys never added.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "agebloom.hpp"
#include "hash.hpp"
#include "../unit/test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

constexpr std::uint64_t kSeed = 0xA6E;
constexpr std::int64_t kNever = INT64_C(1) << 50;  // probe keys start here: never added

struct Filter {
    std::vector<std::uint8_t> bytes;
    void add(std::int64_t key, std::int64_t at) {
        TestAllocator alloc;
        agebloom::add_hash(bytes.data(), bytes.size(), hash_int64(key, kSeed), at, true, alloc);
    }
    bool has(std::int64_t key) const {
        return agebloom::contains_hash(agebloom::parse_trusted(bytes.data(), bytes.size()), hash_int64(key, kSeed));
    }
};

Filter make(int mode, long long window, long long capacity, double fpr) {
    TestAllocator alloc;
    Buffer b = agebloom::make_empty(alloc, mode, window, capacity, fpr, 0, 0);
    return Filter{std::vector<std::uint8_t>(b.data, b.data + b.size)};
}

// Measured rate with `probes` fresh keys; an upper bound for the test:
// target * 1.1 plus four binomial standard deviations of the target.
double measure(const Filter& f, std::int64_t& next_probe, long probes) {
    long hits = 0;
    for (long i = 0; i < probes; i++) hits += f.has(next_probe++);
    return static_cast<double>(hits) / static_cast<double>(probes);
}

double allowed(double fpr, long probes) { return fpr * 1.1 + 4.0 * std::sqrt(fpr / static_cast<double>(probes)); }

}  // namespace

// Count mode: at 1%, 0.1%, 0.01% the rate measured at six moments over three
// windows (the worst is just before a shift) stays within the target.
TEST(AgebloomStat, CountModeRateWithinTarget) {
    std::printf("  %-8s %-10s %-10s %-6s\n", "target", "worst", "allowed", "bits/id");
    for (double fpr : {1e-2, 1e-3, 1e-4}) {
        const long long window = 20000;
        Filter f = make(agebloom::kModeCount, window, window, fpr);
        agebloom::Header h = agebloom::parse_trusted(f.bytes.data(), f.bytes.size()).header;
        long probes = static_cast<long>(std::min(2e6, 400.0 / fpr));
        std::int64_t probe = kNever;
        double worst = 0.0;
        std::int64_t key = 0;
        for (int moment = 0; moment < 6; moment++) {
            std::int64_t until = window / 2 * (moment + 1) + static_cast<std::int64_t>(h.generation_length) - 1;
            for (; key < until; key++) f.add(key, 0);
            worst = std::max(worst, measure(f, probe, probes / 6));
            // No false negative: the last `window` keys.
            for (std::int64_t k = std::max<std::int64_t>(0, key - window); k < key; k++) ASSERT_TRUE(f.has(k));
        }
        double bits = static_cast<double>(h.slices() * h.slice_bits) / static_cast<double>(window);
        std::printf("  %-8g %-10.3g %-10.3g %-6.1f\n", fpr, worst, allowed(fpr, probes / 6), bits);
        EXPECT_LE(worst, allowed(fpr, probes / 6)) << fpr;
        agebloom::parse(f.bytes.data(), f.bytes.size());
    }
}

// Forgetting: a key whose k slices have all left (k + l generations started
// since its own: (k + l) g insertions, l g >= window) is found at no more than
// the rate; between (l + 1) g and (k + l) g it fades (it keeps fewer of its bits).
TEST(AgebloomStat, CountModeForgets) {
    const long long window = 10000;
    Filter f = make(agebloom::kModeCount, window, window, 0.01);
    agebloom::Header h = agebloom::parse_trusted(f.bytes.data(), f.bytes.size()).header;
    std::int64_t g = static_cast<std::int64_t>(h.generation_length);
    const std::int64_t total = 6 * window;
    for (std::int64_t k = 0; k < total; k++) f.add(k, 0);
    long old = 0, found = 0, fading = 0, fading_found = 0;
    for (std::int64_t k = 0; k < total; k++) {
        std::int64_t age = total - 1 - k;
        if (age >= static_cast<std::int64_t>(h.k + h.generations) * g) {
            old++;
            found += f.has(k);
        } else if (age >= static_cast<std::int64_t>(h.generations + 1) * g) {
            fading++;
            fading_found += f.has(k);
        }
    }
    double rate = static_cast<double>(found) / static_cast<double>(old);
    std::printf("  forgotten (older than (k + l) g): %ld of %ld found (%.4f); fading: %ld of %ld\n", found, old,
                rate, fading_found, fading);
    EXPECT_LE(rate, allowed(0.01, old));
    EXPECT_LT(fading_found, fading);
}

// Time mode: a day-like window of 24 "hours", steady load at the planned rate,
// then 10x bursts in single generations within the plan's peak: the filter is
// sized for the peak (capacity = peak per window), every moment's rate stays
// within target, and keys are found for the whole window.
TEST(AgebloomStat, TimeModeSteadyAndBursts) {
    const std::int64_t hour = INT64_C(3600) * 1000000, window = 24 * hour;
    for (double fpr : {1e-2, 1e-3}) {
        // Steady rate 100 a "hour"; bursts of 1000 in one hour: capacity planned for 1000 an hour.
        const long long peak_per_generation = 1000;
        TestAllocator alloc;
        Buffer b = agebloom::make_empty(alloc, agebloom::kModeTime, window, peak_per_generation * 24, fpr, 24, 0);
        Filter f{std::vector<std::uint8_t>(b.data, b.data + b.size)};
        std::mt19937_64 rng(11);
        std::int64_t key = 0, probe = kNever;
        std::vector<std::pair<std::int64_t, std::int64_t>> added;  // key, time
        double worst = 0.0;
        long probes = static_cast<long>(std::min(3e5, 100.0 / fpr));
        for (int h = 0; h < 96; h++) {
            bool burst = h % 7 == 3 || (h >= 60 && h < 66);  // single bursts, then six burst hours in a row
            int n = burst ? 1000 : 100;
            for (int i = 0; i < n; i++) {
                std::int64_t at = h * hour + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hour));
                f.add(key, at);
                added.push_back({key++, at});
            }
            if (h % 8 == 7 || (h >= 60 && h < 67)) worst = std::max(worst, measure(f, probe, probes));
            std::int64_t now = h * hour + hour - 1;
            for (auto& [k, t] : added)
                if (t > now - window) {
                    ASSERT_TRUE(f.has(k)) << k;
                }
        }
        std::printf("  time mode %-6g worst %.3g allowed %.3g\n", fpr, worst, allowed(fpr, probes));
        EXPECT_LE(worst, allowed(fpr, probes));
        agebloom::parse(f.bytes.data(), f.bytes.size());
    }
}
