/*
 * The cuckoo type: I/O, functions, operators and aggregates.
 * Every SQL name here is the C symbol of the same name; equality and hashing
 * are bytea's own functions, declared in the SQL script.
 */
#include "hashing.h"
#include "kept_arg.h"
#include "memory.h"
#include "sketch.h"
#include "agg_calls.h"

#include "access/detoast.h"
#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/float.h"
#include "utils/fmgrprotos.h"
#include "utils/memutils.h"

#include "capi/cuckoo_capi.h"

/* A cuckoo filter keeps no working state: its aggregate's state is always a value. */
static const ProbSketchType cuckoo_type = {"cuckoo", prob_cuckoo_validate, NULL};

PROB_SKETCH_IO_FUNCTIONS(cuckoo, &cuckoo_type)

static struct varlena *
cuckoo_new_empty(int64 capacity, double fpr, uint64 seed)
{
	ProbBuffer	out;

	PROB_TRY(prob_cuckoo_empty(capacity, fpr, seed, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

/* cuckoo_agg(x, capacity, fpr): the aggregate's parameters (sketch.h). */
static bool
cuckoo_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_cuckoo_check_state_parameters(state, size, DatumGetInt64(values[0]), DatumGetFloat8(values[1]),
											  err);
}

static struct varlena *
cuckoo_agg_empty(int n, const Datum *values)
{
	return cuckoo_new_empty(DatumGetInt64(values[0]), DatumGetFloat8(values[1]), PROB_DEFAULT_SEED);
}

static const ProbAggregate cuckoo_agg = {
	"cuckoo_agg", "cuckoo_agg(x, 1000000, 0.01)", 2, 2,
	{{"capacity", INT8OID}, {"false positive rate", FLOAT8OID}},
	cuckoo_agg_check_params, cuckoo_agg_empty, NULL
};

PG_FUNCTION_INFO_V1(cuckoo_empty);
Datum
cuckoo_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(cuckoo_new_empty(PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1), (uint64) PG_GETARG_INT64(2)));
}

static uint64
cuckoo_seed_of(struct varlena *v)
{
	ProbCuckooParams params;

	PROB_TRY(prob_cuckoo_params(PROB_BYTES(v), &params, PROB_ERR));
	return params.seed;
}

typedef bool (*CuckooUpdateFn) (uint8_t *data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
								const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);

/* cuckoo_add and cuckoo_remove: a NULL filter gives NULL, a NULL value the filter unchanged. */
static Datum
cuckoo_update(FunctionCallInfo fcinfo, CuckooUpdateFn update)
{
	struct varlena *v;
	uint64		hash;
	ProbBuffer	out;
	const ProbHashType *type;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	v = PG_GETARG_VARLENA_PP(0);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(v);
	type = prob_arg_hash_type_cached(fcinfo, 1);
	prob_hash_prepare(type, v);
	hash = prob_hash_for_sketch(type, PG_GETARG_DATUM(1), cuckoo_seed_of(v), update == prob_cuckoo_add_hash);
	PROB_TRY(update((uint8_t *) VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), hash, type->value_kind, false,
					&prob_palloc_allocator, &out, PROB_ERR));
	return prob_result(v, out);
}

PG_FUNCTION_INFO_V1(cuckoo_add);
Datum
cuckoo_add(PG_FUNCTION_ARGS)
{
	return cuckoo_update(fcinfo, prob_cuckoo_add_hash);
}

/* A removal records no kind: the filter had the value's kind already, or holds nothing. */
static bool
cuckoo_remove_hash(uint8_t *data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
				   const ProbAllocator *alloc, ProbBuffer *out, ProbError *err)
{
	return prob_cuckoo_remove_hash(data, size, hash, in_place, alloc, out, err);
}

PG_FUNCTION_INFO_V1(cuckoo_remove);
Datum
cuckoo_remove(PG_FUNCTION_ARGS)
{
	return cuckoo_update(fcinfo, cuckoo_remove_hash);
}

/*
 * fn_extra of the membership functions: a filter stored out of line is kept
 * by its TOAST pointer (ProbKeptArg, common.h), so `FROM t, filters f WHERE
 * f.c @> t.id` detoasts the filter once rather than once per row, with its seed.
 */
typedef struct CuckooProbeCache
{
	ProbHashType type;			/* of the value argument */
	ProbKeptSketch kept;
} CuckooProbeCache;

/* Copies of the value's fingerprint in the filter. */
static int
cuckoo_copies(FunctionCallInfo fcinfo, int filter_arg, int value_arg)
{
	CuckooProbeCache *cache = (CuckooProbeCache *) fcinfo->flinfo->fn_extra;
	struct varlena *filter;
	uint64		seed;
	uint64		hash;
	int			count;

	if (cache == NULL)
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(CuckooProbeCache));
	filter = prob_kept_sketch(fcinfo, &cache->kept, filter_arg, cuckoo_seed_of, &seed);
	if (unlikely(!OidIsValid(cache->type.typid)))
		(void) prob_arg_hash_type(fcinfo, value_arg, &cache->type);
	prob_hash_prepare(&cache->type, filter);
	hash = prob_hash_for_sketch(&cache->type, PG_GETARG_DATUM(value_arg), seed, false);
	PROB_TRY(prob_cuckoo_count_hash(PROB_BYTES(filter), hash, &count, PROB_ERR));
	return count;
}

PG_FUNCTION_INFO_V1(cuckoo_contains);
Datum
cuckoo_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cuckoo_copies(fcinfo, 0, 1) > 0);
}

PG_FUNCTION_INFO_V1(cuckoo_contained);
Datum
cuckoo_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cuckoo_copies(fcinfo, 1, 0) > 0);
}

PG_FUNCTION_INFO_V1(cuckoo_count);
Datum
cuckoo_count(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(cuckoo_copies(fcinfo, 0, 1));
}

static struct varlena *
cuckoo_merge(struct varlena *a, struct varlena *b)
{
	ProbBuffer	out;

	PROB_TRY(prob_cuckoo_union(PROB_BYTES(a), PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

PG_FUNCTION_INFO_V1(cuckoo_union);
Datum
cuckoo_union(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(cuckoo_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

PG_FUNCTION_INFO_V1(cuckoo_cardinality);
Datum
cuckoo_cardinality(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbCuckooParams params;

	PROB_TRY(prob_cuckoo_params(PROB_BYTES(v), &params, PROB_ERR));
	PG_RETURN_INT64((int64) params.items);
}

PG_FUNCTION_INFO_V1(cuckoo_info);
Datum
cuckoo_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbCuckooInfo info;
	ProbJson	json;

	PROB_TRY(prob_cuckoo_info(PROB_BYTES(v), &info, PROB_ERR));
	prob_json_begin(&json);
	prob_json_header(&json, info.format_version, info.hash_id, info.seed, info.kind, v);
	prob_json_string(&json, "layout", "single");
	prob_json_int(&json, "subfilter_count", 1);
	prob_json_uint(&json, "capacity", info.capacity);
	prob_json_double(&json, "fpr", info.fpr);
	prob_json_int(&json, "fingerprint_bits", info.fingerprint_bits);
	prob_json_int(&json, "bucket_size", info.bucket_size);
	prob_json_uint(&json, "bucket_count", info.bucket_count);
	prob_json_uint(&json, "items", info.items);
	prob_json_double(&json, "load", info.load);
	prob_json_double(&json, "estimated_fpr", info.estimated_fpr);
	prob_json_double(&json, "bits_per_item", info.bits_per_item);
	PG_RETURN_DATUM(prob_json_end(&json));
}

/*
 * Aggregates. cuckoo_agg(x, capacity, fpr) and cuckoo_union_agg keep the
 * cuckoo type itself as their state; the transition function updates it in
 * place, the combine function is the multiset union. Final functions never
 * modify the state and return a copy.
 */
PG_FUNCTION_INFO_V1(cuckoo_add_trans);
Datum
cuckoo_add_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	uint64		hash;
	ProbBuffer	out;
	ProbArgCache *cache = prob_arg_cache(fcinfo);
	const ProbHashType *type;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;

	(void) prob_require_aggregate(fcinfo, "cuckoo_add_trans");
	n = prob_agg_row_params(fcinfo, &cuckoo_agg, 2, params);
	state = prob_agg_row_state(fcinfo, &cuckoo_agg, 2, n, params, &cache->params_known, &cache->params_constant,
							   cuckoo_agg_empty);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	type = prob_arg_hash_type_cached(fcinfo, 1);
	hash = prob_hash_datum(type, PG_GETARG_DATUM(1), PROB_DEFAULT_SEED);
	PROB_TRY(prob_cuckoo_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, hash, type->value_kind, true,
								  &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(state);
}

/* Strict: the aggregate machinery starts the state from a copy of the first non-NULL input. */
PG_FUNCTION_INFO_V1(cuckoo_union_trans);
Datum
cuckoo_union_trans(PG_FUNCTION_ARGS)
{
	(void) prob_require_aggregate(fcinfo, "cuckoo_union_trans");
	PG_RETURN_POINTER(cuckoo_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

/*
 * Final function of cuckoo_agg(x, capacity, fpr) and cuckoo_union_agg. Zero
 * rows: cuckoo_agg's empty filter of its constant parameters (sketch.h);
 * cuckoo_union_agg, which has none, NULL.
 */
PG_FUNCTION_INFO_V1(cuckoo_agg_final);
Datum
cuckoo_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &cuckoo_type, &cuckoo_agg);
}
