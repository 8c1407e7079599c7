#include "topk_capi.h"

#include "capi_guard.hpp"
#include "core/topk.hpp"

using namespace probabilistic;

static_assert(PROB_TOPK_DEFAULT_SIZE == topk::kDefaultSize && PROB_TOPK_MAX_ITEM_BYTES == topk::kMaxItemBytes,
              "the C face's topk constants are the core's");

extern "C" {

bool prob_topk_validate(const uint8_t* data, size_t size, ProbError* err) {
    return guarded(err, [&] { topk::parse(data, size); });
}

bool prob_topk_empty(int64_t k, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(topk::make_empty(a, k));
    });
}

bool prob_topk_is_working(const uint8_t* data, size_t size) { return topk::is_working(data, size); }

bool prob_topk_working(int64_t k, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(topk::make_working(a, k));
    });
}

bool prob_topk_working_of(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out,
                          ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(topk::working_of(data, size, a));
    });
}

bool prob_topk_add(uint8_t* data, size_t size, const void* item, size_t item_size, int64_t weight, uint16_t kind,
                   uint8_t width, const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(topk::add(data, size, item, item_size, weight, kind, width, a));
    });
}

bool prob_topk_finish(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbBuffer* out,
                      ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(topk::finish(data, size, a));
    });
}

bool prob_topk_check_state_size(const uint8_t* data, size_t size, int64_t k, ProbError* err) {
    return guarded(err, [&] { topk::check_state_size(data, size, k); });
}

bool prob_topk_union(const uint8_t* left, size_t left_size, const uint8_t* right, size_t right_size,
                     const ProbAllocator* alloc, ProbBuffer* out, ProbError* err) {
    return guarded(err, [&] {
        CAllocator a(alloc);
        *out = to_c(topk::merge(left, left_size, right, right_size, a));
    });
}

bool prob_topk_items(const uint8_t* data, size_t size, const ProbAllocator* alloc, ProbTopkItem** items, uint32_t* n,
                     ProbError* err) {
    return guarded(err, [&] {
        std::vector<topk::EntryView> v = topk::views(topk::parse_trusted(data, size));
        *items = nullptr;
        *n = static_cast<uint32_t>(v.size());
        if (v.empty()) return;
        CAllocator a(alloc);
        auto* out = reinterpret_cast<ProbTopkItem*>(allocate_or_throw(a, v.size() * sizeof(ProbTopkItem)));
        for (std::size_t i = 0; i < v.size(); i++) out[i] = ProbTopkItem{v[i].count, v[i].item, v[i].length};
        *items = out;
    });
}

bool prob_topk_info(const uint8_t* data, size_t size, ProbTopkInfo* info, ProbError* err) {
    return guarded(err, [&] {
        topk::Info i = topk::info(topk::parse_trusted(data, size));
        *info = ProbTopkInfo{i.format_version, i.hash_id,   i.kind,  static_cast<int>(i.width), i.size, i.total,
                             i.offset,         i.threshold, i.items, i.bytes};
    });
}

}  // extern "C"
