/* The C face of bloom_stream.hpp: probing a batch of items against a filter in one call. */
#ifndef PROBABILISTIC_BLOOM_STREAM_CAPI_H
#define PROBABILISTIC_BLOOM_STREAM_CAPI_H

#include "capi.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * SQL bloom_members: the subscripts (lower_bound + i) of the n items whose
 * hashes may be in the filter, ascending, into subscripts (room for n), and
 * their number into *count. Items whose nulls[i] is true (SQL NULLs) are
 * never listed; nulls may be NULL when none is. Polls the
 * interrupt hook every 64k items and is safe to repeat.
 */
bool		prob_bloom_members(const uint8_t *data, size_t size, const uint64_t *hashes, const bool *nulls,
							   size_t n, int64_t lower_bound, int32_t *subscripts, size_t *count,
							   ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_BLOOM_STREAM_CAPI_H */
