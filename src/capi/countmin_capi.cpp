#include "countmin_capi.h"

#include "capi_guard.hpp"
#include "core/countmin.hpp"

using namespace probabilistic;

extern "C" {

const double prob_countmin_default_epsilon = countmin::kDefaultEpsilon;
const double prob_countmin_default_delta = countmin::kDefaultDelta;

bool prob_countmin_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { countmin::parse(data, size); });
}

bool prob_countmin_params(const uint8_t* data, size_t size, ProbCountminParams* params, ProbError* err) {
    return guarded(err, [&] {
        countmin::Header h = countmin::parse_trusted(data, size).header;
        *params = ProbCountminParams{h.hash_id, h.seed, h.epsilon, h.delta, h.width, static_cast<int>(h.depth),
                                     h.total};
    });
}

bool prob_countmin_empty(double epsilon, double delta, uint64_t seed, const ProbAllocator* alloc, ProbBuffer* out,
                         ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(countmin::make_empty(a, epsilon, delta, seed));
    });
}

bool prob_countmin_is_working(const uint8_t* data, size_t size) { return countmin::is_working(data, size); }

bool prob_countmin_working(double epsilon, double delta, uint64_t seed, const ProbAllocator* alloc, ProbBuffer* out,
                           ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(countmin::make_working(a, epsilon, delta, seed));
    });
}

bool prob_countmin_finish(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out,
                          ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(countmin::finish(data, size, a));
    });
}

bool prob_countmin_check_state_parameters(const uint8_t* data, size_t size, double epsilon, double delta,
                                          ProbError* err) {
    return guarded(err, [&] { countmin::check_state_parameters(data, size, epsilon, delta); });
}

bool prob_countmin_add_hash_guarded(uint8_t* data, size_t size, uint64_t hash, int64_t weight, uint16_t kind,
                                    bool in_place, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(countmin::add_hash(data, size, hash, weight, in_place, a, kind));
    });
}

bool prob_countmin_count_hash(const uint8_t* data, size_t size, uint64_t hash, uint64_t* count, ProbError* err) {
    return guarded(err, [&] { *count = countmin::count_hash(countmin::parse_trusted(data, size), hash); });
}

bool prob_countmin_union(const uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                         const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(countmin::merge(left, left_size, right, right_size, a));
    });
}

bool prob_countmin_info(const uint8_t* data, size_t size, ProbCountminInfo* info, ProbError* err) {
    return guarded(err, [&] {
        countmin::Info i = countmin::info(countmin::parse_trusted(data, size));
        *info = ProbCountminInfo{i.format_version, i.hash_id, i.kind,
                                 i.seed,           i.epsilon, i.delta,
                                 i.width,          static_cast<int>(i.depth), i.total,
                                 i.error_bound,    i.bytes};
    });
}

}  // extern "C"
