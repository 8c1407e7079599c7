#include "fuse_capi.h"

#include "capi_guard.hpp"
#include "core/fuse.hpp"

using namespace probabilistic;

static_assert(PROB_FUSE_FORM_KEYS == fuse::kFormKeys && PROB_FUSE_FORM_FILTER == fuse::kFormFilter,
              "fuse_capi.h and fuse.hpp disagree on the forms");

extern "C" {

bool prob_fuse_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { fuse::parse(data, size); });
}

bool prob_fuse_params(const uint8_t* data, size_t size, ProbFuseParams* params, ProbError* err) {
    return guarded(err, [&] {
        fuse::Header h = fuse::parse_trusted(data, size).header;
        int form = h.form == fuse::kFormFilter ? PROB_FUSE_FORM_FILTER : PROB_FUSE_FORM_KEYS;
        *params = ProbFuseParams{h.hash_id, form, h.fingerprint_bits, h.seed, h.fpr, h.keys};
    });
}

bool prob_fuse_empty_keys(double fpr, uint64_t seed, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(fuse::make_empty_keys(a, fpr, seed));
    });
}

bool prob_fuse_check_state_parameters(const uint8_t* data, size_t size, double fpr, uint64_t seed, ProbError* err) {
    return guarded(err, [&] { fuse::check_state_parameters(data, size, fpr, seed); });
}

bool prob_fuse_add_hash(uint8_t* data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
                        const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(fuse::add_hash(data, size, hash, in_place, a, kind));
    });
}

bool prob_fuse_canonical(uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(fuse::canonical(data, size, a));
    });
}

bool prob_fuse_union(const uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                     const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(fuse::merge(left, left_size, right, right_size, a));
    });
}

bool prob_fuse_build(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(fuse::build(data, size, a));
    });
}

bool prob_fuse_contains_hash(const uint8_t* data, size_t size, uint64_t hash, bool* found, ProbError* err) {
    return guarded(err, [&] { *found = fuse::contains_hash(fuse::parse_trusted(data, size), hash); });
}

bool prob_fuse_probe_prepare(const uint8_t* data, size_t size, ProbFuseProbe* probe, ProbError* err) {
    return guarded(err, [&] { fuse::prepare_probe(fuse::parse_trusted(data, size), probe); });
}

bool prob_fuse_contains_hashes(const uint8_t* data, size_t size, const uint64_t* hashes, size_t count, bool* found,
                               ProbError* err) {
    return guarded(err, [&] { fuse::contains_hashes(fuse::parse_trusted(data, size), hashes, count, found); });
}

bool prob_fuse_info(const uint8_t* data, size_t size, ProbFuseInfo* info, ProbError* err) {
    return guarded(err, [&] {
        fuse::Info i = fuse::info(fuse::parse_trusted(data, size));
        *info = ProbFuseInfo{i.format_version,
                             i.hash_id,
                             i.kind,
                             i.form,
                             i.seed,
                             i.fpr,
                             static_cast<int>(i.fingerprint_bits),
                             i.keys,
                             i.segment_length,
                             i.segment_count,
                             i.attempt,
                             i.array_length,
                             i.estimated_fpr,
                             i.bits_per_key,
                             i.bytes};
    });
}

}  // extern "C"
