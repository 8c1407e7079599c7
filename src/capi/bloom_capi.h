/* The C face of the Bloom filter core (bloom.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_BLOOM_CAPI_H
#define PROBABILISTIC_BLOOM_CAPI_H

#include "capi.h"
#include "core/bloom_probe.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PROB_BLOOM_MAX_LAYERS 64
/* Layout ids (doc/FORMAT.md 4.2); SQL names them 'fixed' (or 'classic'), 'scalable', 'blocked'. */
#define PROB_BLOOM_LAYOUT_FIXED 1
#define PROB_BLOOM_LAYOUT_SCALABLE 2
#define PROB_BLOOM_LAYOUT_BLOCKED 3
/* The rate of bloom_agg(x) and bloom_empty's default (bloom.hpp). */
#define PROB_BLOOM_DEFAULT_FPR 0.01

/* The header of a stored value, read without touching its bits. */
typedef struct ProbBloomParams
{
	bool		scalable;
	int			layout;
	int			layer_count;
	int			hash_id;
	uint64_t	seed;
	uint64_t	capacity;
	double		fpr;
} ProbBloomParams;

typedef struct ProbBloomLayerInfo
{
	uint64_t	bit_count;
	uint32_t	hash_count;
	uint64_t	capacity;
	uint64_t	bits_set;
	double		design_fpr;		/* what the layer was sized for */
	double		estimated_items;
	double		estimated_fpr;	/* from its fill: (bits_set / bit_count)^hash_count */
} ProbBloomLayerInfo;

typedef struct ProbBloomInfo
{
	int			format_version;
	int			hash_id;
	uint16_t	kind;			/* kind.hpp: 0 when none is recorded */
	bool		scalable;
	int			layout;
	const char *layout_name;	/* static: "fixed", "scalable" or "blocked" */
	int			layer_count;
	uint64_t	seed;
	uint64_t	capacity;
	double		fpr;			/* the target */
	uint64_t	bit_count;		/* all layers */
	uint64_t	bits_set;		/* all layers */
	double		estimated_items;
	double		estimated_fpr;
	size_t		bytes;
	ProbBloomLayerInfo layers[PROB_BLOOM_MAX_LAYERS];	/* the first layer_count are filled */
} ProbBloomInfo;

/* Full field-by-field validation, for bytes from outside. */
bool		prob_bloom_validate(const uint8_t *data, size_t size, ProbError *err);
/* Header checks only: the parameters of a stored value. */
bool		prob_bloom_params(const uint8_t *data, size_t size, ProbBloomParams *params, ProbError *err);
/* bloom_empty: the parameters and the size limit are checked before anything is allocated. */
bool		prob_bloom_empty(int64_t capacity, double fpr, bool scalable, uint64_t seed,
							 const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* As prob_bloom_empty, with a layout id (PROB_BLOOM_LAYOUT_*). */
bool		prob_bloom_empty_layout(int64_t capacity, double fpr, int layout, uint64_t seed,
									const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* The layout id of a name (len bytes, not terminated); PROB_INVALID_PARAMETER naming the choices. */
bool		prob_bloom_layout_of_name(const char *name, size_t len, int *layout, ProbError *err);
/* An aggregate's state has this capacity, rate and layout; PROB_MISMATCH, naming both, if not. */
bool		prob_bloom_check_state_parameters(const uint8_t *data, size_t size, int64_t capacity,
											  double fpr, int layout, ProbError *err);
/*
 * bloom_agg(x, capacity, fpr [, layout])'s working state (bloom.hpp,
 * bloom_probe.h): a filter with a buffer of pending hashes, which only the
 * aggregate's own functions read. prob_bloom_agg_state makes a group's first
 * state, for values of kind: a working one when batched and the filter is
 * fixed or blocked and large enough, else the empty filter.
 */
bool		prob_bloom_agg_state(int64_t capacity, double fpr, int layout, uint64_t seed, uint16_t kind, bool batched,
								 const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* The canonical value of a state, allocated unless it is one already (then out is the input). */
bool		prob_bloom_finish(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
							  ProbError *err);
/* The same in place: the pending hashes applied; *value_size is the value's size (the buffer cut off). */
bool		prob_bloom_finish_in_place(uint8_t *data, size_t size, size_t *value_size, ProbError *err);
/* bloom_agg's combine: the filter left absorbs the state right (in place unless a scalable filter grows). */
bool		prob_bloom_union_state(uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
								   const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* The add site (bloom_probe.h) of an aggregate's state: a filter or a working state. */
bool		prob_bloom_add_site(const uint8_t *data, size_t size, ProbBloomAddSite *site, ProbError *err);
/*
 * With in_place, writes into data unless a scalable filter must grow;
 * unchanged input comes back as is. A working state (in place only) takes
 * the hash into its buffer.
 */
bool		prob_bloom_add_hash(uint8_t *data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
								const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* Membership (SQL bloom_contains): the hash is in the filter, or a false positive. */
bool		prob_bloom_contains(const uint8_t *data, size_t size, uint64_t hash, bool *result,
								ProbError *err);
/*
 * The header checks of prob_bloom_params, then the filter's probe
 * (bloom_probe.h): a caller that probes one filter many times tests each
 * hash with the inline prob_bloom_probe_contains, no call and no header read
 * per probe. The probe points into data, which must outlive it.
 */
bool		prob_bloom_probe_prepare(const uint8_t *data, size_t size, ProbBloomProbe *probe, ProbError *err);
bool		prob_bloom_union(uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
							 bool in_place, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_bloom_intersect(uint8_t *left, size_t left_size, const uint8_t *right,
								 size_t right_size, bool in_place, const ProbAllocator *alloc,
								 ProbBuffer *out, ProbError *err);
/*
 * SQL bloom_superset (and bloom_subset, swapped): true when every bit set in
 * inner is set in outer, layer by layer; false when outer has one layer and
 * inner's first is not covered; otherwise (grown scalable filters) a
 * PROB_MISMATCH error, never a false that may be wrong.
 */
bool		prob_bloom_superset(const uint8_t *outer, size_t outer_size, const uint8_t *inner,
								size_t inner_size, bool *result, ProbError *err);
/* The estimated number of items, rounded. */
bool		prob_bloom_cardinality(const uint8_t *data, size_t size, int64_t *cardinality, ProbError *err);
/* The false positive rate its fill predicts (+0 when empty). */
bool		prob_bloom_fpr(const uint8_t *data, size_t size, double *fpr, ProbError *err);
bool		prob_bloom_info(const uint8_t *data, size_t size, ProbBloomInfo *info, ProbError *err);

/*
 * bloom_agg(x [, fpr])'s transition state (bloom::DistinctBuilder): the set
 * of distinct hashes, from which the final function builds a filter sized to
 * their number. It lives and grows in memory from the allocator it was made
 * with, which must align blocks for 8-byte words and may be asked for more
 * than 1 GB. Only the memory's owner frees it. Long calls poll the interrupt
 * hook; every call here is safe to repeat after PROB_INTERRUPTED.
 */
typedef struct ProbBloomDistinct ProbBloomDistinct;

/* An empty set; PROB_INVALID_PARAMETER for a rate no filter can have. */
bool		prob_bloom_distinct_new(double fpr, const ProbAllocator *alloc, ProbBloomDistinct **state,
									ProbError *err);
/* PROB_MISMATCH when a later row passes another rate than the first. */
bool		prob_bloom_distinct_check_fpr(const ProbBloomDistinct *state, double fpr, ProbError *err);
/* PROB_TOO_LARGE past 100,000,000 distinct hashes. */
bool		prob_bloom_distinct_add(ProbBloomDistinct *state, uint64_t hash, ProbError *err);
/* Adds other's hashes to *state; a NULL *state is first made from alloc, like other. */
bool		prob_bloom_distinct_combine(ProbBloomDistinct **state, const ProbBloomDistinct *other,
										const ProbAllocator *alloc, ProbError *err);
/*
 * The serialized state (a 16-byte header: rate, count; then count hashes of
 * 8 bytes, little-endian), and the set it holds, after full validation.
 */
bool		prob_bloom_distinct_serialize(const ProbBloomDistinct *state, const ProbAllocator *alloc,
										  ProbBuffer *out, ProbError *err);
bool		prob_bloom_distinct_deserialize(const uint8_t *data, size_t size, const ProbAllocator *alloc,
											ProbBloomDistinct **state, ProbError *err);
/* The final filter (fixed, capacity the number of hashes, of values of kind); the state is unchanged. */
bool		prob_bloom_distinct_finish(const ProbBloomDistinct *state, uint16_t kind, const ProbAllocator *alloc,
									   ProbBuffer *out, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_BLOOM_CAPI_H */
