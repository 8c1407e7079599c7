/* The C face of the age-partitioned Bloom filter core (agebloom.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_AGEBLOOM_CAPI_H
#define PROBABILISTIC_AGEBLOOM_CAPI_H

#include "capi.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PROB_AGEBLOOM_MODE_COUNT 1
#define PROB_AGEBLOOM_MODE_TIME 2

/* The header of a stored value, read without touching its slices. */
typedef struct ProbAgebloomParams
{
	int			hash_id;
	int			mode;
	uint64_t	seed;
	uint64_t	window;
	uint64_t	capacity;
	double		fpr;
	int			generations;
	uint64_t	generation_length;
	int64_t		generation;		/* INT64_MIN before a time filter's first add */
	uint64_t	items;
} ProbAgebloomParams;

typedef struct ProbAgebloomInfo
{
	int			format_version;
	int			hash_id;
	uint16_t	kind;
	int			mode;
	uint64_t	seed;
	uint64_t	window;			/* insertions, or microseconds */
	uint64_t	capacity;
	double		fpr;
	int			k;
	int			generations;
	uint64_t	generation_length;
	uint64_t	generation_limit;
	uint64_t	slice_bits;
	int64_t		generation;
	uint64_t	items;
	uint64_t	live_items;
	uint64_t	current_items;
	double		fill;
	double		estimated_fpr;
	double		bits_per_item;
	size_t		bytes;
} ProbAgebloomInfo;

bool		prob_agebloom_validate(const uint8_t *data, size_t size, ProbError *err);
bool		prob_agebloom_params(const uint8_t *data, size_t size, ProbAgebloomParams *params, ProbError *err);
/* Bytes of a new, empty filter; window is insertions (count mode) or microseconds (time mode). */
bool		prob_agebloom_size(int mode, int64_t window, int64_t capacity, double fpr, int generations, size_t *size,
							   ProbError *err);
bool		prob_agebloom_empty(int mode, int64_t window, int64_t capacity, double fpr, int generations, uint64_t seed,
								const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_agebloom_check_state_parameters(const uint8_t *data, size_t size, int mode, int64_t window,
												 int64_t capacity, double fpr, int generations, ProbError *err);
/*
 * micros: the add's time (time mode). With in_place, writes into data; otherwise a
 * changed result is new memory and unchanged input comes back as is. A full
 * generation fails (PROB_TOO_LARGE) with data unchanged.
 */
bool		prob_agebloom_add_hash(uint8_t *data, size_t size, uint64_t hash, int64_t micros, uint16_t kind,
								   bool in_place, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_agebloom_contains_hash(const uint8_t *data, size_t size, uint64_t hash, bool *found, ProbError *err);
bool		prob_agebloom_contains_hash_at(const uint8_t *data, size_t size, uint64_t hash, int64_t micros,
										   bool *found, ProbError *err);
/* Union into new memory; left is never written. */
bool		prob_agebloom_union(const uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
								const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_agebloom_info(const uint8_t *data, size_t size, ProbAgebloomInfo *info, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_AGEBLOOM_CAPI_H */
