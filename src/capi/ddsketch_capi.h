/* The C face of the ddsketch core (ddsketch.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_DDSKETCH_CAPI_H
#define PROBABILISTIC_DDSKETCH_CAPI_H

#include "capi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The defaults of ddsketch_agg(x). */
#define PROB_DDSKETCH_DEFAULT_ALPHA 0.01
#define PROB_DDSKETCH_DEFAULT_MAX_BUCKETS 2048

/* The exact summary of a value; min and max are 0 when count is 0. */
typedef struct ProbDdsketchSummary
{
	uint64_t	count;
	double		min;
	double		max;
} ProbDdsketchSummary;

typedef struct ProbDdsketchStore
{
	uint64_t	count;
	uint32_t	buckets;
	int32_t		lowest_index;
	bool		collapsed;
	double		collapse_bound; /* values of magnitude up to this were folded; 0 when none */
} ProbDdsketchStore;

typedef struct ProbDdsketchInfo
{
	int			format_version;
	double		alpha;
	uint32_t	max_buckets;
	uint64_t	count;
	uint64_t	zero_count;
	ProbDdsketchStore positive;
	ProbDdsketchStore negative;
	bool		sum_unknown;	/* imported: no sum held, min and max estimated */
	size_t		bytes;
} ProbDdsketchInfo;

/* Full field-by-field validation, for bytes from outside. */
bool		prob_ddsketch_validate(const uint8_t *data, size_t size, ProbError *err);
bool		prob_ddsketch_empty(double alpha, int64_t max_buckets, const ProbAllocator *alloc, ProbBuffer *out,
								ProbError *err);
/* The aggregate's sketch was made with these parameters (PROB_REASON_PARAMETERS_CHANGED if not). */
bool		prob_ddsketch_check_state_parameters(const uint8_t *data, size_t size, double alpha,
												 int64_t max_buckets, ProbError *err);
/*
 * Adds one value (NaN and infinities are refused). With in_place, writes into
 * data when the size does not change and returns it; else new memory.
 */
bool		prob_ddsketch_add(uint8_t *data, size_t size, double value, bool in_place, const ProbAllocator *alloc,
							  ProbBuffer *out, ProbError *err);
/* Exact bucket addition into new memory; neither input is written. */
bool		prob_ddsketch_union(const uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
								const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/*
 * The n quantiles qs (each in [0, 1]) into out: percentile_disc's position,
 * or with interpolate percentile_cont's. *found is false for an empty sketch.
 */
bool		prob_ddsketch_quantiles(const uint8_t *data, size_t size, const double *qs, int n, bool interpolate,
									double *out, bool *found, ProbError *err);
/* The fraction of values at or below x; *found false for an empty sketch. */
bool		prob_ddsketch_rank(const uint8_t *data, size_t size, double x, double *out, bool *found, ProbError *err);
bool		prob_ddsketch_summary(const uint8_t *data, size_t size, ProbDdsketchSummary *summary, ProbError *err);
/* The exact sum rounded once (PROB_TOO_LARGE past the double range). */
bool		prob_ddsketch_sum(const uint8_t *data, size_t size, double *sum, ProbError *err);
/*
 * DataDog's DDSketch protobuf image (doc/FORMAT.md 6.9): import validates it
 * field by field into a new value; export writes a value's image.
 */
bool		prob_ddsketch_import_datadog(const uint8_t *data, size_t size, const ProbAllocator *alloc,
										 ProbBuffer *out, ProbError *err);
bool		prob_ddsketch_export_datadog(const uint8_t *data, size_t size, const ProbAllocator *alloc,
										 ProbBuffer *out, ProbError *err);
bool		prob_ddsketch_info(const uint8_t *data, size_t size, ProbDdsketchInfo *info, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_DDSKETCH_CAPI_H */
