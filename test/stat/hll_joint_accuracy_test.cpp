// Joint estimation of two sketches at p = 14 (hll_joint.hpp): the
// intersection |A ∩ B| by maximum likelihood (ML) against inclusion–exclusion
// (IE: |A| + |B| - |A ∪ B| from the single estimates) on the same sketches,
// and the coverage of the 95% bounds, for |A| = |B| from 10^3 to 10^7 with
// Jaccard from 0.001 to 1, and for |B| = |A| / 10 and |A| / 100.
//
// How the sketches are made (fixed seeds):
//  - 10^3: real sketches, built from random 64-bit hashes through the
//    aggregate's path; both are sparse, so the joint estimate compares entries.
//  - otherwise each of the three disjoint parts A \ B, B \ A, A ∩ B gets its
//    own registers and A's are max(A \ B, A ∩ B), B's max(B \ A, A ∩ B). A part
//    of up to 200,000 values is hashed for real (random 64-bit values: index
//    and rank as the dense representation takes them). A larger part draws
//    each register from P(value <= r) = exp(-lambda 2^-r), lambda = n / m;
//    its count then has a Poisson spread of sqrt(n), at most 0.1% of n and
//    under 2% of the estimates' variance, which the bounds do not model.
// Trials: 1,000 per point. The table is printed; doc/HLL_SET_ALGEBRA.md has it.
#include <gtest/gtest.h>

#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "hll.hpp"
#include "hll_joint.hpp"
#include "../unit/test_alloc.hpp"

using namespace probabilistic;

namespace {

constexpr int kP = 14;
constexpr int kQ = 64 - kP;
constexpr int kTrials = 1000;
constexpr double kDirectLimit = 200000;
const double kM = static_cast<double>(hll::register_count(kP));

struct Point {
    double a, b;  // |A|, |B|
    double x;     // |A ∩ B|
};

struct Row {
    Point pt;
    double ml_mean = 0, ml_rmse = 0, ie_rmse = 0, ml_sd = 0;
    double cover_card = 0, cover_int = 0;
    int max_iterations = 0;
};

// The registers of `n` distinct values, raised into regs.
void raise_part(std::vector<std::uint8_t>& regs, double n, std::mt19937_64& rng) {
    if (n <= kDirectLimit) {
        for (std::int64_t i = 0, c = std::llround(n); i < c; i++) {
            std::uint64_t h = rng();
            std::uint32_t idx = hll::dense_index(h, kP);
            std::uint8_t r = static_cast<std::uint8_t>(hll::dense_rank(h, kP));
            if (regs[idx] < r) regs[idx] = r;
        }
        return;
    }
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    double lambda = n / kM;
    for (auto& reg : regs) {
        double e = -std::log(unit(rng));
        double r = std::ceil(std::log2(lambda / e));
        if (!(r >= 0)) r = 0;
        if (r > kQ + 1) r = kQ + 1;
        if (reg < r) reg = static_cast<std::uint8_t>(r);
    }
}

struct Trial {
    double ml, ie, card, card_lower, card_upper, lower, upper;
    int iterations;
};

Trial dense_trial(const Point& pt, std::mt19937_64& rng) {
    std::size_t m = hll::register_count(kP);
    std::vector<std::uint8_t> ra(m, 0), rb(m, 0), rx(m, 0);
    raise_part(ra, pt.a - pt.x, rng);
    raise_part(rb, pt.b - pt.x, rng);
    raise_part(rx, pt.x, rng);
    hll::JointHistogram h(kQ, kM);
    std::vector<std::uint64_t> c1(kQ + 2, 0), c2(kQ + 2, 0), cu(kQ + 2, 0);
    for (std::size_t i = 0; i < m; i++) {
        unsigned k1 = std::max(ra[i], rx[i]), k2 = std::max(rb[i], rx[i]);
        h.add(k1, k2);
        c1[k1]++;
        c2[k2]++;
        cu[std::max(k1, k2)]++;
    }
    hll::Overlap o = hll::joint_estimate(h);
    double n1 = hll::ertl_estimate(c1.data(), kQ, kM), n2 = hll::ertl_estimate(c2.data(), kQ, kM);
    double nu = hll::ertl_estimate(cu.data(), kQ, kM);
    hll::Bounds cb = hll::count_bounds(hll::Estimate{n1, hll::standard_error(kQ, kM, n1)}, 0.95);
    hll::Bounds ib = hll::count_bounds(o.intersection, 0.95);
    return Trial{o.intersection.value, (n1 + n2) - nu, n1, cb.lower, cb.upper, ib.lower, ib.upper, o.iterations};
}

Trial sparse_trial(const Point& pt, std::mt19937_64& rng) {
    probabilistic::testing::TestAllocator alloc;
    Buffer a = hll::builder(alloc, kP, 0), b = hll::builder(alloc, kP, 0);
    auto add = [&](Buffer& s, std::uint64_t h) { s = hll::add_hash(s.data, s.size, h, true, alloc); };
    for (std::int64_t i = 0, c = std::llround(pt.a - pt.x); i < c; i++) add(a, rng());
    for (std::int64_t i = 0, c = std::llround(pt.b - pt.x); i < c; i++) add(b, rng());
    for (std::int64_t i = 0, c = std::llround(pt.x); i < c; i++) {
        std::uint64_t h = rng();
        add(a, h);
        add(b, h);
    }
    a = hll::finish(a.data, a.size, alloc);
    b = hll::finish(b.data, b.size, alloc);
    hll::Overlap o = hll::overlap(a.data, a.size, b.data, b.size);
    hll::Sketch sa = hll::parse(a.data, a.size), sb = hll::parse(b.data, b.size);
    Buffer u = hll::union_of(a.data, a.size, b.data, b.size, false, alloc);
    double nu = hll::estimate(hll::parse(u.data, u.size));
    hll::Estimate ea = hll::estimate_with_error(sa);
    hll::Bounds cb = hll::count_bounds(ea, 0.95);
    hll::Bounds ib = hll::count_bounds(o.intersection, 0.95);
    return Trial{o.intersection.value, (ea.value + hll::estimate(sb)) - nu, ea.value, cb.lower, cb.upper,
                 ib.lower, ib.upper, o.iterations};
}

Row run_point(const Point& pt, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Row row{pt};
    double sum = 0, sq_ml = 0, sq_ie = 0, sum_sq = 0;
    int cover_card = 0, cover_int = 0;
    bool sparse = pt.a + pt.b - pt.x <= 3000;
    for (int t = 0; t < kTrials; t++) {
        Trial tr = sparse ? sparse_trial(pt, rng) : dense_trial(pt, rng);
        sum += tr.ml;
        sum_sq += tr.ml * tr.ml;
        sq_ml += (tr.ml - pt.x) * (tr.ml - pt.x);
        sq_ie += (tr.ie - pt.x) * (tr.ie - pt.x);
        cover_card += tr.card_lower <= pt.a && pt.a <= tr.card_upper;
        cover_int += tr.lower <= pt.x && pt.x <= tr.upper;
        row.max_iterations = std::max(row.max_iterations, tr.iterations);
    }
    row.ml_mean = sum / kTrials;
    row.ml_sd = std::sqrt(std::max(sum_sq / kTrials - row.ml_mean * row.ml_mean, 0.0));
    row.ml_rmse = std::sqrt(sq_ml / kTrials);
    row.ie_rmse = std::sqrt(sq_ie / kTrials);
    row.cover_card = static_cast<double>(cover_card) / kTrials;
    row.cover_int = static_cast<double>(cover_int) / kTrials;
    return row;
}

// |A| = |B| = n with Jaccard j: |A ∩ B| = 2 n j / (1 + j).
Point equal_sizes(double n, double j) { return Point{n, n, std::round(2 * n * j / (1 + j))}; }

void print_header() {
    std::printf("| \\|A\\| | \\|B\\| | \\|A∩B\\| | Jaccard | ML rel. RMSE | IE rel. RMSE | ML/IE | ML bias | bias/SE "
                "| 95%% cover \\|A\\| | 95%% cover \\|A∩B\\| | note |\n");
    std::printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
}

struct Totals {
    int rows = 0, regular = 0, beyond_two = 0, covered_card = 0, covered_int = 0, trials = 0;
};

// The criteria (issue 13), and where they cannot hold:
//  - ML is never worse than IE beyond the noise of the measured RMSE;
//  - for |A| = |B| at Jaccard <= 0.1, ML's RMSE is at most 0.7x IE's (with
//    B inside A, IE is as good as it gets: |A ∪ B| is |A|, its error cancels);
//  - "regular" points: dense sketches and an intersection larger than four
//    times ML's RMSE. There the mean is within 3 standard errors of the truth
//    at every point (at most a tenth of the points beyond 2), and the 95%
//    bounds cover the truth within 3 binomial standard deviations of 95% per
//    point and 94-96% pooled. Elsewhere a non-negative estimate cannot be
//    unbiased (it is biased up by the clamp at 0) and the clamped lower bound
//    over-covers; both sparse sketches answer near exactly (bounds a few
//    elements wide, coverage near 100%). There coverage must be at least 90%.
void report_and_check(const Row& r, bool equal_sizes, Totals& totals) {
    const Point& p = r.pt;
    double jaccard = p.x / (p.a + p.b - p.x);
    double se_mean = r.ml_sd / std::sqrt(static_cast<double>(kTrials));
    double z = se_mean > 0 ? (r.ml_mean - p.x) / se_mean : 0;
    bool sparse = p.a + p.b - p.x <= 3000;
    bool regular = !sparse && 4 * r.ml_rmse < p.x;
    std::printf("| %.0f | %.0f | %.0f | %.3g | %.4f | %.4f | %.2f | %+.4f | %+.1f | %.1f%% | %.1f%% | %s |\n", p.a, p.b,
                p.x, jaccard, r.ml_rmse / p.x, r.ie_rmse / p.x, r.ml_rmse / r.ie_rmse, (r.ml_mean - p.x) / p.x, z,
                100 * r.cover_card, 100 * r.cover_int, sparse ? "sparse" : regular ? "" : "small ∩");
    std::fflush(stdout);
    totals.rows++;
    double noise = 3.0 / std::sqrt(2.0 * kTrials);
    EXPECT_LE(r.ml_rmse, r.ie_rmse * (1 + noise) + 1.0) << "ML worse than IE at |A∩B| = " << p.x;
    if (equal_sizes && jaccard <= 0.1 && r.ie_rmse > 1.0) {
        EXPECT_LE(r.ml_rmse, 0.7 * r.ie_rmse) << "ML not 0.7x IE at |A∩B| = " << p.x;
    }
    double spread = 3 * std::sqrt(0.95 * 0.05 / kTrials);
    if (!regular) {
        EXPECT_GE(r.cover_card, 0.95 - spread) << "|A| = " << p.a;
        EXPECT_GE(r.cover_int, 0.90) << "|A∩B| = " << p.x;
        return;
    }
    totals.regular++;
    totals.beyond_two += std::fabs(z) > 2;
    totals.covered_card += static_cast<int>(std::lround(r.cover_card * kTrials));
    totals.covered_int += static_cast<int>(std::lround(r.cover_int * kTrials));
    totals.trials += kTrials;
    EXPECT_NEAR(r.cover_card, 0.95, spread) << "|A| = " << p.a;
    EXPECT_NEAR(r.cover_int, 0.95, spread) << "|A∩B| = " << p.x;
    EXPECT_LE(std::fabs(z), 3.0) << "drift at |A∩B| = " << p.x;
}

void check_totals(const Totals& t) {
    double card = static_cast<double>(t.covered_card) / t.trials, inter = static_cast<double>(t.covered_int) / t.trials;
    std::printf("\npooled 95%% coverage over the %d regular points (of %d): |A| %.2f%%, |A∩B| %.2f%%; "
                "regular points with |mean - truth| > 2 SE: %d\n",
                t.regular, t.rows, 100 * card, 100 * inter, t.beyond_two);
    EXPECT_GE(card, 0.94);
    EXPECT_LE(card, 0.96);
    EXPECT_GE(inter, 0.94);
    EXPECT_LE(inter, 0.96);
    // At two standard errors about one point in twenty lies beyond by chance.
    EXPECT_LE(t.beyond_two, t.regular / 10 + 1);
}

Totals totals;

}  // namespace

TEST(HllJointAccuracy, EqualSizes) {
    print_header();
    std::uint64_t seed = 13001;
    for (double n : {1e3, 1e4, 1e5, 1e6, 1e7})
        for (double j : {0.001, 0.01, 0.1, 0.5, 1.0}) {
            Point p = equal_sizes(n, j);
            if (p.x < 1) continue;
            report_and_check(run_point(p, seed++), true, totals);
        }
}

TEST(HllJointAccuracy, UnequalSizes) {
    print_header();
    std::uint64_t seed = 13101;
    for (double n : {1e5, 1e6, 1e7})
        for (double ratio : {10.0, 100.0})
            for (double share : {0.1, 1.0}) {  // |A ∩ B| / |B|
                double b = n / ratio;
                report_and_check(run_point(Point{n, b, std::round(share * b)}, seed++), false, totals);
            }
    check_totals(totals);
}

// The cost of one joint estimate of two dense p = 14 sketches: printed, not
// asserted against a clock (machines differ); the iteration is bounded.
TEST(HllJointAccuracy, Cost) {
    probabilistic::testing::TestAllocator alloc;
    std::mt19937_64 rng(7);
    Buffer a = hll::builder(alloc, kP, 0), b = hll::builder(alloc, kP, 0);
    for (int i = 0; i < 300000; i++) {
        std::uint64_t h = rng();
        if (i < 200000) a = hll::add_hash(a.data, a.size, h, true, alloc);
        if (i >= 100000) b = hll::add_hash(b.data, b.size, h, true, alloc);
    }
    a = hll::finish(a.data, a.size, alloc);
    b = hll::finish(b.data, b.size, alloc);
    int calls = 200, iterations = 0;
    auto start = std::chrono::steady_clock::now();
    std::clock_t cpu_start = std::clock();
    for (int i = 0; i < calls; i++) iterations += hll::overlap(a.data, a.size, b.data, b.size).iterations;
    double cpu_us = 1e6 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC / calls;
    double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / calls;
    std::printf("hll overlap of two dense p = 14 sketches: %.0f us CPU (%.0f us wall) per call, %.1f Newton "
                "iterations\n", cpu_us, us, static_cast<double>(iterations) / calls);
    EXPECT_LT(iterations / calls, 100);
}
