#include "bloom_stream_capi.h"

#include "core/bloom_stream.hpp"
#include "capi_guard.hpp"

using namespace probabilistic;

extern "C" {

bool prob_bloom_members(const uint8_t* data, size_t size, const uint64_t* hashes, const bool* nulls, size_t n,
                        int64_t lower_bound, int32_t* subscripts, size_t* count, ProbError* err) {
    return guarded(err, [&] {
        *count = bloom::members(bloom::parse_trusted(data, size), hashes, nulls, n, lower_bound, subscripts);
    });
}

}  // extern "C"
