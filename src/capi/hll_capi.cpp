#include "hll_capi.h"

#include "capi_guard.hpp"
#include "core/hll.hpp"
#include "core/hll_family.hpp"

using namespace probabilistic;

extern "C" {

bool prob_hll_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { hll::parse(data, size); });
}

bool prob_hll_precision(const uint8_t* data, size_t size, int* precision, ProbError* err) {
    return guarded(err, [&] { *precision = hll::parse_trusted(data, size).precision(); });
}

bool prob_hll_seed(const uint8_t* data, size_t size, uint64_t* seed, ProbError* err) {
    return guarded(err, [&] { *seed = hll::parse_trusted(data, size).header.seed; });
}

bool prob_hll_check_state_precision(const uint8_t* data, size_t size, long long precision, ProbError* err) {
    return guarded(err, [&] { hll::check_state_precision(data, size, precision); });
}

bool prob_hll_check_precision(long long precision, ProbError* err) {
    return guarded(err, [&] { hll::check_precision(precision); });
}

bool prob_hll_empty(int precision, uint64_t seed, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::empty(a, precision, seed));
    });
}

bool prob_hll_builder(int precision, uint64_t seed, uint16_t kind, const ProbAllocator* alloc, ProbBuffer* out,
                      ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::builder(a, precision, seed, kind));
    });
}

bool prob_hll_finish(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::finish(data, size, a));
    });
}

bool prob_hll_add_hash_guarded(uint8_t* data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
                               const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::add_hash(data, size, hash, in_place, a, kind));
    });
}

bool prob_hll_union(uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size, bool in_place,
                    const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::union_of(left, left_size, right, right_size, in_place, a));
    });
}

bool prob_hll_fold(const uint8_t* data, size_t size, int precision, const ProbAllocator* alloc, ProbBuffer* out,
                   ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::fold(data, size, precision, a));
    });
}

bool prob_hll_cardinality(const uint8_t* data, size_t size, int64_t* cardinality, ProbError* err) {
    return guarded(err, [&] { *cardinality = hll::cardinality(hll::parse_trusted(data, size)); });
}

bool prob_hll_contains(const uint8_t* outer, size_t outer_size, const uint8_t* inner, size_t inner_size,
                       bool* result, ProbError* err) {
    return guarded(err, [&] {
        *result = hll::contains(hll::parse_trusted(outer, outer_size), hll::parse_trusted(inner, inner_size));
    });
}

bool prob_hll_info(const uint8_t* data, size_t size, ProbHllInfo* info, ProbError* err) {
    return guarded(err, [&] {
        hll::Info i = hll::info(hll::parse_trusted(data, size));
        *info = ProbHllInfo{i.precision, i.sparse, i.format_version, i.hash_id, i.kind, i.seed,
                            i.registers_nonzero, i.sparse_entries, i.estimate, i.explicit_list,
                            i.explicit_hashes, i.regwidth, i.expthresh, i.sparseon};
    });
}

bool prob_hll_import(const uint8_t* data, size_t size, const char* format, int64_t seed, const ProbAllocator* alloc,
                     ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::family::import(data, size, format, seed, a));
    });
}

bool prob_hll_export(const uint8_t* data, size_t size, const char* format, const ProbAllocator* alloc, ProbBuffer* out,
                     ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::family::export_to(hll::parse_trusted(data, size), format, a));
    });
}

bool prob_hll_family_of(const char* name, uint8_t* hash_id, ProbError* err) {
    return guarded(err, [&] { *hash_id = hll::family::of_name(name); });
}

bool prob_hll_family_empty(uint8_t hash_id, int precision, const ProbAllocator* alloc, ProbBuffer* out,
                           ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(hll::family::foreign(hash_id) ? hll::family::empty(hash_id, precision, kDefaultSeed, a)
                                                  : hll::empty(a, precision, kDefaultSeed));
    });
}

bool prob_hll_family_check_state(const uint8_t* data, size_t size, long long precision, uint8_t hash_id,
                                 ProbError* err) {
    return guarded(err, [&] { hll::family::check_state(hll::parse_state(data, size), precision, hash_id); });
}

bool prob_hll_family_hash(uint8_t hash_id, const void* data, size_t size, uint64_t seed, uint64_t* hash,
                          ProbError* err) {
    return guarded(err, [&] { *hash = hll::family::hash_bytes(hash_id, data, size, seed); });
}

}  // extern "C"
