/* The C face of the joint estimates of two hll values (hll_joint.hpp). */
#ifndef PROBABILISTIC_HLL_JOINT_CAPI_H
#define PROBABILISTIC_HLL_JOINT_CAPI_H

#include "capi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ProbHllEstimate
{
	double		value;
	double		standard_error;
} ProbHllEstimate;

/* |A|, |B|, |A ∪ B|, |A ∩ B|, |A \ B|, |B \ A| and the Jaccard index. */
typedef struct ProbHllOverlap
{
	ProbHllEstimate a;
	ProbHllEstimate b;
	ProbHllEstimate union_;
	ProbHllEstimate intersection;
	ProbHllEstimate a_only;
	ProbHllEstimate b_only;
	ProbHllEstimate jaccard;
	double		intersection_unclamped;	/* the signed |A ∩ B| (hll_joint.hpp) */

	/*
	 * When a confidence was given: lower and upper bound of a, b, union_,
	 * intersection, a_only and b_only in that order (rounded as
	 * hll_cardinality), and of the Jaccard index.
	 */
	int64_t		count_bounds[6][2];
	double		jaccard_bounds[2];
} ProbHllOverlap;

/*
 * Joint estimates of two values; PROB_MISMATCH for different seeds or hash
 * functions. With a confidence (not NULL; in (0, 1), else
 * PROB_INVALID_PARAMETER), also every estimate's bounds.
 */
bool		prob_hll_overlap(const uint8_t *a, size_t a_size, const uint8_t *b, size_t b_size,
							 const double *confidence, ProbHllOverlap *out, ProbError *err);
/* hll_cardinality_bounds: likelihood-ratio bounds of one value's cardinality. */
bool		prob_hll_cardinality_bounds(const uint8_t *data, size_t size, double confidence,
										int64_t *lower, int64_t *upper, ProbError *err);
/* One value's estimate and its standard error. */
bool		prob_hll_estimate_with_error(const uint8_t *data, size_t size, ProbHllEstimate *out,
										 ProbError *err);
/* A count rounded as hll_cardinality rounds it. */
int64_t		prob_hll_round_count(double value);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_HLL_JOINT_CAPI_H */
