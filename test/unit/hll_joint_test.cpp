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

// Tolerances from outside the code under test (never the standard_error it
// reports): HLL's standard error 1.04 / sqrt(m) of a count n (Flajolet et al.),
// and of a count found by inclusion-exclusion from |A|, |B| and |A ∪ B|, the root
// of the sum of their squares (a bound: their errors are correlated so as to
// cancel, and the joint estimate does better).
double hll_se(int p, double n) { return 1.04 / std::sqrt(std::ldexp(1.0, p)) * n; }
double hll_se_ie(int p, double a, double b, double u) { return hll_se(p, std::sqrt(a * a + b * b + u * u)); }

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
    EXPECT_NEAR(o.intersection.value, 10000, 4 * hll_se_ie(12, 60000, 60000, 110000));
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
    EXPECT_LT(apart.intersection.value, 3 * hll_se_ie(14, 50000, 50000, 100000) + 1);
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
    EXPECT_NEAR(o.intersection.value, 100, 5);  // |A| = 100 sparse: each entry looked up
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
        EXPECT_NEAR(o.a.value, 100000, 4 * hll_se(14, 100000));
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

// One sparse and one dense value: A's entries are looked up in B's registers,
// and A's size is its own (near exact) estimate. Over seeded trials (|A| =
// 2,000 sparse, |B| = 5·10^4 dense, several overlaps) the reported |A| is A's
// own estimate and inside its own bounds, the parts add up, and |A ∩ B|'s RMSE
// is no worse than that of the joint estimate of A's registers folded to p =
// 14 (22.9, 50.0, 46.4, 23.0, 0.24 against 25.2, 50.1, 46.4, 24.3, 10.5).
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

namespace {

// A sketch of the integers [from, to) at precision p, built as hll_add_agg
// builds it (a building state, then its canonical value: sparse while it may be).
struct Built {
    TestAllocator alloc;
    Buffer buf;
    Built(int p, std::int64_t from, std::int64_t to) {
        buf = hll::builder(alloc, p, 0, kind::kNone);
        for (std::int64_t i = from; i < to; i++) buf = hll::add_hash(buf.data, buf.size, hash_int64(i, 0), true, alloc);
        buf = hll::finish(buf.data, buf.size, alloc);
    }
    hll::Sketch parsed() const { return hll::parse(buf.data, buf.size); }
};

struct Truth {
    double a, b, x;  // |A|, |B|, |A ∩ B|
};

// Every count of o with its truth: the estimate rounded lies inside its own
// bounds (always), and whether the truth does.
int check_counts(const hll::Overlap& o, const Truth& t, const std::string& what, int& counted) {
    struct Part {
        const char* name;
        hll::Estimate e;
        hll::Bounds b;
        double truth;
    } parts[] = {{"a", o.a, o.a_bounds, t.a},
                 {"b", o.b, o.b_bounds, t.b},
                 {"union", o.union_, o.union_bounds, t.a + t.b - t.x},
                 {"intersection", o.intersection, o.intersection_bounds, t.x},
                 {"a_minus_b", o.a_only, o.a_only_bounds, t.a - t.x},
                 {"b_minus_a", o.b_only, o.b_only_bounds, t.b - t.x}};
    int covered = 0;
    for (const Part& p : parts) {
        double r = static_cast<double>(hll::round_count(p.e.value));
        EXPECT_LE(p.b.lower, r) << what << " " << p.name << " estimate " << p.e.value;
        EXPECT_GE(p.b.upper, r) << what << " " << p.name << " estimate " << p.e.value;
        bool in = p.b.lower <= p.truth && p.truth <= p.b.upper;
        if (!in)
            std::printf("  %s %s: truth %.0f outside %.0f..%.0f (estimate %.2f)\n", what.c_str(), p.name, p.truth,
                        p.b.lower, p.b.upper, p.e.value);
        covered += in;
        counted++;
    }
    double j = t.x / (t.a + t.b - t.x);
    EXPECT_LE(o.jaccard_bounds.lower, o.jaccard.value + 1e-12) << what;
    EXPECT_GE(o.jaccard_bounds.upper, o.jaccard.value - 1e-12) << what;
    covered += o.jaccard_bounds.lower <= j + 1e-12 && j - 1e-12 <= o.jaccard_bounds.upper;
    counted++;
    return covered;
}

}  // namespace

// Issue 29: two small disjoint (sparse) sets gave a difference of 0 and an
// intersection of 0 (the likelihood rose without end as the intersection's
// rate went below 0, to minus the smaller set). Two sparse values are
// compared entry by entry: every answer is exact up to collisions, in every
// relationship.
TEST(HllJoint, TwoSparseValuesAnswerExactlyInEveryRelationship) {
    const double conf = 0.95;
    struct Case {
        const char* what;
        std::int64_t a_from, a_to, b_from, b_to;
    } cases[] = {{"disjoint 300/300", 1, 301, 1001, 1301},
                 {"disjoint 2000/2000", 1, 2001, 100001, 102001},
                 {"disjoint 1/1", 5, 6, 7, 8},
                 {"disjoint 1/2500", 5, 6, 10, 2510},
                 {"nested 300 in 2500", 1, 2501, 1001, 1301},
                 {"nested 1 in 2500", 1, 2501, 7, 8},
                 {"equal 2500", 1, 2501, 1, 2501},
                 {"one in common 300/300", 1, 301, 300, 600},
                 {"three in common 2000/40", 1, 2001, 1998, 2038}};
    for (const Case& c : cases) {
        Built a(14, c.a_from, c.a_to), b(14, c.b_from, c.b_to);
        ASSERT_TRUE(a.parsed().sparse() && b.parsed().sparse()) << c.what;
        double x = static_cast<double>(std::max<std::int64_t>(0, std::min(c.a_to, c.b_to) - std::max(c.a_from, c.b_from)));
        Truth t{static_cast<double>(c.a_to - c.a_from), static_cast<double>(c.b_to - c.b_from), x};
        for (int order = 0; order < 2; order++) {
            const Built& l = order == 0 ? a : b;
            const Built& r = order == 0 ? b : a;
            Truth tt = order == 0 ? t : Truth{t.b, t.a, t.x};
            hll::Overlap o = hll::overlap(l.buf.data, l.buf.size, r.buf.data, r.buf.size, &conf);
            std::string what = std::string(c.what) + (order ? " (swapped)" : "");
            // Exact up to collisions at precision 26 (none among these few thousand values).
            EXPECT_EQ(hll::round_count(o.intersection.value), tt.x) << what;
            EXPECT_EQ(hll::round_count(o.a_only.value), tt.a - tt.x) << what;
            EXPECT_EQ(hll::round_count(o.b_only.value), tt.b - tt.x) << what;
            EXPECT_EQ(hll::round_count(o.union_.value), tt.a + tt.b - tt.x) << what;
            EXPECT_EQ(hll::round_count(o.a.value), tt.a) << what;
            EXPECT_NEAR(o.jaccard.value, tt.x / (tt.a + tt.b - tt.x), 1e-4) << what;
            int counted = 0;
            EXPECT_EQ(check_counts(o, tt, what, counted), counted) << what;
            // Without a confidence, the same estimates.
            hll::Overlap plain = hll::overlap(l.buf.data, l.buf.size, r.buf.data, r.buf.size);
            EXPECT_EQ(plain.a_only.value, o.a_only.value) << what;
            EXPECT_EQ(plain.intersection.value, o.intersection.value) << what;
        }
    }
}

// Issue 30: a big dense audience minus a tiny sparse segment gave 0 (the
// intersection ran to minus the dense set, -49,944 here), and hll_overlap's
// `a` lay outside its own bounds.
TEST(HllJoint, BigAudienceMinusATinySegment) {
    const double conf = 0.95;
    Built big(14, 1, 50001), tiny(14, 1000000, 1000002);
    ASSERT_FALSE(big.parsed().sparse());
    ASSERT_TRUE(tiny.parsed().sparse());
    for (int order = 0; order < 2; order++) {
        const Built& l = order == 0 ? big : tiny;
        const Built& r = order == 0 ? tiny : big;
        hll::Overlap o = hll::overlap(l.buf.data, l.buf.size, r.buf.data, r.buf.size, &conf);
        Truth t = order == 0 ? Truth{50000, 2, 0} : Truth{2, 50000, 0};
        hll::Estimate big_only = order == 0 ? o.a_only : o.b_only;
        EXPECT_NEAR(big_only.value, 50000, 0.03 * 50000) << "order " << order;
        // The signed estimate is the estimate, or below 0 where that is 0.
        EXPECT_LE(o.intersection_unclamped, o.intersection.value) << "order " << order;
        if (o.intersection_unclamped < 0) {
            EXPECT_EQ(o.intersection.value, 0.0) << "order " << order;
        }
        EXPECT_LE(o.intersection.value, 2.0 + 1e-6) << "order " << order;
        int counted = 0;
        int covered = check_counts(o, t, "50000 and 2, order " + std::to_string(order), counted);
        EXPECT_GE(covered, counted - 1);
    }
    // 60 segments of k random values (none in the audience) at p = 14: |A \ B|
    // was off by more than 5% in 24 of 60 for k = 2, 18 for k = 5, 8 for k = 10.
    for (int k : {1, 2, 5, 10, 12, 40}) {
        int off = 0;
        for (int s = 0; s < 60; s++) {
            std::int64_t from = 10000000 + 1000 * (k * 100 + s);
            Built seg(14, from, from + k);
            hll::Overlap o = hll::overlap(big.buf.data, big.buf.size, seg.buf.data, seg.buf.size, &conf);
            off += std::fabs(o.a_only.value - 50000) > 0.05 * 50000;
            EXPECT_LE(o.a_only_bounds.lower, hll::round_count(o.a_only.value));
            EXPECT_GE(o.a_only_bounds.upper, hll::round_count(o.a_only.value));
            EXPECT_LE(o.intersection.value, k + 1e-3);
        }
        EXPECT_EQ(off, 0) << k << " values";
    }
}

// Every relationship (disjoint, nested, equal, a few in common, one or two
// values against many) at every mix of sparse and dense and of precisions
// from 4 to 18: each count's estimate lies inside its own bounds, and the
// bounds hold the truth nearly always (95% bounds: 90% asserted over the grid).
TEST(HllJoint, EveryRelationshipAnswersInsideItsOwnBounds) {
    const double conf = 0.95;
    struct Rel {
        const char* what;
        std::int64_t a, b, x;  // sizes and values in common
    } rels[] = {{"disjoint", 3000, 200, 0},  {"disjoint small", 40, 3, 0}, {"nested", 3000, 200, 200},
                {"nested one", 3000, 1, 1},  {"equal", 1500, 1500, 1500},  {"few in common", 3000, 300, 3},
                {"one value vs many", 40000, 1, 0}, {"two values vs many", 40000, 2, 0}, {"two in many", 40000, 2, 2},
                {"one each", 1, 1, 0},       {"one shared", 1, 1, 1}};
    std::pair<int, int> precisions[] = {{4, 4}, {6, 6}, {10, 10}, {14, 14}, {18, 18}, {14, 10}, {10, 14}, {18, 4}, {4, 18}};
    int counted = 0, covered = 0;
    std::int64_t base = 0;
    for (const Rel& r : rels)
        for (auto [pa, pb] : precisions) {
            base += 100000000;
            Built a(pa, base, base + r.a), b(pb, base + r.a - r.x, base + r.a - r.x + r.b);
            hll::Overlap o = hll::overlap(a.buf.data, a.buf.size, b.buf.data, b.buf.size, &conf);
            char what[160];
            std::snprintf(what, sizeof what, "%s (%lld, %lld, %lld) at p %d (%s) and %d (%s)", r.what,
                          static_cast<long long>(r.a), static_cast<long long>(r.b), static_cast<long long>(r.x), pa,
                          a.parsed().sparse() ? "sparse" : "dense", pb, b.parsed().sparse() ? "sparse" : "dense");
            covered += check_counts(o, Truth{double(r.a), double(r.b), double(r.x)}, what, counted);
        }
    std::printf("truth inside the 95%% bounds: %d of %d\n", covered, counted);
    EXPECT_GE(covered, 0.9 * counted);
}

// Issue 30: a sparse value's 95% bounds were one point, its entry count; a
// value lost to a collision at precision 26 (probability about n^2 / 2^27)
// made the truth fall outside. They reach up by the collision count's own
// bound.
TEST(HllJoint, SparseBoundsAllowForCollisions) {
    const double conf = 0.95;
    TestAllocator alloc;
    Buffer s = hll::builder(alloc, 15, 0, kind::kNone);
    std::uint64_t first = 0;
    for (std::int64_t i = 0; i < 4000; i++) {
        std::uint64_t h = hash_int64(i, 0);
        if (i == 0) first = h;
        s = hll::add_hash(s.data, s.size, h, true, alloc);
    }
    // A 4,001st value with the first one's index at precision 26 and the lowest rank: no new entry.
    std::uint64_t twin = (first & ~((std::uint64_t(1) << 38) - 1)) | (std::uint64_t(1) << 37);
    ASSERT_NE(twin, first);
    s = hll::add_hash(s.data, s.size, twin, true, alloc);
    s = hll::finish(s.data, s.size, alloc);
    hll::Sketch sk = hll::parse(s.data, s.size);
    ASSERT_TRUE(sk.sparse());
    ASSERT_EQ(sk.sparse_count(), 4000u);
    hll::Bounds b = hll::cardinality_bounds(sk, conf);
    EXPECT_EQ(b.lower, 4000.0);
    EXPECT_EQ(b.upper, 4001.0);
    // At 1,000 values a collision has probability 0.7%: below the 5% the bounds
    // leave out, so they are the entry count alone.
    Built small(15, 0, 1000);
    hll::Bounds sb = hll::cardinality_bounds(small.parsed(), conf);
    EXPECT_EQ(sb.lower, 1000.0);
    EXPECT_EQ(sb.upper, 1000.0);
    // hll_overlap's |A| and |A ∪ B| take the same allowance.
    Built other(15, 100000, 100100);
    hll::Overlap o = hll::overlap(s.data, s.size, other.buf.data, other.buf.size, &conf);
    EXPECT_EQ(o.a_bounds.lower, 4000.0);
    EXPECT_EQ(o.a_bounds.upper, 4001.0);
    EXPECT_LE(o.union_bounds.lower, 4101.0);
    EXPECT_GE(o.union_bounds.upper, 4101.0);
}

// Two dense values with equal registers (p = 4: every register of a set of
// 3,000 is high, and 65 values of rank 1 in A, 500 in B, add nothing): a and b
// are estimated on their edge 0. The profile bounds of |A \ B| are its
// likelihood-ratio bounds, about 430 at 90%: the mid-p correction's profile
// slopes, from a nearly singular Hessian with b on its edge, stopped the
// bound's search next to the estimate (bounds 0..0 for a truth of 65).
TEST(HllJoint, EqualRegistersLeaveRoomForDifferences) {
    TestAllocator alloc;
    Buffer a = hll::builder(alloc, 4, 0, kind::kNone), b = hll::builder(alloc, 4, 0, kind::kNone);
    for (std::int64_t i = 0; i < 3000; i++) {
        a = hll::add_hash(a.data, a.size, hash_int64(i, 0), true, alloc);
        b = hll::add_hash(b.data, b.size, hash_int64(i, 0), true, alloc);
    }
    // A hash of rank 1 at precision 4: index in the top 4 bits, then a 1.
    auto rank_one = [](std::uint64_t i) { return ((i % 16) << 60) | (std::uint64_t(1) << 59) | (hash_int64(i, 7) >> 8); };
    for (std::uint64_t i = 0; i < 65; i++) a = hll::add_hash(a.data, a.size, rank_one(i), true, alloc);
    for (std::uint64_t i = 1000; i < 1500; i++) b = hll::add_hash(b.data, b.size, rank_one(i), true, alloc);
    a = hll::finish(a.data, a.size, alloc);
    b = hll::finish(b.data, b.size, alloc);
    ASSERT_EQ(hll::registers(hll::parse(a.data, a.size)), hll::registers(hll::parse(b.data, b.size)));
    for (double conf : {0.9, 0.95}) {
        hll::Overlap o = hll::overlap(a.data, a.size, b.data, b.size, &conf);
        EXPECT_LT(o.a_only.value, 1.0);
        EXPECT_EQ(o.a_only_bounds.lower, 0.0);
        EXPECT_GE(o.a_only_bounds.upper, 65.0) << conf;
        EXPECT_GE(o.b_only_bounds.upper, 65.0) << conf;
        EXPECT_GT(o.a_only_bounds.upper, 200.0) << conf;
        // The Jaccard index (3,000 / 3,565 = 0.84): its lower bound away from
        // 1 (it was 0.9999999992: the profile's x fell to nothing; now 0.89
        // at 90%, 0.84 at 95%).
        EXPECT_LT(o.jaccard_bounds.lower, 0.9) << conf;
    }
}
