/* The C face of the kll core (kll.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_KLL_CAPI_H
#define PROBABILISTIC_KLL_CAPI_H

#include "capi.h"
#include "core/kll_row.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default of kll_agg(x): DataSketches' k. */
#define PROB_KLL_DEFAULT_K 200

/* min and max are 0 when n is 0. */
typedef struct ProbKllSummary
{
	uint64_t	n;
	double		min;
	double		max;
	uint16_t	k;
	uint16_t	min_k;
} ProbKllSummary;

typedef struct ProbKllInfo
{
	int			format_version;
	uint16_t	k;
	uint16_t	min_k;
	uint64_t	n;
	int			num_levels;
	uint32_t	retained;
	bool		level_zero_sorted;
	uint32_t	level_sizes[PROB_KLL_MAX_LEVELS];
	double		rank_error;
	double		rank_error_double_sided;
} ProbKllInfo;

/* Full field-by-field validation, for bytes from outside (working states refused). */
bool		prob_kll_validate(const uint8_t *data, size_t size, ProbError *err);
bool		prob_kll_empty(int64_t k, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* An aggregate's working state (never a value: prob_kll_finish makes one of it). */
bool		prob_kll_working(int64_t k, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
bool		prob_kll_is_working(const uint8_t *data, size_t size);
bool		prob_kll_finish(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
							ProbError *err);
/* The aggregate's state was made with this k (PROB_REASON_PARAMETERS_CHANGED if not). */
bool		prob_kll_check_state_k(const uint8_t *data, size_t size, int64_t k, ProbError *err);
/*
 * Adds one value (NaN refused) to a working state or a value (which becomes a
 * working state). With in_place, writes into data when the size does not
 * change and returns it; else new memory.
 */
bool		prob_kll_add(uint8_t *data, size_t size, double value, bool in_place, const ProbAllocator *alloc,
						 ProbBuffer *out, ProbError *err);
/* DataSketches' merge of right into a copy of left, as a value; neither input is written. */
bool		prob_kll_union(const uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
						   const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* The n quantiles qs (each in [0, 1]), DataSketches' inclusive rule; *found false for an empty sketch. */
bool		prob_kll_quantiles(const uint8_t *data, size_t size, const double *qs, int n, double *out, bool *found,
							   ProbError *err);
/* The fraction of the weight at or below x; *found false for an empty sketch. */
bool		prob_kll_rank(const uint8_t *data, size_t size, double x, double *out, bool *found, ProbError *err);
bool		prob_kll_summary(const uint8_t *data, size_t size, ProbKllSummary *summary, ProbError *err);
/* DataSketches' normalized rank error of k, single- or double-sided. */
double		prob_kll_rank_error(uint16_t k, bool double_sided);
bool		prob_kll_info(const uint8_t *data, size_t size, ProbKllInfo *info, ProbError *err);
/* A DataSketches KLL image (doubles or floats), validated, as a value. */
bool		prob_kll_import(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
							ProbError *err);
/* The image datasketches-cpp writes for the sketch, of doubles or (floats) of floats. */
bool		prob_kll_export(const uint8_t *data, size_t size, bool floats, const ProbAllocator *alloc,
							ProbBuffer *out, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_KLL_CAPI_H */
