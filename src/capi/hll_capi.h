/* The C face of the HyperLogLog core (hll.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_HLL_CAPI_H
#define PROBABILISTIC_HLL_CAPI_H

#include "capi.h"
#include "core/hll_dense.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ProbHllInfo
{
	int			precision;
	bool		sparse;
	int			format_version;
	int			hash_id;
	uint16_t	kind;			/* kind.hpp: 0 when none is recorded */
	uint64_t	seed;
	size_t		registers_nonzero;
	size_t		sparse_entries;
	double		estimate;
	/* Values of another system's hash family (hash id 3): its parameters and explicit list. */
	bool		explicit_list;
	size_t		explicit_hashes;
	int			regwidth;
	long long	expthresh;
	bool		sparseon;
} ProbHllInfo;

/* Full field-by-field validation, for bytes from outside. */
bool		prob_hll_validate(const uint8_t *data, size_t size, ProbError *err);
/* Header checks only: the precision and the hash seed of a stored value. */
bool		prob_hll_precision(const uint8_t *data, size_t size, int *precision, ProbError *err);
bool		prob_hll_seed(const uint8_t *data, size_t size, uint64_t *seed, ProbError *err);
bool		prob_hll_check_precision(long long precision, ProbError *err);
/* An aggregate's state (building or not) has this precision; PROB_MISMATCH if not. */
bool		prob_hll_check_state_precision(const uint8_t *data, size_t size, long long precision,
										   ProbError *err);
bool		prob_hll_empty(int precision, uint64_t seed, const ProbAllocator *alloc,
						   ProbBuffer *out, ProbError *err);
/* An aggregate's working state (never stored) for values of kind, and its canonical value. */
bool		prob_hll_builder(int precision, uint64_t seed, uint16_t kind, const ProbAllocator *alloc,
							 ProbBuffer *out, ProbError *err);
bool		prob_hll_finish(const uint8_t *data, size_t size, const ProbAllocator *alloc,
							ProbBuffer *out, ProbError *err);
/* prob_hll_add_hash's guarded part: every state that is not dense and in place. */
bool		prob_hll_add_hash_guarded(uint8_t *data, size_t size, uint64_t hash, uint16_t kind,
									  bool in_place, const ProbAllocator *alloc, ProbBuffer *out,
									  ProbError *err);

/*
 * Adds one 64-bit hash (sketch_hash's) of a value of kind (0 for a hash from
 * outside; an empty sketch takes the kind): the one add path of every hll
 * function and aggregate. With in_place, a dense value is updated where it
 * lies, inline and outside the guard, as that cannot fail or throw
 * (hll_dense.h); any other state (sparse, an aggregate's building state, or
 * a copy) takes the guarded core call, which may allocate *out.
 */
static inline bool
prob_hll_add_hash(uint8_t *data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
				  const ProbAllocator *alloc, ProbBuffer *out, ProbError *err)
{
	if (in_place && prob_hll_add_hash_dense(data, size, hash))
	{
		out->data = data;
		out->size = size;
		return true;
	}
	return prob_hll_add_hash_guarded(data, size, hash, kind, in_place, alloc, out, err);
}

bool		prob_hll_union(uint8_t *left, size_t left_size, const uint8_t *right,
						   size_t right_size, bool in_place, const ProbAllocator *alloc,
						   ProbBuffer *out, ProbError *err);
bool		prob_hll_fold(const uint8_t *data, size_t size, int precision,
						  const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_hll_cardinality(const uint8_t *data, size_t size, int64_t *cardinality, ProbError *err);
bool		prob_hll_contains(const uint8_t *outer, size_t outer_size, const uint8_t *inner,
							  size_t inner_size, bool *result, ProbError *err);
bool		prob_hll_info(const uint8_t *data, size_t size, ProbHllInfo *info, ProbError *err);

/*
 * Other systems' sketches and hash families (core/hll_family.hpp): import
 * validates the producer's bytes field by field; export writes them again.
 */
bool		prob_hll_import(const uint8_t *data, size_t size, const char *format, int64_t seed,
							const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_hll_export(const uint8_t *data, size_t size, const char *format, const ProbAllocator *alloc,
							ProbBuffer *out, ProbError *err);
/* The hash id of a family name ('probabilistic', 'postgresql-hll'). */
bool		prob_hll_family_of(const char *name, uint8_t *hash_id, ProbError *err);
/* A family's empty value at precision p (its producer's default parameters, seed 0). */
bool		prob_hll_family_empty(uint8_t hash_id, int precision, const ProbAllocator *alloc, ProbBuffer *out,
								  ProbError *err);
/* An aggregate's state was made for this precision and family; PROB_MISMATCH if not. */
bool		prob_hll_family_check_state(const uint8_t *data, size_t size, long long precision, uint8_t hash_id,
										ProbError *err);
/* The producer's hash of bytes under the family's seed. */
bool		prob_hll_family_hash(uint8_t hash_id, const void *data, size_t size, uint64_t seed, uint64_t *hash,
								 ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_HLL_CAPI_H */
