/*
 * bloom_members(bloom, anyarray): a batch of values probed against a filter
 * in one call (doc/STREAMS.md). The elements are hashed here exactly as
 * bloom_contains hashes a value of the element type; the core tests them.
 */
#include "probabilistic.h"

#include "hashing.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/arrayaccess.h"
#include "utils/memutils.h"

#include "capi/bloom_capi.h"
#include "capi/bloom_stream_capi.h"

/* Elements hashed between interrupt checks (the core's probes poll on their own). */
#define MEMBERS_HASH_CHUNK 65536

PG_FUNCTION_INFO_V1(bloom_members);
Datum
bloom_members(PG_FUNCTION_ARGS)
{
	struct varlena *filter = PG_GETARG_VARLENA_PP(0);
	ArrayType  *array = PG_GETARG_ARRAYTYPE_P(1);
	const ProbHashType *type = prob_arg_hash_type_cached(fcinfo, 1);
	const ProbHashType *element = type->element;
	int			ndim = ARR_NDIM(array);
	int			n;
	ProbBloomParams params;
	uint64	   *hashes;
	bool	   *nulls = NULL;
	array_iter	iter;
	ArrayType  *result;
	size_t		count;

	if (ndim > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("bloom_members takes a one-dimensional array, not one of %d dimensions", ndim),
				 errhint("Flatten it first, e.g. ARRAY(SELECT unnest(a)).")));
	Assert(type->kind == PROB_HASH_ARRAY);
	prob_hash_check_sketch(element, filter);
	n = ndim == 0 ? 0 : ARR_DIMS(array)[0];
	if (n == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(INT4OID));
	PROB_TRY(prob_bloom_params(PROB_BYTES(filter), &params, PROB_ERR));

	hashes = palloc_extended(sizeof(uint64) * (Size) n, MCXT_ALLOC_HUGE);
	if (ARR_HASNULL(array))
		nulls = palloc(sizeof(bool) * (Size) n);
	array_iter_setup(&iter, (AnyArrayType *) array);
	for (int i = 0; i < n; i++)
	{
		bool		isnull;
		Datum		value = array_iter_next(&iter, &isnull, i, type->elmlen, type->elmbyval,
											type->elmalign);

		if (i % MEMBERS_HASH_CHUNK == MEMBERS_HASH_CHUNK - 1)
			CHECK_FOR_INTERRUPTS();
		if (nulls != NULL)
			nulls[i] = isnull;
		hashes[i] = isnull ? 0 : prob_hash_datum(element, value, params.seed);
	}

	/* The subscripts go straight into the result, which is then cut to their number. */
	result = palloc(ARR_OVERHEAD_NONULLS(1) + sizeof(int32) * (Size) n);
	result->ndim = 1;
	result->dataoffset = 0;
	result->elemtype = INT4OID;
	ARR_LBOUND(result)[0] = 1;
	PROB_TRY(prob_bloom_members(PROB_BYTES(filter), hashes, nulls, (size_t) n, ARR_LBOUND(array)[0],
								(int32_t *) ARR_DATA_PTR(result), &count, PROB_ERR));
	pfree(hashes);
	if (nulls != NULL)
		pfree(nulls);
	if (count == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(INT4OID));
	SET_VARSIZE(result, ARR_OVERHEAD_NONULLS(1) + sizeof(int32) * count);
	ARR_DIMS(result)[0] = (int) count;
	PG_RETURN_ARRAYTYPE_P(result);
}
