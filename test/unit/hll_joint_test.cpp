// Joint estimates of two hll sketches, standard errors and bounds (hll_joint.hpp).
#include <gtest/gtest.h>
#include <algorithm>

#include <cmath>
#include <limits>
#include <vector>

#include "hash.hpp"
#include "hll.hpp"
#include "hll_joint.hpp"
#include "capi/hll_joint_capi.h"
#include "test_alloc.hpp"

using namespace probabilistic;
using probabilistic::testing::TestAllocator;

namespace {

struct Sketch {
    TestAllocator alloc;
    Buffer buf;

    explicit Sketch(int p, std::uint64_t seed = 0) { buf = hll::empty(alloc, p, seed); }
    // Adds the integers [from, to) hashed with seed 0.
    Sketch& add_range(std::int64_t from, std::int64_t to) {
        for (std::int64_t i = from; i < to; i++)
            buf = hll::add_hash(buf.data, buf.size, hash_int64(i, 0), /*in_place=*/true, alloc);
        return *this;
    }
    hll::Sketch parsed() const { return hll::parse(buf.data, buf.size); }
};

hll::Overlap overlap(const Sketch& a, const Sketch& b) {
    return hll::overlap(a.buf.data, a.buf.size, b.buf.data, b.buf.size);
}

}  // namespace

TEST(HllJoint, NormalQuantileIsAs241) {
    // Values of Python's statistics.NormalDist().inv_cdf, which is AS241 too.
    EXPECT_EQ(hll::normal_quantile(0.975), 1.9599639845400536);
    EXPECT_EQ(hll::normal_quantile(0.5), 0.0);
    EXPECT_EQ(hll::normal_quantile(0.995), 2.5758293035489);
    EXPECT_EQ(hll::normal_quantile(0.9995), 3.2905267314919255);
    EXPECT_EQ(hll::normal_quantile(0.02), -2.0537489106318225);
    EXPECT_EQ(hll::normal_quantile(1e-10), -6.361340902404056);
    EXPECT_EQ(hll::normal_quantile(0.3), -0.5244005127080407);
}

TEST(HllJoint, BothSparseAnswerNearExactly) {
    Sketch a(14), b(14);
    a.add_range(0, 1000);
    b.add_range(600, 2000);
    ASSERT_TRUE(a.parsed().sparse() && b.parsed().sparse());
    hll::Overlap o = overlap(a, b);
    EXPECT_EQ(hll::round_count(o.intersection.value), 400);
    EXPECT_EQ(hll::round_count(o.a_only.value), 600);
    EXPECT_EQ(hll::round_count(o.b_only.value), 1000);
    EXPECT_EQ(hll::round_count(o.union_.value), 2000);
    EXPECT_NEAR(o.jaccard.value, 0.2, 1e-3);
    EXPECT_LT(o.intersection.standard_error, 1.0);
    hll::Bounds bounds = hll::count_bounds(o.intersection, 0.95);
    EXPECT_LE(bounds.lower, 400);
    EXPECT_GE(bounds.upper, 400);
    EXPECT_LE(bounds.upper - bounds.lower, 2);
}

TEST(HllJoint, DenseEstimatesAreCloseAndConsistent) {
    Sketch a(12), b(12);
    a.add_range(0, 60000);
    b.add_range(50000, 110000);
    ASSERT_FALSE(a.parsed().sparse());
    hll::Overlap o = overlap(a, b);
    // 1.04 / sqrt(4096) = 1.6% for a single count; the intersection's error is larger.
    EXPECT_NEAR(o.a.value, 60000, 0.05 * 60000);
    EXPECT_NEAR(o.union_.value, 110000, 0.05 * 110000);
    EXPECT_NEAR(o.intersection.value, 10000, 4 * o.intersection.standard_error);
    EXPECT_GT(o.intersection.standard_error, 0.0);
    EXPECT_DOUBLE_EQ(o.a.value, o.a_only.value + o.intersection.value);
    EXPECT_DOUBLE_EQ(o.union_.value, (o.a_only.value + o.b_only.value) + o.intersection.value);
    EXPECT_DOUBLE_EQ(o.jaccard.value, o.intersection.value / o.union_.value);
    EXPECT_GT(o.iterations, 0);
    // Deterministic, and the same answer with the roles swapped.
    hll::Overlap again = overlap(a, b), swapped = overlap(b, a);
    EXPECT_EQ(again.intersection.value, o.intersection.value);
    EXPECT_NEAR(swapped.a_only.value, o.b_only.value, 1e-6 * o.b_only.value);
    EXPECT_NEAR(swapped.intersection.value, o.intersection.value, 1e-6 * o.intersection.value);
}

TEST(HllJoint, IdenticalAndDisjointSets) {
    Sketch a(14), b(14), c(14);
    a.add_range(0, 50000);
    b.add_range(0, 50000);
    c.add_range(1000000, 1050000);
    hll::Overlap same = overlap(a, b);
    EXPECT_NEAR(same.intersection.value, same.union_.value, 1e-6 * same.union_.value);
    EXPECT_LT(same.a_only.value, 1.0);
    EXPECT_NEAR(same.jaccard.value, 1.0, 1e-6);
    hll::Overlap apart = overlap(a, c);
    EXPECT_LT(apart.intersection.value, 3 * apart.intersection.standard_error + 1);
    EXPECT_LT(apart.jaccard.value, 0.02);
}

TEST(HllJoint, EmptySides) {
    Sketch e(14), f(14), a(14);
    a.add_range(0, 5000);
    hll::Overlap none = overlap(e, f);
    EXPECT_EQ(none.union_.value, 0.0);
    EXPECT_EQ(none.jaccard.value, 0.0);
    hll::Overlap one = overlap(e, a);
    EXPECT_EQ(one.intersection.value, 0.0);
    EXPECT_EQ(one.a.value, 0.0);
    EXPECT_EQ(one.b_only.value, hll::estimate(a.parsed()));
    EXPECT_EQ(one.union_.value, hll::estimate(a.parsed()));
}

TEST(HllJoint, DifferentPrecisionsFoldToTheSmaller) {
    Sketch a(14), b(10), a10(10);
    a.add_range(0, 40000);
    a10.add_range(0, 40000);
    b.add_range(20000, 60000);
    hll::Overlap mixed = overlap(a, b), folded = overlap(a10, b);
    EXPECT_EQ(mixed.intersection.value, folded.intersection.value);
    EXPECT_EQ(mixed.a_only.standard_error, folded.a_only.standard_error);
}

TEST(HllJoint, SparseAgainstDense) {
    Sketch a(14), b(14);
    a.add_range(0, 100);
    b.add_range(0, 100000);
    ASSERT_TRUE(a.parsed().sparse());
    hll::Overlap o = overlap(a, b);
    EXPECT_NEAR(o.a.value, 100, 5);
    EXPECT_NEAR(o.intersection.value, 100, 4 * o.intersection.standard_error + 5);
}

TEST(HllJoint, DifferentSeedsAreAMismatch) {
    Sketch a(14, 1), b(14, 2);
    try {
        overlap(a, b);
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kMismatch);
        EXPECT_STREQ(e.what(), "cannot combine hll values built with different hash seeds");
    }
    // hll::check_compatible, shared with union and containment: the hash id first.
    hll::Header h1{hll::kReprDense, 14, 1, 1}, h2{hll::kReprDense, 12, 2, 2};
    try {
        hll::check_compatible(h1, h2);
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_STREQ(e.what(), "cannot combine hll values built under hash ids 1 and 2");
    }
    EXPECT_NO_THROW(hll::check_compatible(h2, hll::Header{hll::kReprSparse, 10, 2, 2}));
    ProbHllOverlap out;
    ProbError err;
    EXPECT_FALSE(prob_hll_overlap(a.buf.data, a.buf.size, b.buf.data, b.buf.size, nullptr, &out, &err));
    EXPECT_EQ(err.kind, PROB_MISMATCH);
}

TEST(HllJoint, BoundsAndConfidence) {
    hll::Estimate e{100.4, 10};
    hll::Bounds b = hll::count_bounds(e, 0.95);
    EXPECT_EQ(b.lower, std::ceil(100.4 - 1.9599639845400536 * 10));
    EXPECT_EQ(b.upper, std::floor(100.4 + 1.9599639845400536 * 10));
    EXPECT_EQ(hll::count_bounds(hll::Estimate{3, 10}, 0.99).lower, 0.0);
    // An interval with no integer inside gives the estimate rounded.
    EXPECT_EQ(hll::count_bounds(hll::Estimate{7.5, 0}, 0.5).lower, 8.0);
    EXPECT_EQ(hll::count_bounds(hll::Estimate{7.5, 0}, 0.5).upper, 8.0);
    EXPECT_EQ(hll::count_bounds(hll::Estimate{0.99999, 0.0001}, 0.95).lower, 1.0);
    EXPECT_EQ(hll::count_bounds(hll::Estimate{0.99999, 0.0001}, 0.95).upper, 1.0);
    hll::Bounds unbounded = hll::count_bounds(hll::Estimate{5, std::numeric_limits<double>::infinity()}, 0.95);
    EXPECT_EQ(unbounded.lower, 0.0);
    EXPECT_EQ(hll::round_count(unbounded.upper), INT64_MAX);
    hll::Bounds r = hll::ratio_bounds(hll::Estimate{0.9, 0.2}, 0.95);
    EXPECT_EQ(r.upper, 1.0);
    for (double bad : {0.0, 1.0, -0.5, 2.0, std::nan("")}) {
        EXPECT_THROW(hll::count_bounds(e, bad), Error);
        ProbError err;
        ProbHllOverlap out;
        Sketch empty(10);
        EXPECT_FALSE(prob_hll_overlap(empty.buf.data, empty.buf.size, empty.buf.data, empty.buf.size, &bad, &out,
                                      &err));
        EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    }
}

TEST(HllJoint, RelativeErrorDependsOnTheSketch) {
    Sketch empty(14), small(14), large(14);
    small.add_range(0, 500);
    large.add_range(0, 300000);
    EXPECT_EQ(hll::relative_error(empty.parsed()), 0.0);
    double rs = hll::relative_error(small.parsed()), rl = hll::relative_error(large.parsed());
    EXPECT_LT(rs, 1e-3);  // sparse: near exact
    EXPECT_NEAR(rl, 1.04 / std::sqrt(16384.0), 0.15 * 1.04 / std::sqrt(16384.0));
    hll::Estimate e = hll::estimate_with_error(large.parsed());
    EXPECT_EQ(e.value, hll::estimate(large.parsed()));
}

TEST(HllJoint, UnclampedIntersectionAndLikelihoodBounds) {
    Sketch a(14);
    a.add_range(0, 100000);
    double conf = 0.95;
    // Disjoint: the maximum-likelihood intersection is not held at 0 (it is
    // below 0 for some of four disjoint sets; which ones depends on the
    // sample); the count is max(0, it), |A| is kept.
    int below = 0;
    for (int f = 3; f <= 6; f++) {
        Sketch b(14);
        b.add_range(100000 * f, 100000 * (f + 1));
        hll::Overlap o = hll::overlap(a.buf.data, a.buf.size, b.buf.data, b.buf.size, &conf);
        below += o.intersection_unclamped < 0;
        EXPECT_EQ(o.intersection.value, std::max(o.intersection_unclamped, 0.0));
        EXPECT_NEAR(o.a.value, 100000, 4 * o.a.standard_error);
        EXPECT_EQ(o.intersection_bounds.lower, 0.0);
        EXPECT_GT(o.intersection_bounds.upper, 0.0);
        // Without a confidence there are no bounds, and the estimates are the same.
        hll::Overlap plain = overlap(a, b);
        EXPECT_EQ(plain.intersection_unclamped, o.intersection_unclamped);
        EXPECT_EQ(plain.intersection_bounds.upper, 0.0);
    }
    EXPECT_GT(below, 0);
    // Overlapping: the bounds hold the estimate, widen with the confidence.
    Sketch c(14);
    c.add_range(50000, 150000);
    double narrow = 0.5, wide = 0.99;
    hll::Overlap n = hll::overlap(a.buf.data, a.buf.size, c.buf.data, c.buf.size, &narrow);
    hll::Overlap w = hll::overlap(a.buf.data, a.buf.size, c.buf.data, c.buf.size, &wide);
    EXPECT_LE(n.intersection_bounds.lower, n.intersection.value);
    EXPECT_GE(n.intersection_bounds.upper, n.intersection.value);
    EXPECT_LT(w.intersection_bounds.lower, n.intersection_bounds.lower);
    EXPECT_GT(w.intersection_bounds.upper, n.intersection_bounds.upper);
    // One sketch: likelihood-ratio bounds near the Wald ones for a dense sketch.
    hll::Bounds lr = hll::cardinality_bounds(a.parsed(), 0.95);
    hll::Bounds wald = hll::count_bounds(hll::estimate_with_error(a.parsed()), 0.95);
    EXPECT_LE(lr.lower, hll::estimate(a.parsed()));
    EXPECT_GE(lr.upper, hll::estimate(a.parsed()));
    EXPECT_NEAR(lr.upper - lr.lower, wald.upper - wald.lower, 0.05 * (wald.upper - wald.lower));
    std::int64_t lo, hi;
    ProbError err;
    EXPECT_FALSE(prob_hll_cardinality_bounds(a.buf.data, a.buf.size, 1.5, &lo, &hi, &err));
    EXPECT_EQ(err.kind, PROB_INVALID_PARAMETER);
    ASSERT_TRUE(prob_hll_cardinality_bounds(a.buf.data, a.buf.size, 0.95, &lo, &hi, &err));
    EXPECT_EQ(lo, static_cast<std::int64_t>(lr.lower));
    EXPECT_EQ(hi, static_cast<std::int64_t>(lr.upper));
}

TEST(HllJoint, EveryCountsBoundsAreLikelihoodRatioBounds) {
    // Different precisions: A is compared at B's.
    Sketch a(14), b(12);
    a.add_range(0, 100000);
    b.add_range(60000, 130000);
    double conf = 0.95, wide = 0.99;
    hll::Overlap o = hll::overlap(a.buf.data, a.buf.size, b.buf.data, b.buf.size, &conf);
    // |A|, |B|, |A ∪ B|: hll_cardinality_bounds of A folded, of B, of the union.
    TestAllocator alloc;
    Buffer folded = hll::fold(a.buf.data, a.buf.size, 12, alloc);
    Buffer ca = hll::copy(alloc, a.buf.data, a.buf.size);
    Buffer both = hll::union_of(ca.data, ca.size, b.buf.data, b.buf.size, false, alloc);
    hll::Bounds fa = hll::cardinality_bounds(hll::parse(folded.data, folded.size), conf);
    hll::Bounds fb = hll::cardinality_bounds(b.parsed(), conf);
    hll::Bounds fu = hll::cardinality_bounds(hll::parse(both.data, both.size), conf);
    EXPECT_EQ(o.a_bounds.lower, fa.lower);
    EXPECT_EQ(o.a_bounds.upper, fa.upper);
    EXPECT_EQ(o.b_bounds.lower, fb.lower);
    EXPECT_EQ(o.b_bounds.upper, fb.upper);
    EXPECT_EQ(o.union_bounds.lower, fu.lower);
    EXPECT_EQ(o.union_bounds.upper, fu.upper);
    EXPECT_NE(o.a_bounds.lower, hll::cardinality_bounds(a.parsed(), conf).lower);  // not A at p = 14
    // |A \ B|, |B \ A|: profile bounds hold the estimate and the truth, are
    // about as wide as the Wald interval (a dense sketch: the likelihood is
    // near quadratic), and widen with the confidence.
    hll::Overlap w = hll::overlap(a.buf.data, a.buf.size, b.buf.data, b.buf.size, &wide);
    struct Part {
        hll::Estimate e;
        hll::Bounds at95, at99;
        double truth;
    } parts[] = {{o.a_only, o.a_only_bounds, w.a_only_bounds, 60000}, {o.b_only, o.b_only_bounds, w.b_only_bounds, 30000}};
    for (const Part& p : parts) {
        EXPECT_LE(p.at95.lower, p.e.value);
        EXPECT_GE(p.at95.upper, p.e.value);
        EXPECT_LE(p.at95.lower, p.truth);
        EXPECT_GE(p.at95.upper, p.truth);
        hll::Bounds wald = hll::count_bounds(p.e, conf);
        EXPECT_NEAR(p.at95.upper - p.at95.lower, wald.upper - wald.lower, 0.1 * (wald.upper - wald.lower));
        EXPECT_LT(p.at99.lower, p.at95.lower);
        EXPECT_GT(p.at99.upper, p.at95.upper);
    }
    // A small B mostly outside a big A: the unclamped intersection lies near
    // the edge of where the likelihood is defined, which the profile of |A \ B|
    // must follow upwards (moving x down with a stopped there: upper end 8x
    // too close).
    Sketch big(14), small(14);
    big.add_range(0, 100000);
    small.add_range(99900, 101000);
    for (hll::Overlap edge : {hll::overlap(big.buf.data, big.buf.size, small.buf.data, small.buf.size, &conf),
                              hll::overlap(small.buf.data, small.buf.size, big.buf.data, big.buf.size, &conf)}) {
        bool big_first = edge.a.value > edge.b.value;
        hll::Estimate e = big_first ? edge.a_only : edge.b_only;
        hll::Bounds eb = big_first ? edge.a_only_bounds : edge.b_only_bounds;
        EXPECT_NEAR(eb.upper - e.value, e.value - eb.lower, 0.2 * (e.value - eb.lower));
        EXPECT_NEAR(eb.upper - eb.lower, 2 * 1.96 * e.standard_error, 0.1 * (eb.upper - eb.lower));
    }
    // The Jaccard index: profile bounds around it, near value ∓ z·SE where it
    // is well inside (0, 1) (here 0.36), and inside [0, 1] near its ends.
    hll::Bounds jw = hll::ratio_bounds(o.jaccard, conf);
    std::printf("Jaccard %.5f: profile %.5f-%.5f, Wald %.5f-%.5f\n", o.jaccard.value, o.jaccard_bounds.lower,
                o.jaccard_bounds.upper, jw.lower, jw.upper);
    EXPECT_LT(o.jaccard_bounds.lower, o.jaccard.value);
    EXPECT_GT(o.jaccard_bounds.upper, o.jaccard.value);
    EXPECT_NEAR(o.jaccard_bounds.upper - o.jaccard_bounds.lower, jw.upper - jw.lower, 0.1 * (jw.upper - jw.lower));
    EXPECT_NE(o.jaccard_bounds.lower, jw.lower);
    for (hll::Overlap edge : {hll::overlap(big.buf.data, big.buf.size, small.buf.data, small.buf.size, &conf),
                              hll::overlap(a.buf.data, a.buf.size, a.buf.data, a.buf.size, &conf)}) {
        std::printf("Jaccard %.5f: profile %.5f-%.5f\n", edge.jaccard.value, edge.jaccard_bounds.lower,
                    edge.jaccard_bounds.upper);
        EXPECT_GE(edge.jaccard_bounds.lower, 0.0);
        EXPECT_LE(edge.jaccard_bounds.upper, 1.0);
        EXPECT_LE(edge.jaccard_bounds.lower, edge.jaccard.value);
        EXPECT_GE(edge.jaccard_bounds.upper, edge.jaccard.value);
    }
    // Both sparse: near exact, the truth inside.
    Sketch c(14), d(14);
    c.add_range(0, 1000);
    d.add_range(600, 2000);
    hll::Overlap s = hll::overlap(c.buf.data, c.buf.size, d.buf.data, d.buf.size, &conf);
    EXPECT_LE(s.a_only_bounds.lower, 600);
    EXPECT_GE(s.a_only_bounds.upper, 600);
    EXPECT_LE(s.a_only_bounds.upper - s.a_only_bounds.lower, 4);
    EXPECT_EQ(s.a_bounds.lower, hll::cardinality_bounds(c.parsed(), conf).lower);
    // One side empty: |A \ B| is |A| with its bounds.
    Sketch e(14);
    hll::Overlap one = hll::overlap(a.buf.data, a.buf.size, e.buf.data, e.buf.size, &conf);
    EXPECT_EQ(one.a_only_bounds.lower, hll::cardinality_bounds(a.parsed(), conf).lower);
    EXPECT_EQ(one.a_only_bounds.upper, one.a_bounds.upper);
    EXPECT_EQ(one.intersection_bounds.upper, 0.0);
}

// One sparse and one dense value: A's size is held at the sparse value's own
// (near exact) estimate. Over seeded trials (|A| = 2,000 sparse, |B| = 5·10^4
// dense, several overlaps) the reported |A| is A's own estimate and inside its
// own bounds, the parts add up, and |A ∩ B|'s RMSE is no worse than that of
// the joint estimate of A's registers folded to p = 14 (the old answer).
TEST(HllJoint, SparseAgainstDenseHoldsTheSparseSize) {
    const double conf = 0.95;
    const std::int64_t n_a = 2000, n_b = 50000;
    const int trials = 200;
    for (std::int64_t common : {0, 200, 1000, 1800, 2000}) {
        // Paired: the difference of the squared errors, its mean and spread.
        double se_new = 0, se_old = 0, dd = 0;
        int covered = 0;
        for (int t = 0; t < trials; t++) {
            // Disjoint ranges per trial: another sample of hashes.
            std::int64_t base = (common * 1000 + t) * 1000000;
            Sketch a(14), b(14);
            // Built as the aggregates build (appending to a building state).
            for (Sketch* k : {&a, &b}) {
                std::int64_t from = k == &a ? base : base + n_a - common, to = from + (k == &a ? n_a : n_b);
                k->buf = hll::builder(k->alloc, 14, 0, kind::kNone);
                for (std::int64_t i = from; i < to; i++)
                    k->buf = hll::add_hash(k->buf.data, k->buf.size, hash_int64(i, 0), true, k->alloc);
                k->buf = hll::finish(k->buf.data, k->buf.size, k->alloc);
            }
            ASSERT_TRUE(a.parsed().sparse());
            ASSERT_FALSE(b.parsed().sparse());
            hll::Overlap o = hll::overlap(a.buf.data, a.buf.size, b.buf.data, b.buf.size, &conf);
            hll::Overlap r = hll::overlap(b.buf.data, b.buf.size, a.buf.data, a.buf.size, &conf);
            hll::Estimate own = hll::estimate_with_error(a.parsed());
            hll::Bounds own_bounds = hll::cardinality_bounds(a.parsed(), conf);
            EXPECT_EQ(o.a.value, own.value);
            EXPECT_LE(own_bounds.lower, hll::round_count(o.a.value));
            EXPECT_GE(own_bounds.upper, hll::round_count(o.a.value));
            EXPECT_NEAR(o.a_only.value + o.intersection.value, o.a.value, 1e-9 * o.a.value);
            EXPECT_NEAR(o.b_only.value + o.intersection.value, o.b.value, 1e-9 * o.b.value);
            EXPECT_NEAR(o.a.value + o.b_only.value, o.union_.value, 1e-9 * o.union_.value);
            // Either order gives the same answer, sides swapped.
            EXPECT_EQ(r.b.value, o.a.value);
            EXPECT_EQ(r.intersection.value, o.intersection.value);
            EXPECT_EQ(r.a_only_bounds.lower, o.b_only_bounds.lower);
            EXPECT_EQ(r.b_only_bounds.upper, o.a_only_bounds.upper);
            EXPECT_LE(o.intersection_bounds.lower, hll::round_count(o.intersection.value));
            EXPECT_GE(o.intersection_bounds.upper, hll::round_count(o.intersection.value));
            EXPECT_LE(o.union_bounds.lower, hll::round_count(o.union_.value));
            EXPECT_GE(o.union_bounds.upper, hll::round_count(o.union_.value));
            covered += o.intersection_bounds.lower <= common && common <= o.intersection_bounds.upper;
            // The old answer: A's registers folded to p = 14 against B's.
            std::vector<std::uint8_t> ra = hll::registers(a.parsed()), rb = hll::registers(b.parsed());
            hll::JointHistogram h(64 - 14, static_cast<double>(hll::register_count(14)));
            for (std::size_t k = 0; k < ra.size(); k++) h.add(ra[k], rb[k]);
            hll::Overlap old = hll::joint_estimate(h);
            double e_new = o.intersection.value - common, e_old = old.intersection.value - common;
            double d = e_new * e_new - e_old * e_old;
            se_new += e_new * e_new;
            se_old += e_old * e_old;
            dd += d * d;
        }
        double rmse_new = std::sqrt(se_new / trials), rmse_old = std::sqrt(se_old / trials);
        double mean_d = (se_new - se_old) / trials, sd_d = std::sqrt(dd / trials - mean_d * mean_d);
        std::printf("|A ∩ B| = %lld: RMSE held %.2f, folded %.2f (MSE difference %.1f ± %.1f); bounds cover %d/%d\n",
                    static_cast<long long>(common), rmse_new, rmse_old, mean_d, sd_d / std::sqrt(trials), covered,
                    trials);
        // No worse beyond the trials' noise (two standard errors of the paired difference).
        EXPECT_LE(mean_d, 2 * sd_d / std::sqrt(trials));
        EXPECT_GE(covered, trials * 9 / 10);
    }
}
