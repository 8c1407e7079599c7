#include "kll_capi.h"

#include <algorithm>

#include "capi_guard.hpp"
#include "core/kll.hpp"

using namespace probabilistic;

namespace {

ProbBuffer copied(const std::vector<std::uint8_t>& bytes, const ProbAllocator* alloc) {
    CAllocator a(alloc);
    std::uint8_t* out = allocate_or_throw(a, bytes.size());
    std::copy(bytes.begin(), bytes.end(), out);
    return ProbBuffer{out, bytes.size()};
}

}  // namespace

extern "C" {

bool prob_kll_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { kll::validate(data, size); });
}

bool prob_kll_empty(int64_t k, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(kll::make_empty(a, k));
    });
}

bool prob_kll_working(int64_t k, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(kll::make_working(a, k));
    });
}

bool prob_kll_is_working(const uint8_t* data, size_t size) { return kll::is_working(data, size); }

bool prob_kll_finish(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(kll::finish(data, size, a));
    });
}

bool prob_kll_check_state_k(const uint8_t* data, size_t size, int64_t k, ProbError* err) {
    return guarded(err, [&] { kll::check_state_k(data, size, k); });
}

bool prob_kll_add(uint8_t* data, size_t size, double value, bool in_place, const ProbAllocator* alloc,
                  ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(kll::add(data, size, value, in_place, a));
    });
}

bool prob_kll_union(const uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                    const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(kll::merge(left, left_size, right, right_size, a));
    });
}

bool prob_kll_quantiles(const uint8_t* data, size_t size, const double* qs, int n, double* out, bool* found,
                        ProbError* err) {
    return guarded(err, [&] { *found = kll::quantiles(kll::parse_trusted(data, size), qs, n, true, out); });
}

bool prob_kll_rank(const uint8_t* data, size_t size, double x, double* out, bool* found, ProbError* err) {
    return guarded(err, [&] { *found = kll::rank(kll::parse_trusted(data, size), x, true, out); });
}

bool prob_kll_summary(const uint8_t* data, size_t size, ProbKllSummary* summary, ProbError* err) {
    return guarded(err, [&] {
        kll::Sketch s = kll::parse_trusted(data, size);
        *summary = ProbKllSummary{s.n, s.min, s.max, s.k, s.min_k};
    });
}

double prob_kll_rank_error(uint16_t k, bool double_sided) { return kll::rank_error(k, double_sided); }

bool prob_kll_info(const uint8_t* data, size_t size, ProbKllInfo* info, ProbError* err) {
    return guarded(err, [&] {
        kll::Info i = kll::info(kll::parse_trusted(data, size));
        *info = ProbKllInfo{};
        info->format_version = i.format_version;
        info->k = i.k;
        info->min_k = i.min_k;
        info->n = i.n;
        info->num_levels = static_cast<int>(i.num_levels);
        info->retained = i.retained;
        info->level_zero_sorted = i.level_zero_sorted;
        std::copy(i.level_sizes.begin(), i.level_sizes.end(), info->level_sizes);
        info->rank_error = i.rank_error;
        info->rank_error_double_sided = i.rank_error_double_sided;
    });
}

bool prob_kll_import(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(kll::encode(kll::import_datasketches(data, size), a));
    });
}

bool prob_kll_export(const uint8_t* data, size_t size, bool floats, const ProbAllocator* alloc, ProbBuffer* out,
                     ProbError* err) {
    return guarded(err, [&] { *out = copied(kll::export_datasketches(kll::parse_trusted(data, size), floats), alloc); });
}

}  // extern "C"
