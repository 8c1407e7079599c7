/*
 * What the *_members functions share (members.h).
 */
#include "members.h"

#include "catalog/pg_type.h"
#include "utils/arrayaccess.h"
#include "utils/memutils.h"

/* Elements hashed between interrupt checks (the core's probes poll on their own). */
#define MEMBERS_HASH_CHUNK 65536

static ProbMembersCache *
members_cache(FunctionCallInfo fcinfo)
{
	ProbMembersCache *cache = (ProbMembersCache *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && OidIsValid(cache->type.typid)))
		return cache;
	if (cache == NULL)
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(ProbMembersCache));
	prob_arg_hash_type(fcinfo, 1, &cache->type);
	Assert(cache->type.kind == PROB_HASH_ARRAY);
	cache->reusable = cache->type.element->kind != PROB_HASH_ENUM;
	return cache;
}

void
prob_members_args(FunctionCallInfo fcinfo, const char *name, ProbMembersArgs *args)
{
	int			ndim;

	args->cache = members_cache(fcinfo);
	args->filter = prob_kept_arg(fcinfo, &args->cache->kept, 0, NULL);
	args->array = PG_GETARG_ARRAYTYPE_P(1);
	ndim = ARR_NDIM(args->array);
	if (ndim > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s takes a one-dimensional array, not one of %d dimensions", name, ndim),
				 errhint("Flatten it first, e.g. ARRAY(SELECT unnest(a)).")));
	prob_hash_prepare(args->cache->type.element, args->filter);
	args->n = ndim == 0 ? 0 : ARR_DIMS(args->array)[0];
}

/* Buffers for n elements (their contents are not kept when they grow). */
static void
members_room(FunctionCallInfo fcinfo, ProbMembersCache *cache, int n)
{
	MemoryContext mcxt = fcinfo->flinfo->fn_mcxt;

	if (n <= cache->room)
		return;
	if (cache->hashes != NULL)
	{
		pfree(cache->hashes);
		pfree(cache->nulls);
		pfree(cache->found);
		pfree(cache->subscripts);
		cache->hashes = NULL;
	}
	cache->room = 0;
	cache->hashes = MemoryContextAllocExtended(mcxt, sizeof(uint64) * (Size) n, MCXT_ALLOC_HUGE);
	cache->nulls = MemoryContextAllocExtended(mcxt, sizeof(bool) * (Size) n, MCXT_ALLOC_HUGE);
	cache->found = MemoryContextAllocExtended(mcxt, sizeof(bool) * (Size) n, MCXT_ALLOC_HUGE);
	cache->subscripts = MemoryContextAllocExtended(mcxt, sizeof(int32) * (Size) n, MCXT_ALLOC_HUGE);
	cache->room = n;
}

void
prob_members_hash(FunctionCallInfo fcinfo, ProbMembersCache *cache, ArrayType *array, int n, uint64 seed)
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

ArrayType *
prob_members_result(const int32 *subscripts, size_t count)
{
	ArrayType  *result;

	if (count == 0)
		return construct_empty_array(INT4OID);
	result = palloc(ARR_OVERHEAD_NONULLS(1) + sizeof(int32) * count);
	SET_VARSIZE(result, ARR_OVERHEAD_NONULLS(1) + sizeof(int32) * count);
	result->ndim = 1;
	result->dataoffset = 0;
	result->elemtype = INT4OID;
	ARR_DIMS(result)[0] = (int) count;
	ARR_LBOUND(result)[0] = 1;
	memcpy(ARR_DATA_PTR(result), subscripts, sizeof(int32) * count);
	return result;
}
