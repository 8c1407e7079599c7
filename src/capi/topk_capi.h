/* The C face of the topk core (topk.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_TOPK_CAPI_H
#define PROBABILISTIC_TOPK_CAPI_H

#include "capi.h"
#include "core/topk_table.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PROB_TOPK_DEFAULT_SIZE 1024
#define PROB_TOPK_MAX_ITEM_BYTES 1024

typedef struct ProbTopkInfo
{
	int			format_version;
	int			hash_id;
	uint16_t	kind;			/* kind.hpp: 0 when none is recorded */
	int			width;			/* every item's length, 0: any */
	uint64_t	size;
	uint64_t	total;
	uint64_t	offset;			/* the maximum error of every bound */
	uint64_t	threshold;		/* floor(total / (size + 1)) */
	uint32_t	items;
	size_t		bytes;
} ProbTopkInfo;

/* One stored item: its bytes point into the value. */
typedef struct ProbTopkItem
{
	uint64_t	count;			/* the lower bound; the upper is count + offset */
	const uint8_t *item;
	uint32_t	length;
} ProbTopkItem;

/* Full field-by-field validation, for bytes from outside. */
bool		prob_topk_validate(const uint8_t *data, size_t size, ProbError *err);
bool		prob_topk_empty(int64_t k, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* Aggregates' working states (never valid values). */
bool		prob_topk_is_working(const uint8_t *data, size_t size);
bool		prob_topk_working(int64_t k, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_topk_working_of(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
								 ProbError *err);
/*
 * Adds to a working state in place when it fits, else into new memory (data
 * left as it was). The common add of an 8-byte item is inline and outside the
 * guard, as it cannot fail or throw: prob_topk_add8_in_place (core/topk_table.h),
 * which the caller tries first.
 */
bool		prob_topk_add(uint8_t *data, size_t size, const void *item, size_t item_size, int64_t weight,
						  uint16_t kind, uint8_t width, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* The canonical value of a working state or a value, in new memory. */
bool		prob_topk_finish(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
							 ProbError *err);
bool		prob_topk_check_state_size(const uint8_t *data, size_t size, int64_t k, ProbError *err);
/* Union of two values into new memory. */
bool		prob_topk_union(const uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
							const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* The stored items in order (count descending), an array from alloc (*items NULL when none). */
bool		prob_topk_items(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbTopkItem **items,
							uint32_t *n, ProbError *err);
bool		prob_topk_info(const uint8_t *data, size_t size, ProbTopkInfo *info, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_TOPK_CAPI_H */
