/* The C face of the HyperLogLog core (hll.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_HLL_CAPI_H
#define PROBABILISTIC_HLL_CAPI_H

#include "capi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PROB_HLL_MIN_PRECISION 4
#define PROB_HLL_MAX_PRECISION 18
#define PROB_HLL_DEFAULT_PRECISION 14

typedef struct ProbHllInfo
{
	int			precision;
	bool		sparse;
	int			format_version;
	int			hash_id;
	uint64_t	seed;
	size_t		registers_nonzero;
	size_t		sparse_entries;
	double		estimate;
} ProbHllInfo;

/* Full field-by-field validation, for bytes from outside. */
bool		prob_hll_validate(const uint8_t *data, size_t size, ProbError *err);
/* Header checks only: precision and seed of a stored value. */
bool		prob_hll_params(const uint8_t *data, size_t size, int *precision, uint64_t *seed,
							ProbError *err);
bool		prob_hll_check_precision(long long precision, ProbError *err);
/* An aggregate's state (building or not) has this precision; PROB_MISMATCH if not. */
bool		prob_hll_check_state_precision(const uint8_t *data, size_t size, long long precision,
										   ProbError *err);
bool		prob_hll_empty(int precision, uint64_t seed, const ProbAllocator *alloc,
						   ProbBuffer *out, ProbError *err);
/* An aggregate's working state (never stored) and its canonical value. */
bool		prob_hll_builder(int precision, uint64_t seed, const ProbAllocator *alloc,
							 ProbBuffer *out, ProbError *err);
bool		prob_hll_finish(const uint8_t *data, size_t size, const ProbAllocator *alloc,
							ProbBuffer *out, ProbError *err);
bool		prob_hll_add_hash(uint8_t *data, size_t size, uint64_t hash, bool in_place,
							  const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/*
 * The per-row fast path: hash and add into a dense value in place. Cannot
 * fail; returns false when the value is not dense (use the calls below).
 */
bool		prob_hll_dense_add_int64(uint8_t *data, size_t size, int64_t value, uint64_t seed);
bool		prob_hll_dense_add_bytes(uint8_t *data, size_t size, const void *bytes, size_t len,
									 uint64_t seed);

/* Hash (canonical integer or bytes, with seed) and add in one call. */
bool		prob_hll_add_int64(uint8_t *data, size_t size, int64_t value, uint64_t seed, bool in_place,
							   const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_hll_add_bytes(uint8_t *data, size_t size, const void *bytes, size_t len, uint64_t seed,
							   bool in_place, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_hll_merge(uint8_t *left, size_t left_size, const uint8_t *right,
						   size_t right_size, bool in_place, const ProbAllocator *alloc,
						   ProbBuffer *out, ProbError *err);
bool		prob_hll_fold(const uint8_t *data, size_t size, int precision,
						  const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_hll_cardinality(const uint8_t *data, size_t size, int64_t *cardinality, ProbError *err);
bool		prob_hll_contains(const uint8_t *outer, size_t outer_size, const uint8_t *inner,
							  size_t inner_size, bool *result, ProbError *err);
bool		prob_hll_info(const uint8_t *data, size_t size, ProbHllInfo *info, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_HLL_CAPI_H */
