// Statistical tests of the age-partitioned Bloom filter: the measured false
// positive rate over the window against the target at every sampled moment
// (count mode, and time mode steady and with 10x bursts), and at the worst
// moment (every generation at its limit) tightly enough to see 10% over the
// target (count mode, and time mode loaded to its capacity), no false negative
// inside the window, and forgetting: keys older than the window plus one
// generation are found no more often than the target rate. Real hashes
// (hash_int64) with fixed seeds; probes are keys never added.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
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

// Measured rate with `probes` fresh keys.
double measure(const Filter& f, std::int64_t& next_probe, long probes) {
    long hits = 0;
    for (long i = 0; i < probes; i++) hits += f.has(next_probe++);
    return static_cast<double>(hits) / static_cast<double>(probes);
}

// The tolerance, from binomial statistics alone (not from the code's own
// bound): n probes of a filter whose rate is p measure p with standard
// deviation sqrt(p (1 - p) / n). A rate at the target passes the allowance
// target + kZ deviations with probability 1 - 2.3e-4.
constexpr double kZ = 3.5;
double sigma(double p, long n) { return std::sqrt(p * (1.0 - p) / static_cast<double>(n)); }
double allowed(double fpr, long probes) { return fpr + kZ * sigma(fpr, probes); }

// Probes enough to see a rate 10% above the target: 1.1 x target, less kZ of
// its own deviations, still above the allowance (so such a filter fails with
// probability 1 - 2.3e-4).
long probes_to_see_ten_percent(double fpr) {
    long n = 1000;
    while (1.1 * fpr - kZ * sigma(1.1 * fpr, n) <= allowed(fpr, n)) n += n / 4;
    return n;
}

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

// The worst moment of a count window (doc/FORMAT.md 11.4): every one of the
// S = k + l slots holds its limit of g items, the newest full, just before a
// shift. Its rate is at most the target; measured over four filters of
// different keys (the filter's own spread is averaged too) with probes enough
// to see 10% more.
TEST(AgebloomStat, CountModeWorstMomentTight) {
    std::printf("  %-8s %-10s %-10s %-10s %s\n", "target", "measured", "allowed", "probes", "10% over would measure");
    for (double fpr : {1e-2, 1e-3, 1e-4}) {
        const long long window = 20000;
        const long n = probes_to_see_ten_percent(fpr);
        const int filters = 4;
        long hits = 0;
        for (int r = 0; r < filters; r++) {
            Filter f = make(agebloom::kModeCount, window, window, fpr);
            agebloom::Header h = agebloom::parse_trusted(f.bytes.data(), f.bytes.size()).header;
            const std::int64_t base = static_cast<std::int64_t>(r) << 40, total = (h.slices() + 2) * h.generation_length;
            for (std::int64_t i = 0; i < total; i++) f.add(base + i, 0);
            agebloom::Info info = agebloom::info(agebloom::parse(f.bytes.data(), f.bytes.size()));
            ASSERT_EQ(info.current_items, h.generation_limit);  // the newest full: the next add shifts
            ASSERT_GE(info.generation, static_cast<std::int64_t>(h.slices()));  // every slot has had its limit
            std::int64_t probe = kNever + static_cast<std::int64_t>(r) * n;
            for (long i = 0; i < n / filters; i++) hits += f.has(probe++);
        }
        long probes = n / filters * filters;
        double rate = static_cast<double>(hits) / static_cast<double>(probes);
        std::printf("  %-8g %-10.4g %-10.4g %-10ld > %.4g\n", fpr, rate, allowed(fpr, probes), probes,
                    1.1 * fpr - kZ * sigma(1.1 * fpr, probes));
        EXPECT_LE(rate, allowed(fpr, probes)) << fpr;
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

// Time mode loaded to its planned capacity: a window of 24 "hours" in 24
// generations planned for 1,000 values an hour, every hour holding exactly its
// limit of 1,000 for k + l + 2 hours (times at random within the hour, added
// out of order), measured at the end of the last hour: the worst moment, every
// slot at its limit. As the count window's test: four filters, probes enough
// to see 10% over the target.
TEST(AgebloomStat, TimeModeAtPlannedCapacityTight) {
    const std::int64_t hour = INT64_C(3600) * 1000000, window = 24 * hour;
    for (double fpr : {1e-2, 1e-3}) {
        const long n = probes_to_see_ten_percent(fpr);
        const int filters = 4;
        long hits = 0;
        for (int r = 0; r < filters; r++) {
            TestAllocator alloc;
            Buffer b = agebloom::make_empty(alloc, agebloom::kModeTime, window, 1000 * 24, fpr, 24, 0);
            Filter f{std::vector<std::uint8_t>(b.data, b.data + b.size)};
            agebloom::Header h = agebloom::parse_trusted(f.bytes.data(), f.bytes.size()).header;
            ASSERT_EQ(h.generation_limit, 1000u);
            std::mt19937_64 rng(100 + r);
            std::vector<std::pair<std::int64_t, std::int64_t>> adds;  // key, time
            const int hours = static_cast<int>(h.slices()) + 2;
            std::int64_t key = static_cast<std::int64_t>(r) << 40;
            for (int hr = 0; hr < hours; hr++)
                for (int i = 0; i < 1000; i++)
                    adds.push_back({key++, hr * hour + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hour))});
            std::shuffle(adds.begin(), adds.end(), rng);
            for (auto& [k, t] : adds) f.add(k, t);
            agebloom::Info info = agebloom::info(agebloom::parse(f.bytes.data(), f.bytes.size()));
            ASSERT_EQ(info.generation, hours - 1);
            ASSERT_EQ(info.current_items, 1000u);
            ASSERT_EQ(info.live_items, 1000u * (h.generations + 1));
            std::int64_t probe = kNever + static_cast<std::int64_t>(r) * n;
            for (long i = 0; i < n / filters; i++) hits += f.has(probe++);
        }
        long probes = n / filters * filters;
        double rate = static_cast<double>(hits) / static_cast<double>(probes);
        std::printf("  time mode %-6g measured %.4g allowed %.4g (%ld probes; 10%% over would measure > %.4g)\n", fpr,
                    rate, allowed(fpr, probes), probes, 1.1 * fpr - kZ * sigma(1.1 * fpr, probes));
        EXPECT_LE(rate, allowed(fpr, probes)) << fpr;
    }
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
