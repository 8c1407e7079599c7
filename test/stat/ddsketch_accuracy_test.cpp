// Statistical tests of the ddsketch: the relative-error guarantee at every q
// (2001 points and the far tails) over six distributions, five seeds each, at
// 200,000 values, against the exact quantile of the sorted values; and every
// bucket of the whole index range spanning no more than (1 + alpha) / (1 - alpha).
// Fixed seeds, so every run sees the same values; the guarantee is
// deterministic, so any violation is a bug, not bad luck.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <vector>

#include "ddsketch.hpp"
#include "../unit/test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

struct Distribution {
    const char* name;
    std::function<double(std::mt19937_64&)> draw;
};

const std::vector<Distribution>& distributions() {
    static const std::vector<Distribution> d = {
        {"lognormal 1", [](std::mt19937_64& r) { return std::lognormal_distribution<double>(0, 1)(r); }},
        {"lognormal 3", [](std::mt19937_64& r) { return std::lognormal_distribution<double>(0, 3)(r); }},
        {"pareto 1", [](std::mt19937_64& r) { return 1.0 / (1.0 - std::uniform_real_distribution<double>(0, 1)(r)); }},
        {"bimodal 1e-6 / 1e6", [](std::mt19937_64& r) {
             return ((r() & 1) ? 1e-6 : 1e6) * std::uniform_real_distribution<double>(0.5, 1.5)(r);
         }},
        {"uniform integers", [](std::mt19937_64& r) {
             return static_cast<double>(std::uniform_int_distribution<int>(1, 1000000)(r));
         }},
        {"mixed signs, zeros", [](std::mt19937_64& r) {
             std::uint64_t k = r() % 4;
             return k == 0 ? 0.0 : (k == 1 ? -1.0 : 1.0) * std::lognormal_distribution<double>(0, 2)(r);
         }},
    };
    return d;
}

}  // namespace

TEST(DdsketchStat, RelativeErrorAtEveryQ) {
    const std::size_t n = 200000;
    std::vector<double> qs;
    for (int i = 0; i <= 2000; i++) qs.push_back(i / 2000.0);
    for (double q : {1e-5, 1e-4, 0.9999, 0.99999}) qs.push_back(q);
    std::printf("  %-20s %-7s %-12s %-8s %-8s\n", "distribution", "alpha", "worst/alpha", "points", "bytes");
    for (const Distribution& d : distributions()) {
        for (double alpha : {0.01, 0.001}) {
            double worst = 0;
            std::size_t points = 0, bytes = 0;
            for (std::uint64_t seed = 1; seed <= 5; seed++) {
                std::mt19937_64 rng(seed * 7919);
                std::vector<double> values(n);
                for (double& v : values) v = d.draw(rng);
                TestAllocator alloc;
                Buffer b = ddsketch::make_empty(alloc, alpha, 65536);
                for (double v : values) b = ddsketch::add(b.data, b.size, v, true, alloc);
                ddsketch::Sketch s = ddsketch::parse(b.data, b.size);
                ASSERT_FALSE(s.positive.collapsed || s.negative.collapsed);
                bytes = std::max(bytes, b.size);
                std::sort(values.begin(), values.end());
                for (double q : qs) {
                    double row = std::ceil(q * static_cast<double>(n));
                    double truth = values[row <= 1 ? 0 : static_cast<std::size_t>(row) - 1];
                    double got;
                    ASSERT_TRUE(ddsketch::quantile(s, q, &got));
                    double err = truth == 0 ? std::fabs(got) : std::fabs(got - truth) / std::fabs(truth);
                    ASSERT_LE(err, truth == 0 ? 0.0 : alpha) << d.name << " seed " << seed << " q " << q;
                    worst = std::max(worst, err);
                    points++;
                }
            }
            std::printf("  %-20s %-7g %-12.4f %-8zu %-8zu\n", d.name, alpha, worst / alpha, points, bytes);
        }
    }
}

// Every bucket of the normal doubles' range spans at most (1 + alpha) / (1 - alpha): its
// representative is within alpha of every value in it. (Below 2^-1022 the edges and the
// representative are subnormal doubles, as coarse as the values there: doc/FORMAT.md 6.2.)
TEST(DdsketchStat, EveryBucketWithinTheRatio) {
    for (double alpha : {0.0001, 0.001, 0.01, 0.05, 0.25, 0.5}) {
        double m = ddsketch::multiplier(alpha);
        std::int32_t first = ddsketch::index_of(std::ldexp(1.0, -1022), m);
        std::int32_t last = ddsketch::index_of(1.7976931348623157e308, m);
        double gamma = (1 + alpha) / (1 - alpha), widest = 0;
        for (std::int32_t k = first + 1; k < last; k++) {
            double ratio = ddsketch::upper_edge(k, m) / ddsketch::lower_edge(k, m);
            widest = std::max(widest, ratio);
            ASSERT_LE(ratio, gamma) << "alpha " << alpha << " bucket " << k;
        }
        std::printf("  alpha %-7g buckets %8d .. %-8d widest ratio / gamma %.9f\n", alpha, first, last, widest / gamma);
    }
}
