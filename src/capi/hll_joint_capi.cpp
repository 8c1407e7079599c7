#include "hll_joint_capi.h"

#include "capi_guard.hpp"
#include "core/hll_joint.hpp"

using namespace probabilistic;

namespace {
ProbHllEstimate to_c(hll::Estimate e) { return ProbHllEstimate{e.value, e.standard_error}; }
hll::Estimate from_c(ProbHllEstimate e) { return hll::Estimate{e.value, e.standard_error}; }
}  // namespace

extern "C" {

bool prob_hll_overlap(const uint8_t* a, size_t a_size, const uint8_t* b, size_t b_size, const double* confidence,
                      ProbHllOverlap* out, ProbError* err) {
    return guarded(err, [&] {
        hll::Overlap o = hll::overlap(a, a_size, b, b_size, confidence);
        *out = ProbHllOverlap{to_c(o.a),       to_c(o.b),      to_c(o.union_),         to_c(o.intersection),
                              to_c(o.a_only), to_c(o.b_only), to_c(o.jaccard),        o.intersection_unclamped,
                              hll::round_count(o.intersection_bounds.lower),
                              hll::round_count(o.intersection_bounds.upper)};
    });
}

bool prob_hll_cardinality_bounds(const uint8_t* data, size_t size, double confidence, int64_t* lower,
                                 int64_t* upper, ProbError* err) {
    return guarded(err, [&] {
        hll::Bounds b = hll::cardinality_bounds(hll::parse_trusted(data, size), confidence);
        *lower = hll::round_count(b.lower);
        *upper = hll::round_count(b.upper);
    });
}

bool prob_hll_estimate_with_error(const uint8_t* data, size_t size, ProbHllEstimate* out, ProbError* err) {
    return guarded(err, [&] { *out = to_c(hll::estimate_with_error(hll::parse_trusted(data, size))); });
}

bool prob_hll_count_bounds(ProbHllEstimate e, double confidence, int64_t* lower, int64_t* upper, ProbError* err) {
    return guarded(err, [&] {
        hll::Bounds b = hll::count_bounds(from_c(e), confidence);
        *lower = hll::round_count(b.lower);
        *upper = hll::round_count(b.upper);
    });
}

bool prob_hll_ratio_bounds(ProbHllEstimate e, double confidence, double* lower, double* upper, ProbError* err) {
    return guarded(err, [&] {
        hll::Bounds b = hll::ratio_bounds(from_c(e), confidence);
        *lower = b.lower;
        *upper = b.upper;
    });
}

int64_t prob_hll_round_count(double value) {
    std::int64_t out = 0;
    ProbError err;
    guarded(&err, [&] { out = hll::round_count(value); });
    return out;
}

}  // extern "C"
