#include "agebloom_capi.h"

#include "capi_guard.hpp"
#include "core/agebloom.hpp"

using namespace probabilistic;

extern "C" {

bool prob_agebloom_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { agebloom::parse(data, size); });
}

bool prob_agebloom_params(const uint8_t* data, size_t size, ProbAgebloomParams* params, ProbError* err) {
    return guarded(err, [&] {
        agebloom::Header h = agebloom::parse_trusted(data, size).header;
        *params = ProbAgebloomParams{h.hash_id,     h.mode, h.seed, h.window, h.capacity, h.fpr,
                                     static_cast<int>(h.generations), h.generation_length, h.generation, h.items};
    });
}

bool prob_agebloom_size(int mode, int64_t window, int64_t capacity, double fpr, int generations, size_t* size,
                        ProbError* err) {
    return guarded(err, [&] { *size = agebloom::empty_size(mode, window, capacity, fpr, generations); });
}

bool prob_agebloom_empty(int mode, int64_t window, int64_t capacity, double fpr, int generations, uint64_t seed,
                         const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(agebloom::make_empty(a, mode, window, capacity, fpr, generations, seed));
    });
}

bool prob_agebloom_check_state_parameters(const uint8_t* data, size_t size, int mode, int64_t window,
                                          int64_t capacity, double fpr, int generations, ProbError* err) {
    return guarded(err, [&] {
        agebloom::check_state_parameters(data, size, mode, window, capacity, fpr, generations);
    });
}

bool prob_agebloom_add_hash(uint8_t* data, size_t size, uint64_t hash, int64_t micros, uint16_t kind, bool in_place,
                            const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(agebloom::add_hash(data, size, hash, micros, in_place, a, kind));
    });
}

bool prob_agebloom_contains_hash(const uint8_t* data, size_t size, uint64_t hash, bool* found, ProbError* err) {
    return guarded(err, [&] { *found = agebloom::contains_hash(agebloom::parse_trusted(data, size), hash); });
}

bool prob_agebloom_contains_hash_at(const uint8_t* data, size_t size, uint64_t hash, int64_t micros, bool* found,
                                    ProbError* err) {
    return guarded(err, [&] {
        *found = agebloom::contains_hash_at(agebloom::parse_trusted(data, size), hash, micros);
    });
}

bool prob_agebloom_union(const uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                         const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(agebloom::merge(left, left_size, right, right_size, a));
    });
}

bool prob_agebloom_info(const uint8_t* data, size_t size, ProbAgebloomInfo* info, ProbError* err) {
    return guarded(err, [&] {
        agebloom::Info i = agebloom::info(agebloom::parse_trusted(data, size));
        *info = ProbAgebloomInfo{i.format_version,
                                 i.hash_id,
                                 i.kind,
                                 i.mode,
                                 i.seed,
                                 i.window,
                                 i.capacity,
                                 i.fpr,
                                 static_cast<int>(i.k),
                                 static_cast<int>(i.generations),
                                 i.generation_length,
                                 i.generation_limit,
                                 i.slice_bits,
                                 i.generation,
                                 i.items,
                                 i.live_items,
                                 i.current_items,
                                 i.fill,
                                 i.estimated_fpr,
                                 i.bits_per_item,
                                 i.bytes};
    });
}

}  // extern "C"
