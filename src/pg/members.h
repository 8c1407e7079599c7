/*
 * The *_members(filter, anyarray) functions (bloom_members, fuse_members): a
 * batch of values probed against a filter in one call (doc/STREAMS.md). The
 * elements are hashed here exactly as the type's contains function hashes a
 * value of the element type; the type's core tests the hashes.
 */
#ifndef PROBABILISTIC_MEMBERS_H
#define PROBABILISTIC_MEMBERS_H

#include "hashing.h"
#include "kept_arg.h"

#include "utils/array.h"

/*
 * fn_extra of a members function. A stream's batch is probed against every
 * live slice in one query, `FROM slices, unnest(bloom_members(filter, $1))`:
 * the same array once per slice, and slices share their seed. So the hashes
 * of the last array are kept with a copy of its bytes and the seed they were
 * computed under, and reused when both match (comparing the bytes costs far
 * less than hashing them again). Enum elements hash their label, which ALTER
 * TYPE can rename between calls: never reused. The buffers live in fn_mcxt
 * and grow to the largest batch seen. A filter stored out of line is kept by
 * its TOAST pointer (kept_arg.h): `FROM filters f, batches b` passes the same
 * filter with every array, and reading it per call would copy it whole per array.
 */
typedef struct ProbMembersCache
{
	ProbHashType type;			/* of the array argument; element is the rule */
	ProbKeptArg kept;			/* the last filter stored out of line */
	bool		reusable;		/* the element's hash depends on its bytes alone */
	bool		valid;			/* array, seed and the buffers hold a batch's hashes */
	ArrayType  *array;			/* copy of the last array hashed, or NULL */
	Size		array_room;
	uint64		seed;			/* that array's hashes were computed under, */
	const struct ProbValueRule *rule;	/* for a sketch of this kind */
	uint16		rule_kind;
	bool		has_nulls;
	int			room;			/* elements the buffers below hold */
	uint64	   *hashes;
	bool	   *nulls;
	bool	   *found;			/* for a core that answers per element */
	int32	   *subscripts;
} ProbMembersCache;

/* A members function's arguments, read by prob_members_args. */
typedef struct ProbMembersArgs
{
	ProbMembersCache *cache;
	struct varlena *filter;		/* argument 0, detoasted (kept when stored out of line) */
	ArrayType  *array;			/* argument 1 */
	int			n;				/* its elements */
} ProbMembersArgs;

/*
 * The arguments of name(filter, anyarray): the array refused unless it has at
 * most one dimension, the element's rule prepared for the filter.
 */
extern void prob_members_args(FunctionCallInfo fcinfo, const char *name, ProbMembersArgs *args);

/*
 * The hashes of array's n elements under seed into the cache (hashes, nulls,
 * has_nulls), unless they are there already. The element's rule must be
 * prepared for the filter (prob_hash_prepare) first.
 */
extern void prob_members_hash(FunctionCallInfo fcinfo, ProbMembersCache *cache, ArrayType *array, int n,
							  uint64 seed);

/* The result: an integer[] of count subscripts (an empty array when count is 0). */
extern ArrayType *prob_members_result(const int32 *subscripts, size_t count);

#endif							/* PROBABILISTIC_MEMBERS_H */
