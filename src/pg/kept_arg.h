/*
 * A sketch argument kept across the calls of one expression: the TOAST
 * cache of the membership and probe functions.
 */
#ifndef PROBABILISTIC_KEPT_ARG_H
#define PROBABILISTIC_KEPT_ARG_H

#include "probabilistic.h"

/*
 * A sketch argument kept across the calls of one expression (in fn_extra). A
 * sketch stored out of line reaches every call as the same TOAST pointer:
 * `FROM t, filters f WHERE f.b @> t.id` passes it once per row of t, and
 * detoasting it each time would copy the whole sketch per row. So the
 * detoasted copy is kept in fn_mcxt for as long as the calling expression
 * lives, keyed by the TOAST pointer (value OID and TOAST relation, compared
 * with memcmp as PostgreSQL itself compares them). A value OID is not reused
 * while any snapshot can still see the old value. Zeroed memory is an empty
 * ProbKeptArg.
 */
typedef struct ProbKeptArg
{
	struct varatt_external pointer;
	struct varlena *copy;		/* detoasted, in fn_mcxt; NULL until one is kept */
} ProbKeptArg;

/*
 * Argument argno, detoasted. One stored out of line is kept (replacing the
 * copy kept before); *again says whether it is the copy an earlier call kept,
 * so that what the caller derived from it is still good. Any other argument
 * is detoasted as usual and never kept (*again false): one stored inline or
 * computed per row may be another value at the same address. again may be
 * NULL when the caller derives nothing from the copy.
 */
extern struct varlena *prob_kept_arg(FunctionCallInfo fcinfo, ProbKeptArg *kept, int argno, bool *again);

/*
 * A sketch argument kept with its seed, which the membership functions hash
 * the probed value under: read from the header once per kept copy.
 */
typedef struct ProbKeptSketch
{
	ProbKeptArg kept;
	bool		seed_known;		/* seed is the kept copy's */
	uint64		seed;
} ProbKeptSketch;

/* Argument argno as prob_kept_arg gives it, and its seed (seed_of reads a header; it may raise). */
extern struct varlena *prob_kept_sketch(FunctionCallInfo fcinfo, ProbKeptSketch *kept, int argno,
										uint64 (*seed_of) (struct varlena *), uint64 *seed);

#endif							/* PROBABILISTIC_KEPT_ARG_H */
