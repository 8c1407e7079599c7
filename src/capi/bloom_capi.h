/* The C face of the Bloom filter core (bloom.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_BLOOM_CAPI_H
#define PROBABILISTIC_BLOOM_CAPI_H

#include "capi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PROB_BLOOM_MAX_LAYERS 64

/* The header of a stored value, read without touching its bits. */
typedef struct ProbBloomParams
{
	bool		scalable;
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
	bool		scalable;
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
/* Header checks only. */
bool		prob_bloom_params(const uint8_t *data, size_t size, ProbBloomParams *params, ProbError *err);
/* Bytes of a new, empty filter; checks the parameters and the size limit, allocates nothing. */
bool		prob_bloom_size(int64_t capacity, double fpr, bool scalable, size_t *size, ProbError *err);
bool		prob_bloom_empty(int64_t capacity, double fpr, bool scalable, uint64_t seed,
							 const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* With in_place, writes into data unless a scalable filter must grow; unchanged input comes back as is. */
bool		prob_bloom_add_hash(uint8_t *data, size_t size, uint64_t hash, bool in_place,
								const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_bloom_contains_hash(const uint8_t *data, size_t size, uint64_t hash, bool *result,
									 ProbError *err);
bool		prob_bloom_union(uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
							 bool in_place, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_bloom_intersect(uint8_t *left, size_t left_size, const uint8_t *right,
								 size_t right_size, bool in_place, const ProbAllocator *alloc,
								 ProbBuffer *out, ProbError *err);
/* Every bit set in inner is set in outer. */
bool		prob_bloom_contains(const uint8_t *outer, size_t outer_size, const uint8_t *inner,
								size_t inner_size, bool *result, ProbError *err);
bool		prob_bloom_cardinality(const uint8_t *data, size_t size, double *estimate, ProbError *err);
bool		prob_bloom_fpr(const uint8_t *data, size_t size, double *fpr, ProbError *err);
bool		prob_bloom_info(const uint8_t *data, size_t size, ProbBloomInfo *info, ProbError *err);

/*
 * The serialized transition state of bloom_agg(x [, fpr]) (bloom.hpp): a
 * 16-byte header (rate, count), then count hashes of 8 bytes. parse validates
 * bytes from elsewhere; the others cannot fail and trust their arguments.
 */
#define PROB_BLOOM_DISTINCT_HEADER_SIZE 16
bool		prob_bloom_distinct_state_parse(const uint8_t *data, size_t size, double *fpr, uint64_t *count,
											ProbError *err);
void		prob_bloom_distinct_state_init(uint8_t *state, double fpr, uint64_t count);
uint64_t	prob_bloom_distinct_state_hash(const uint8_t *state, uint64_t i);
void		prob_bloom_distinct_state_set_hash(uint8_t *state, uint64_t i, uint64_t hash);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_BLOOM_CAPI_H */
