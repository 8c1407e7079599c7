/* The C face of the count-min core (countmin.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_COUNTMIN_CAPI_H
#define PROBABILISTIC_COUNTMIN_CAPI_H

#include "capi.h"
#include "core/countmin_cells.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The header of a stored value, read without touching its cells. */
typedef struct ProbCountminParams
{
	int			hash_id;
	uint64_t	seed;
	double		epsilon;
	double		delta;
	uint64_t	width;
	int			depth;
	uint64_t	total;
} ProbCountminParams;

typedef struct ProbCountminInfo
{
	int			format_version;
	int			hash_id;
	uint16_t	kind;			/* kind.hpp: 0 when none is recorded */
	uint64_t	seed;
	double		epsilon;
	double		delta;
	uint64_t	width;
	int			depth;
	uint64_t	total;
	double		error_bound;	/* epsilon * total */
	size_t		bytes;
} ProbCountminInfo;

/* The SQL defaults of epsilon and delta. */
extern const double prob_countmin_default_epsilon;
extern const double prob_countmin_default_delta;

/* Full field-by-field validation, for bytes from outside. */
bool		prob_countmin_validate(const uint8_t *data, size_t size, ProbError *err);
/* Header checks only. */
bool		prob_countmin_params(const uint8_t *data, size_t size, ProbCountminParams *params, ProbError *err);
bool		prob_countmin_empty(double epsilon, double delta, uint64_t seed, const ProbAllocator *alloc,
								ProbBuffer *out, ProbError *err);
/*
 * Aggregates' working states (never valid values; countmin.hpp): a list of
 * adds that becomes the value when it would be as large. prob_countmin_working
 * gives a value when the value is no larger than a short list;
 * prob_countmin_finish gives the value of a working state (or a copy of a
 * value) in new memory.
 */
bool		prob_countmin_is_working(const uint8_t *data, size_t size);
bool		prob_countmin_working(double epsilon, double delta, uint64_t seed, const ProbAllocator *alloc,
								  ProbBuffer *out, ProbError *err);
bool		prob_countmin_finish(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
								 ProbError *err);
/* The aggregate's sketch or working state was made with this epsilon and delta (PROB_REASON_PARAMETERS_CHANGED if not). */
bool		prob_countmin_check_state_parameters(const uint8_t *data, size_t size, double epsilon, double delta,
												 ProbError *err);
/* prob_countmin_add_hash's guarded part: every add that is not the common in-place case. */
bool		prob_countmin_add_hash_guarded(uint8_t *data, size_t size, uint64_t hash, int64_t weight, uint16_t kind,
										   bool in_place, const ProbAllocator *alloc, ProbBuffer *out,
										   ProbError *err);

/*
 * Adds weight (>= 0) to a hashed value of kind (an empty sketch takes it).
 * With in_place, writes into data; otherwise a changed result is new memory
 * and unchanged input comes back as is. A total past 2^63 - 1 fails
 * (PROB_TOO_LARGE) with data unchanged. The common in-place add (a sketch
 * already holding weight) is inline and outside the guard, as it cannot fail
 * or throw (countmin_cells.h); every other takes the guarded core call.
 */
static inline bool
prob_countmin_add_hash(uint8_t *data, size_t size, uint64_t hash, int64_t weight, uint16_t kind, bool in_place,
					   const ProbAllocator *alloc, ProbBuffer *out, ProbError *err)
{
	if (in_place && prob_countmin_add_in_place(data, size, hash, weight))
	{
		out->data = data;
		out->size = size;
		return true;
	}
	return prob_countmin_add_hash_guarded(data, size, hash, weight, kind, in_place, alloc, out, err);
}
bool		prob_countmin_count_hash(const uint8_t *data, size_t size, uint64_t hash, uint64_t *count,
									 ProbError *err);
/* Cell-wise sum into new memory; left is never written. */
bool		prob_countmin_union(const uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
								const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_countmin_info(const uint8_t *data, size_t size, ProbCountminInfo *info, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_COUNTMIN_CAPI_H */
