/* The C face of the cuckoo filter core (cuckoo.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_CUCKOO_CAPI_H
#define PROBABILISTIC_CUCKOO_CAPI_H

#include "capi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The header of a stored value, read without touching its table. */
typedef struct ProbCuckooParams
{
	int			hash_id;
	int			fingerprint_bits;
	uint64_t	seed;
	uint64_t	capacity;
	double		fpr;
	uint64_t	bucket_count;
	uint64_t	items;
} ProbCuckooParams;

typedef struct ProbCuckooInfo
{
	int			format_version;
	int			hash_id;
	uint16_t	kind;			/* kind.hpp: 0 when none is recorded */
	uint64_t	seed;
	uint64_t	capacity;
	double		fpr;			/* the target */
	int			fingerprint_bits;
	int			bucket_size;
	uint64_t	bucket_count;
	uint64_t	items;
	double		load;			/* items / entries */
	double		estimated_fpr;	/* now, from the load */
	double		bits_per_item;	/* table bits / capacity */
	size_t		bytes;
} ProbCuckooInfo;

/* Full field-by-field validation, for bytes from outside. */
bool		prob_cuckoo_validate(const uint8_t *data, size_t size, ProbError *err);
/* Header checks only. */
bool		prob_cuckoo_params(const uint8_t *data, size_t size, ProbCuckooParams *params, ProbError *err);
/* Bytes of a new, empty filter; checks the parameters and the size limit, allocates nothing. */
bool		prob_cuckoo_size(int64_t capacity, double fpr, size_t *size, ProbError *err);
bool		prob_cuckoo_empty(int64_t capacity, double fpr, uint64_t seed, const ProbAllocator *alloc,
							  ProbBuffer *out, ProbError *err);
/* The aggregate's filter was made with this capacity and rate (PROB_REASON_PARAMETERS_CHANGED if not). */
bool		prob_cuckoo_check_state_parameters(const uint8_t *data, size_t size, int64_t capacity, double fpr,
											   ProbError *err);
/*
 * With in_place, writes into data; otherwise a changed result is new memory and
 * unchanged input comes back as is. A full table fails (PROB_TOO_LARGE) with
 * data unchanged.
 */
bool		prob_cuckoo_add_hash(uint8_t *data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
								 const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_cuckoo_remove_hash(uint8_t *data, size_t size, uint64_t hash, bool in_place,
									const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_cuckoo_count_hash(const uint8_t *data, size_t size, uint64_t hash, int *count,
								   ProbError *err);
/* Multiset union into new memory; left is never written. */
bool		prob_cuckoo_union(const uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
							  const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_cuckoo_info(const uint8_t *data, size_t size, ProbCuckooInfo *info, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_CUCKOO_CAPI_H */
