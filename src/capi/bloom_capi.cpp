#include "bloom_capi.h"

#include "core/bloom.hpp"
#include "capi_guard.hpp"

using namespace probabilistic;

static_assert(PROB_BLOOM_MAX_LAYERS == bloom::kMaxLayers, "C face and core disagree on the layer limit");
static_assert(PROB_BLOOM_DISTINCT_HEADER_SIZE == bloom::kDistinctStateHeaderSize,
              "C face and core disagree on the bloom_agg state header");

extern "C" {

bool prob_bloom_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { bloom::parse(data, size); });
}

bool prob_bloom_params(const uint8_t* data, size_t size, ProbBloomParams* params, ProbError* err) {
    return guarded(err, [&] {
        bloom::Header h = bloom::parse_trusted(data, size).header;
        *params = ProbBloomParams{h.layout == bloom::kLayoutScalable, h.layer_count, h.hash_id, h.seed, h.capacity, h.fpr};
    });
}

bool prob_bloom_size(int64_t capacity, double fpr, bool scalable, size_t* size, ProbError* err) {
    return guarded(err, [&] { *size = bloom::empty_size(capacity, fpr, scalable); });
}

bool prob_bloom_empty(int64_t capacity, double fpr, bool scalable, uint64_t seed, const ProbAllocator* alloc,
                      ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::make_empty(a, capacity, fpr, scalable, seed));
    });
}

bool prob_bloom_add_hash(uint8_t* data, size_t size, uint64_t hash, bool in_place, const ProbAllocator* alloc,
                         ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::add_hash(data, size, hash, in_place, a));
    });
}

bool prob_bloom_contains_hash(const uint8_t* data, size_t size, uint64_t hash, bool* result, ProbError* err) {
    return guarded(err, [&] { *result = bloom::contains_hash(bloom::parse_trusted(data, size), hash); });
}

bool prob_bloom_union(uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size, bool in_place,
                      const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::merge_or(left, left_size, right, right_size, in_place, a));
    });
}

bool prob_bloom_intersect(uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size, bool in_place,
                          const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::merge_and(left, left_size, right, right_size, in_place, a));
    });
}

bool prob_bloom_contains(const uint8_t* outer, size_t outer_size, const uint8_t* inner, size_t inner_size,
                         bool* result, ProbError* err) {
    return guarded(err, [&] {
        *result = bloom::contains(bloom::parse_trusted(outer, outer_size), bloom::parse_trusted(inner, inner_size));
    });
}

bool prob_bloom_cardinality(const uint8_t* data, size_t size, double* estimate, ProbError* err) {
    return guarded(err, [&] { *estimate = bloom::estimate(bloom::parse_trusted(data, size)); });
}

bool prob_bloom_fpr(const uint8_t* data, size_t size, double* fpr, ProbError* err) {
    return guarded(err, [&] { *fpr = bloom::estimated_fpr(bloom::parse_trusted(data, size)); });
}

bool prob_bloom_info(const uint8_t* data, size_t size, ProbBloomInfo* info, ProbError* err) {
    return guarded(err, [&] {
        bloom::Info i = bloom::info(bloom::parse_trusted(data, size));
        info->format_version = i.format_version;
        info->hash_id = i.hash_id;
        info->scalable = i.scalable;
        info->layer_count = i.layer_count;
        info->seed = i.seed;
        info->capacity = i.capacity;
        info->fpr = i.fpr;
        info->bit_count = i.bit_count;
        info->bits_set = i.bits_set;
        info->estimated_items = i.estimated_items;
        info->estimated_fpr = i.estimated_fpr;
        info->bytes = i.bytes;
        for (std::size_t n = 0; n < i.layers.size(); n++) {
            const bloom::LayerInfo& l = i.layers[n];
            info->layers[n] = ProbBloomLayerInfo{l.bit_count, l.hash_count, l.capacity, l.bits_set,
                                                 l.design_fpr, l.estimated_items, l.estimated_fpr};
        }
    });
}

bool prob_bloom_distinct_state_parse(const uint8_t* data, size_t size, double* fpr, uint64_t* count,
                                     ProbError* err) {
    return guarded(err, [&] {
        bloom::DistinctState st = bloom::parse_distinct_state(data, size);
        *fpr = st.fpr;
        *count = st.count;
    });
}

void prob_bloom_distinct_state_init(uint8_t* state, double fpr, uint64_t count) {
    bloom::write_distinct_state_header(state, fpr, count);
}

uint64_t prob_bloom_distinct_state_hash(const uint8_t* state, uint64_t i) {
    return load_le64(state + bloom::kDistinctStateHeaderSize + 8 * i);
}

void prob_bloom_distinct_state_set_hash(uint8_t* state, uint64_t i, uint64_t hash) {
    store_le64(state + bloom::kDistinctStateHeaderSize + 8 * i, hash);
}

}  // extern "C"
