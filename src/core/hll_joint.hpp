// Joint estimates of two HyperLogLog sketches (|A \ B|, |B \ A|, |A ∩ B| and
// what follows from them), standard errors and confidence bounds.
//
// Two dense values: the joint maximum-likelihood estimator of Ertl (2017),
// "New cardinality estimation algorithms for HyperLogLog sketches", section
// "Joint estimation": under Poissonization the three disjoint parts are
// independent, and a pair of registers (K1, K2) at the same index has a
// likelihood in the three rates a = |A \ B| / m, b = |B \ A| / m and
// x = |A ∩ B| / m. The log-likelihood depends on the registers only through
// five histograms (JointHistogram); it is maximised over the model's domain
// (a, b > 0, x >= 0) by a deterministic damped Newton iteration. The bounds
// of |A|, |B|, |A ∪ B| are those of one sketch, those of the three parts
// profile likelihood-ratio bounds. Two sparse values: the same likelihood of
// their entries at precision 26, whose counts are exact but for collisions
// (the bounds come from the collision count). A sparse value S and a dense
// one D: S's entries are looked up in D's registers (lookup model: each entry
// in D with probability pi, D \ S a rate b per register). doc/FORMAT.md
// ("Joint estimation") specifies every step; another implementation agrees
// within its stated tolerance.
#pragma once

#include <vector>

#include "hll.hpp"

namespace probabilistic::hll {

// The registers of two sketches at one precision, reduced to what the
// likelihood needs. Every index counts in exactly one place:
//   k1 < k2:  ax[k1] and b[k2]   (K1 = max of A\B and A∩B, K2 from B\A alone)
//   k1 > k2:  a[k1]  and bx[k2]
//   k1 == k2: eq[k1]
// Register values above q + 1 count as q + 1 (as the single estimate does).
struct JointHistogram {
    int q = 0;
    double m = 0;
    std::vector<std::uint64_t> ax, b, a, bx, eq;

    JointHistogram(int q_, double m_);
    void add(unsigned k1, unsigned k2);
    // Adds n pairs (0, 0) (indices where neither sketch has an entry).
    void add_zero_pairs(std::uint64_t n) { eq[0] += n; }
};

// A value with its standard error.
struct Estimate {
    double value = 0;
    double standard_error = 0;
};

// Lower and upper bound (see count_bounds).
struct Bounds {
    double lower, upper;
};

// Everything hll_overlap reports. Counts are numbers of distinct values.
struct Overlap {
    Estimate a, b, union_, intersection, a_only, b_only, jaccard;
    // The signed |A ∩ B|: the estimate, or where that lies on the edge 0 of
    // the domain, one Newton step of its profile likelihood beyond the edge
    // (score / expected information, <= 0). Its mean over many pairs is near
    // the truth where the truth is near 0, where the estimate's is above it.
    double intersection_unclamped = 0;
    // With a confidence, the bounds of each (doc/FORMAT.md section 3.14):
    // two dense values, |A|, |B|, |A ∪ B| those of one sketch
    // (cardinality_bounds) of A's, B's and the union's registers at the common
    // precision (widened to hold the joint estimate where it lies outside),
    // the three parts profile likelihood-ratio bounds; two sparse values,
    // every count its entry count ∓ the collision count's bound; a sparse and
    // a dense value, profile bounds in the lookup model, no closer to the
    // estimate than a Poisson count of its variance allows. Counts are
    // integers that hold their estimate rounded.
    Bounds a_bounds{0, 0}, b_bounds{0, 0}, union_bounds{0, 0}, intersection_bounds{0, 0};
    Bounds a_only_bounds{0, 0}, b_only_bounds{0, 0}, jaccard_bounds{0, 0};
    int iterations = 0;  // Newton iterations taken (0: no iteration was needed)
};

// The joint estimate from a histogram (the registers at precision p =
// 64 - q, or the sparse entries at precision 26); with a confidence (0 < c <
// 1, else kInvalidParameter), also every part's bounds.
Overlap joint_estimate(const JointHistogram& h);
Overlap joint_estimate(const JointHistogram& h, const double* confidence);

// The joint estimate of two hll values (validated on their way in). Two dense
// values of different precisions are compared at the smaller one; two sparse
// values entry by entry at precision 26 (exact but for collisions); a sparse
// value's entries are looked up in a dense value's registers at the dense
// value's precision.
// Different seeds or hash functions: kMismatch.
Overlap overlap(const std::uint8_t* a, std::size_t a_size, const std::uint8_t* b, std::size_t b_size,
                const double* confidence = nullptr);

// The single-sketch estimate (the same value as estimate()) and its standard
// error, from the expected Fisher information of m registers at that estimate.
Estimate estimate_with_error(const Sketch& s);
// The standard error of an estimate from m registers of q + 2 values.
double standard_error(int q, double m, double estimate);
// standard_error / estimate (0 for an empty sketch).
double relative_error(const Sketch& s);

// Two-sided bounds at the given confidence (0 < confidence < 1, else
// kInvalidParameter): value ∓ z·standard_error, z the standard normal
// quantile of (1 + confidence) / 2, clamped at 0. Counts: the integers
// inside that interval (ceil, floor), or the estimate rounded when none is.
Bounds count_bounds(const Estimate& e, double confidence);
// The same for a ratio in [0, 1], not rounded.
Bounds ratio_bounds(const Estimate& e, double confidence);

// hll_cardinality_bounds (doc/FORMAT.md section 3.14), as integers: a dense
// value's likelihood-ratio bounds; a sparse value's entry count and that
// plus the confidence bound of the number of values hidden by collisions.
Bounds cardinality_bounds(const Sketch& s, double confidence);
// The same from a register histogram c[0..q+1] of m registers (§3.10; q =
// 38: a sparse value's entries at precision 26).
Bounds cardinality_bounds(const std::vector<std::uint64_t>& c, int q, double m, double confidence);

// The standard normal quantile (Wichura 1988, algorithm AS241, PPND16).
double normal_quantile(double p);

// A count rounded as hll_cardinality rounds (INT64_MAX beyond it).
std::int64_t round_count(double v);

}  // namespace probabilistic::hll
