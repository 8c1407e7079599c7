#include "bloom_capi.h"

#include <new>
#include <utility>

#include "core/bloom.hpp"
#include "capi_guard.hpp"

using namespace probabilistic;

static_assert(PROB_BLOOM_MAX_LAYERS == bloom::kMaxLayers, "C face and core disagree on the layer limit");
static_assert(PROB_BLOOM_LAYOUT_FIXED == bloom::kLayoutFixed && PROB_BLOOM_LAYOUT_SCALABLE == bloom::kLayoutScalable &&
                  PROB_BLOOM_LAYOUT_BLOCKED == bloom::kLayoutBlocked,
              "C face and core disagree on layout ids");
static_assert(PROB_BLOOM_DEFAULT_FPR == bloom::kDefaultFpr, "C face and core disagree on the default rate");

// The C handle: the builder and the allocator it keeps using, in one block from that allocator.
struct ProbBloomDistinct {
    template <class... Args>
    ProbBloomDistinct(const ProbAllocator& memory, Args&&... args)
        : c_allocator(memory), allocator(&c_allocator), builder(allocator, std::forward<Args>(args)...) {}

    ProbAllocator c_allocator;
    CAllocator allocator;
    bloom::DistinctBuilder builder;
};

namespace {

template <class... Args>
ProbBloomDistinct* new_distinct(const ProbAllocator* alloc, Args&&... args) {
    CAllocator a(alloc);
    std::uint8_t* block = allocate_or_throw(a, sizeof(ProbBloomDistinct));
    try {
        return new (block) ProbBloomDistinct(*alloc, std::forward<Args>(args)...);
    } catch (...) {
        a.deallocate(block);
        throw;
    }
}

}  // namespace

extern "C" {

bool prob_bloom_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { bloom::parse(data, size); });
}

bool prob_bloom_params(const uint8_t* data, size_t size, ProbBloomParams* params, ProbError* err) {
    return guarded(err, [&] {
        bloom::Header h = bloom::parse_trusted(data, size).header;
        *params = ProbBloomParams{h.layout == bloom::kLayoutScalable, h.layout, h.layer_count, h.hash_id, h.seed, h.capacity, h.fpr};
    });
}

bool prob_bloom_empty(int64_t capacity, double fpr, bool scalable, uint64_t seed, const ProbAllocator* alloc,
                      ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::make_empty(a, capacity, fpr, scalable, seed));
    });
}

bool prob_bloom_empty_layout(int64_t capacity, double fpr, int layout, uint64_t seed, const ProbAllocator* alloc,
                             ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::make_empty(a, capacity, fpr, layout, seed));
    });
}

bool prob_bloom_layout_of_name(const char* name, size_t len, int* layout, ProbError* err) {
    return guarded(err, [&] { *layout = bloom::layout_of_name(std::string(name, len)); });
}

bool prob_bloom_add_hash(uint8_t* data, size_t size, uint64_t hash, uint16_t kind, bool in_place, const ProbAllocator* alloc,
                         ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::add_hash(data, size, hash, in_place, a, kind));
    });
}

bool prob_bloom_agg_state(int64_t capacity, double fpr, int layout, uint64_t seed, uint16_t kind, bool batched,
                          const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::aggregate_state(a, capacity, fpr, layout, seed, batched, kind));
    });
}

bool prob_bloom_finish(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::finish(data, size, a));
    });
}

bool prob_bloom_finish_in_place(uint8_t* data, size_t size, size_t* value_size, ProbError* err) {
    return guarded(err, [&] { *value_size = bloom::finish_in_place(data, size); });
}

bool prob_bloom_union_state(uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                            const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::union_state(left, left_size, right, right_size, a));
    });
}

bool prob_bloom_add_site(const uint8_t* data, size_t size, ProbBloomAddSite* site, ProbError* err) {
    return guarded(err, [&] {
        bloom::State state = bloom::parse_state(data, size);
        ProbBloomProbe probe;
        bloom::prepare_probe(state.filter, &probe);
        *site = ProbBloomAddSite{};
        if (state.filter.scalable()) return;
        site->state_size = size;
        site->bits_offset = static_cast<size_t>(probe.layers[0].bits - data);
        site->pending_offset = state.pending == nullptr ? 0 : static_cast<size_t>(state.pending - data);
        site->blocked = probe.blocked;
        site->layer = probe.layers[0];
        site->layer.bits = nullptr;
    });
}

bool prob_bloom_check_state_parameters(const uint8_t* data, size_t size, int64_t capacity, double fpr, int layout,
                                       ProbError* err) {
    return guarded(err, [&] { bloom::check_state_parameters(data, size, capacity, fpr, bloom::checked_layout(layout)); });
}

bool prob_bloom_contains(const uint8_t* data, size_t size, uint64_t hash, bool* result, ProbError* err) {
    return guarded(err, [&] { *result = bloom::contains(bloom::parse_trusted(data, size), hash); });
}

bool prob_bloom_probe_prepare(const uint8_t* data, size_t size, ProbBloomProbe* probe, ProbError* err) {
    return guarded(err, [&] { bloom::prepare_probe(bloom::parse_trusted(data, size), probe); });
}

bool prob_bloom_union(uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size, bool in_place,
                      const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::union_of(left, left_size, right, right_size, in_place, a));
    });
}

bool prob_bloom_intersect(uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size, bool in_place,
                          const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(bloom::intersection_of(left, left_size, right, right_size, in_place, a));
    });
}

bool prob_bloom_superset(const uint8_t* outer, size_t outer_size, const uint8_t* inner, size_t inner_size,
                         bool* result, ProbError* err) {
    return guarded(err, [&] {
        *result = bloom::includes(bloom::parse_trusted(outer, outer_size), bloom::parse_trusted(inner, inner_size));
    });
}

bool prob_bloom_cardinality(const uint8_t* data, size_t size, int64_t* cardinality, ProbError* err) {
    return guarded(err, [&] { *cardinality = bloom::cardinality(bloom::parse_trusted(data, size)); });
}

bool prob_bloom_fpr(const uint8_t* data, size_t size, double* fpr, ProbError* err) {
    return guarded(err, [&] { *fpr = bloom::estimated_fpr(bloom::parse_trusted(data, size)); });
}

bool prob_bloom_info(const uint8_t* data, size_t size, ProbBloomInfo* info, ProbError* err) {
    return guarded(err, [&] {
        bloom::Info i = bloom::info(bloom::parse_trusted(data, size));
        info->format_version = i.format_version;
        info->hash_id = i.hash_id;
        info->kind = i.kind;
        info->scalable = i.scalable;
        info->layout = i.layout;
        info->layout_name = bloom::layout_name(i.layout);
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

bool prob_bloom_distinct_new(double fpr, const ProbAllocator* alloc, ProbBloomDistinct** state, ProbError* err) {
    return guarded(err, [&] { *state = new_distinct(alloc, fpr); });
}

bool prob_bloom_distinct_check_fpr(const ProbBloomDistinct* state, double fpr, ProbError* err) {
    return guarded(err, [&] { state->builder.check_fpr(fpr); });
}

bool prob_bloom_distinct_add(ProbBloomDistinct* state, uint64_t hash, ProbError* err) {
    return guarded(err, [&] { state->builder.add(hash); });
}

bool prob_bloom_distinct_combine(ProbBloomDistinct** state, const ProbBloomDistinct* other, const ProbAllocator* alloc,
                                 ProbError* err) {
    return guarded(err, [&] {
        // Kept before the hashes go in: a repeated call adds to the same set.
        if (*state == nullptr) *state = new_distinct(alloc, other->builder.fpr(), other->builder.size());
        (*state)->builder.combine(other->builder);
    });
}

bool prob_bloom_distinct_serialize(const ProbBloomDistinct* state, const ProbAllocator* alloc, ProbBuffer* out,
                                   ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(state->builder.serialize(a));
    });
}

bool prob_bloom_distinct_deserialize(const uint8_t* data, size_t size, const ProbAllocator* alloc,
                                     ProbBloomDistinct** state, ProbError* err) {
    return guarded(err, [&] { *state = new_distinct(alloc, bloom::parse_distinct_state(data, size)); });
}

bool prob_bloom_distinct_finish(const ProbBloomDistinct* state, uint16_t kind, const ProbAllocator* alloc,
                                ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(state->builder.finish(a, kind));
    });
}

}  // extern "C"
