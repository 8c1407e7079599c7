/*
 * bloom_members(bloom, anyarray): a batch of values probed against a filter
 * in one call (doc/STREAMS.md). The elements are hashed here exactly as
 * bloom_contains hashes a value of the element type; the core tests them.
 */
#include "kept_arg.h"
#include "hashing.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/arrayaccess.h"
#include "utils/memutils.h"

#include "capi/bloom_capi.h"
#include "capi/bloom_stream_capi.h"

/* Elements hashed between interrupt checks (the core's probes poll on their own). */
#define MEMBERS_HASH_CHUNK 65536

/*
 * fn_extra of bloom_members. A stream's batch is probed against every live
 * slice in one query, `FROM slices, unnest(bloom_members(filter, $1))`: the
 * same array once per slice, and slices share their seed. So the hashes of
 * the last array are kept with a copy of its bytes and the seed they were
 * computed under, and reused when both match (comparing the bytes costs far
 * less than hashing them again). Enum elements hash their label, which ALTER
 * TYPE can rename between calls: never reused. The buffers live in fn_mcxt and
 * grow to the largest batch seen. A filter stored out of line is kept by its
 * TOAST pointer (ProbKeptArg, common.h): `FROM filters f, batches b` passes
 * the same filter with every array, and reading it per call would copy it
 * whole per array.
 */
typedef struct MembersCache
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
	int32	   *subscripts;
} MembersCache;

static MembersCache *
members_cache(FunctionCallInfo fcinfo)
{
	MembersCache *cache = (MembersCache *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && OidIsValid(cache->type.typid)))
		return cache;
	if (cache == NULL)
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(MembersCache));
	prob_arg_hash_type(fcinfo, 1, &cache->type);
	Assert(cache->type.kind == PROB_HASH_ARRAY);
	cache->reusable = cache->type.element->kind != PROB_HASH_ENUM;
	return cache;
}

/* Buffers for n elements (their contents are not kept when they grow). */
static void
members_room(FunctionCallInfo fcinfo, MembersCache *cache, int n)
{
	MemoryContext mcxt = fcinfo->flinfo->fn_mcxt;

	if (n <= cache->room)
		return;
	if (cache->hashes != NULL)
	{
		pfree(cache->hashes);
		pfree(cache->nulls);
		pfree(cache->subscripts);
		cache->hashes = NULL;
	}
	cache->room = 0;
	cache->hashes = MemoryContextAllocExtended(mcxt, sizeof(uint64) * (Size) n, MCXT_ALLOC_HUGE);
	cache->nulls = MemoryContextAllocExtended(mcxt, sizeof(bool) * (Size) n, MCXT_ALLOC_HUGE);
	cache->subscripts = MemoryContextAllocExtended(mcxt, sizeof(int32) * (Size) n, MCXT_ALLOC_HUGE);
	cache->room = n;
}

/* The hashes of array's n elements under seed into the cache, unless they are there already. */
static void
members_hash(FunctionCallInfo fcinfo, MembersCache *cache, ArrayType *array, int n, uint64 seed)
{
	const ProbHashType *element = cache->type.element;
	Size		size = VARSIZE(array);
	array_iter	iter;

	if (cache->valid && cache->seed == seed && cache->rule == element->rule &&
		cache->rule_kind == prob_hash_prepared_kind(element) && VARSIZE(cache->array) == size &&
		memcmp(cache->array, array, size) == 0)
		return;
	/* Not valid until done: an interrupt may leave the loop below. */
	cache->valid = false;
	members_room(fcinfo, cache, n);
	cache->has_nulls = ARR_HASNULL(array);
	array_iter_setup(&iter, (AnyArrayType *) array);
	for (int i = 0; i < n; i++)
	{
		bool		isnull;
		Datum		value = array_iter_next(&iter, &isnull, i, cache->type.elmlen, cache->type.elmbyval,
											cache->type.elmalign);

		if (i % MEMBERS_HASH_CHUNK == MEMBERS_HASH_CHUNK - 1)
			CHECK_FOR_INTERRUPTS();
		cache->nulls[i] = isnull;
		cache->hashes[i] = isnull ? 0 : prob_hash_for_sketch(element, value, seed, false);
	}
	if (!cache->reusable)
		return;
	if (cache->array_room < size)
	{
		if (cache->array != NULL)
			pfree(cache->array);
		cache->array = NULL;
		cache->array = MemoryContextAllocExtended(fcinfo->flinfo->fn_mcxt, size, MCXT_ALLOC_HUGE);
		cache->array_room = size;
	}
	memcpy(cache->array, array, size);
	cache->seed = seed;
	cache->rule = element->rule;
	cache->rule_kind = prob_hash_prepared_kind(element);
	cache->valid = true;
}

PG_FUNCTION_INFO_V1(bloom_members);
Datum
bloom_members(PG_FUNCTION_ARGS)
{
	MembersCache *cache = members_cache(fcinfo);
	struct varlena *filter = prob_kept_arg(fcinfo, &cache->kept, 0, NULL);
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(1);
	int			ndim = ARR_NDIM(array);
	int			n;
	ProbBloomParams params;
	ArrayType  *result;
	size_t		count;

	if (ndim > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("bloom_members takes a one-dimensional array, not one of %d dimensions", ndim),
				 errhint("Flatten it first, e.g. ARRAY(SELECT unnest(a)).")));
	prob_hash_prepare(cache->type.element, filter);
	n = ndim == 0 ? 0 : ARR_DIMS(array)[0];
	if (n == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(INT4OID));
	PROB_TRY(prob_bloom_params(PROB_BYTES(filter), &params, PROB_ERR));
	members_hash(fcinfo, cache, array, n, params.seed);
	PROB_TRY(prob_bloom_members(PROB_BYTES(filter), cache->hashes, cache->has_nulls ? cache->nulls : NULL,
								(size_t) n, ARR_LBOUND(array)[0], cache->subscripts, &count, PROB_ERR));
	if (count == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(INT4OID));
	result = palloc(ARR_OVERHEAD_NONULLS(1) + sizeof(int32) * count);
	SET_VARSIZE(result, ARR_OVERHEAD_NONULLS(1) + sizeof(int32) * count);
	result->ndim = 1;
	result->dataoffset = 0;
	result->elemtype = INT4OID;
	ARR_DIMS(result)[0] = (int) count;
	ARR_LBOUND(result)[0] = 1;
	memcpy(ARR_DATA_PTR(result), cache->subscripts, sizeof(int32) * count);
	PG_RETURN_ARRAYTYPE_P(result);
}
