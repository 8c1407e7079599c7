#include "hll_joint_capi.h"

#include "capi_guard.hpp"
#include "core/hll_joint.hpp"

using namespace probabilistic;

namespace {
ProbHllEstimate to_c(hll::Estimate e) { return ProbHllEstimate{e.value, e.standard_error}; }
}  // namespace

extern "C" {

bool prob_hll_overlap(const uint8_t* a, size_t a_size, const uint8_t* b, size_t b_size, const double* confidence,
                      ProbHllOverlap* out, ProbError* err) {
    return guarded(err, [&] {
        hll::Overlap o = hll::overlap(a, a_size, b, b_size, confidence);
        *out = ProbHllOverlap{to_c(o.a),      to_c(o.b),      to_c(o.union_),  to_c(o.intersection),
                              to_c(o.a_only), to_c(o.b_only), to_c(o.jaccard), o.intersection_unclamped,
                              {},             {o.jaccard_bounds.lower, o.jaccard_bounds.upper}};
        const hll::Bounds* counts[6] = {&o.a_bounds,      &o.b_bounds,      &o.union_bounds,
                                        &o.intersection_bounds, &o.a_only_bounds, &o.b_only_bounds};
        for (int i = 0; i < 6; i++) {
            out->count_bounds[i][0] = hll::round_count(counts[i]->lower);
            out->count_bounds[i][1] = hll::round_count(counts[i]->upper);
        }
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

int64_t prob_hll_round_count(double value) {
    std::int64_t out = 0;
    ProbError err;
    guarded(&err, [&] { out = hll::round_count(value); });
    return out;
}

}  // extern "C"
