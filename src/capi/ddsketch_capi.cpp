#include "ddsketch_capi.h"

#include "capi_guard.hpp"
#include "core/ddsketch.hpp"
#include "core/ddsketch_datadog.hpp"

using namespace probabilistic;

namespace {

ProbDdsketchStore store_of(std::uint64_t count, std::uint32_t buckets, std::int32_t lowest, bool collapsed,
                           double bound) {
    return ProbDdsketchStore{count, buckets, lowest, collapsed, bound};
}

}  // namespace

extern "C" {

bool prob_ddsketch_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { ddsketch::validate(data, size); });
}

bool prob_ddsketch_empty(double alpha, int64_t max_buckets, const ProbAllocator* alloc, ProbBuffer* out,
                         ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(ddsketch::make_empty(a, alpha, max_buckets));
    });
}

bool prob_ddsketch_check_state_parameters(const uint8_t* data, size_t size, double alpha, int64_t max_buckets,
                                          ProbError* err) {
    return guarded(err, [&] { ddsketch::check_state_parameters(data, size, alpha, max_buckets); });
}

bool prob_ddsketch_add(uint8_t* data, size_t size, double value, bool in_place, const ProbAllocator* alloc,
                       ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(ddsketch::add(data, size, value, in_place, a));
    });
}

bool prob_ddsketch_union(const uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                         const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(ddsketch::merge(left, left_size, right, right_size, a));
    });
}

bool prob_ddsketch_quantiles(const uint8_t* data, size_t size, const double* qs, int n, bool interpolate,
                             double* out, bool* found, ProbError* err) {
    return guarded(err, [&] {
        ddsketch::Sketch s = ddsketch::parse_trusted(data, size);
        *found = s.count > 0;
        for (int i = 0; i < n; i++)
            (void) (interpolate ? ddsketch::quantile_cont(s, qs[i], &out[i]) : ddsketch::quantile(s, qs[i], &out[i]));
    });
}

bool prob_ddsketch_rank(const uint8_t* data, size_t size, double x, double* out, bool* found, ProbError* err) {
    return guarded(err, [&] { *found = ddsketch::rank(ddsketch::parse_trusted(data, size), x, out); });
}

bool prob_ddsketch_summary(const uint8_t* data, size_t size, ProbDdsketchSummary* summary, ProbError* err) {
    return guarded(err, [&] {
        ddsketch::Sketch s = ddsketch::parse_trusted(data, size);
        *summary = ProbDdsketchSummary{s.count, s.min, s.max};
    });
}

bool prob_ddsketch_sum(const uint8_t* data, size_t size, double* sum, ProbError* err) {
    return guarded(err, [&] { *sum = ddsketch::sum(ddsketch::parse_trusted(data, size)); });
}

bool prob_ddsketch_import_datadog(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out,
                                  ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(ddsketch::datadog::import_value(data, size, a));
    });
}

bool prob_ddsketch_export_datadog(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out,
                                  ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(ddsketch::datadog::export_value(data, size, a));
    });
}

bool prob_ddsketch_info(const uint8_t* data, size_t size, ProbDdsketchInfo* info, ProbError* err) {
    return guarded(err, [&] {
        ddsketch::Info i = ddsketch::info(ddsketch::parse_trusted(data, size), size);
        *info = ProbDdsketchInfo{
            i.format_version,
            i.alpha,
            i.max_buckets,
            i.count,
            i.zero_count,
            store_of(i.positive_count, i.positive_buckets, i.positive_lowest, i.positive_collapsed,
                     i.positive_collapse_bound),
            store_of(i.negative_count, i.negative_buckets, i.negative_lowest, i.negative_collapsed,
                     i.negative_collapse_bound),
            i.sum_unknown,
            i.bytes};
    });
}

}  // extern "C"
