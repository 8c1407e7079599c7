#include "cuckoo_capi.h"

#include "capi_guard.hpp"
#include "core/cuckoo.hpp"

using namespace probabilistic;

extern "C" {

bool prob_cuckoo_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { cuckoo::parse(data, size); });
}

bool prob_cuckoo_params(const uint8_t* data, size_t size, ProbCuckooParams* params, ProbError* err) {
    return guarded(err, [&] {
        cuckoo::Header h = cuckoo::parse_trusted(data, size).header;
        *params = ProbCuckooParams{h.hash_id, h.fingerprint_bits, h.seed, h.capacity, h.fpr, h.bucket_count, h.items};
    });
}

bool prob_cuckoo_size(int64_t capacity, double fpr, size_t* size, ProbError* err) {
    return guarded(err, [&] { *size = cuckoo::empty_size(capacity, fpr); });
}

bool prob_cuckoo_empty(int64_t capacity, double fpr, uint64_t seed, const ProbAllocator* alloc, ProbBuffer* out,
                       ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(cuckoo::make_empty(a, capacity, fpr, seed));
    });
}

bool prob_cuckoo_check_state_parameters(const uint8_t* data, size_t size, int64_t capacity, double fpr,
                                        ProbError* err) {
    return guarded(err, [&] { cuckoo::check_state_parameters(data, size, capacity, fpr); });
}

bool prob_cuckoo_add_hash(uint8_t* data, size_t size, uint64_t hash, uint16_t kind, bool in_place, const ProbAllocator* alloc,
                          ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(cuckoo::add_hash(data, size, hash, in_place, a, kind));
    });
}

bool prob_cuckoo_remove_hash(uint8_t* data, size_t size, uint64_t hash, bool in_place, const ProbAllocator* alloc,
                             ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(cuckoo::remove_hash(data, size, hash, in_place, a));
    });
}

bool prob_cuckoo_count_hash(const uint8_t* data, size_t size, uint64_t hash, int* count, ProbError* err) {
    return guarded(err, [&] {
        *count = static_cast<int>(cuckoo::count_hash(cuckoo::parse_trusted(data, size), hash));
    });
}

bool prob_cuckoo_union(const uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                       const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(cuckoo::merge(left, left_size, right, right_size, a));
    });
}

bool prob_cuckoo_info(const uint8_t* data, size_t size, ProbCuckooInfo* info, ProbError* err) {
    return guarded(err, [&] {
        cuckoo::Info i = cuckoo::info(cuckoo::parse_trusted(data, size));
        *info = ProbCuckooInfo{i.format_version,
                               i.hash_id,
                               i.kind,
                               i.seed,
                               i.capacity,
                               i.fpr,
                               static_cast<int>(i.fingerprint_bits),
                               static_cast<int>(i.bucket_size),
                               i.bucket_count,
                               i.items,
                               i.load,
                               i.estimated_fpr,
                               i.bits_per_item,
                               i.bytes};
    });
}

}  // extern "C"
