/*
 * The countmin type: I/O, functions, operators and aggregates.
 * Every SQL name here is the C symbol of the same name; equality and hashing
 * are bytea's own functions, declared in the SQL script.
 */
#include "hashing.h"
#include "kept_arg.h"
#include "memory.h"
#include "sketch.h"
#include "agg_calls.h"

#include "catalog/pg_type.h"
#include "utils/builtins.h"

#include "capi/countmin_capi.h"

/* The value of what may be a working state (countmin_agg's list of adds; sketch.h). */
static struct varlena *
countmin_finished(struct varlena *v)
{
	ProbBuffer	out;

	if (!prob_countmin_is_working(PROB_BYTES(v)))
		return v;
	PROB_TRY(prob_countmin_finish(PROB_BYTES(v), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

static const ProbSketchType countmin_type = {"countmin", prob_countmin_validate, countmin_finished};

PROB_SKETCH_IO_FUNCTIONS(countmin, &countmin_type)

static struct varlena *
countmin_new_empty(double epsilon, double delta, uint64 seed)
{
	ProbBuffer	out;

	PROB_TRY(prob_countmin_empty(epsilon, delta, seed, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

/* countmin_agg(x [, weight] [, epsilon, delta]): the aggregate's parameters (sketch.h). */
static bool
countmin_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	if (n == 0)
		return prob_countmin_check_state_parameters(state, size, prob_countmin_default_epsilon,
													prob_countmin_default_delta, err);
	return prob_countmin_check_state_parameters(state, size, DatumGetFloat8(values[0]), DatumGetFloat8(values[1]),
												err);
}

static struct varlena *
countmin_agg_empty(int n, const Datum *values)
{
	if (n == 0)
		return countmin_new_empty(prob_countmin_default_epsilon, prob_countmin_default_delta, PROB_DEFAULT_SEED);
	return countmin_new_empty(DatumGetFloat8(values[0]), DatumGetFloat8(values[1]), PROB_DEFAULT_SEED);
}

/* A working state of n parameters (0: the SQL defaults), or a value when that is as small. */
static struct varlena *
countmin_agg_working(int n, const Datum *values)
{
	ProbBuffer	out;

	PROB_TRY(prob_countmin_working(n == 0 ? prob_countmin_default_epsilon : DatumGetFloat8(values[0]),
								   n == 0 ? prob_countmin_default_delta : DatumGetFloat8(values[1]),
								   PROB_DEFAULT_SEED, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

static const char *const countmin_agg_finals[] = {"countmin_agg_final", NULL};

/* The parameters follow the value (countmin_agg(x, epsilon, delta)) or its weight. */
static const ProbAggregate countmin_agg = {
	"countmin_agg", "countmin_agg(x, 0.001, 0.01)", 0, 2,
	{{"epsilon", FLOAT8OID}, {"delta", FLOAT8OID}},
	countmin_agg_check_params, countmin_agg_empty, countmin_agg_finals
};
static const ProbAggregate countmin_agg_weighted = {
	"countmin_agg", "countmin_agg(x, weight, 0.001, 0.01)", 0, 2,
	{{"epsilon", FLOAT8OID}, {"delta", FLOAT8OID}},
	countmin_agg_check_params, countmin_agg_empty, countmin_agg_finals
};

PG_FUNCTION_INFO_V1(countmin_empty);
Datum
countmin_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(countmin_new_empty(PG_GETARG_FLOAT8(0), PG_GETARG_FLOAT8(1), (uint64) PG_GETARG_INT64(2)));
}

static ProbCountminParams
countmin_params_of(struct varlena *v)
{
	ProbCountminParams params;

	PROB_TRY(prob_countmin_params(PROB_BYTES(v), &params, PROB_ERR));
	return params;
}

/* countmin_add(sketch, x [, weight]): a NULL sketch gives NULL, a NULL value or weight the sketch unchanged. */
PG_FUNCTION_INFO_V1(countmin_add);
Datum
countmin_add(PG_FUNCTION_ARGS)
{
	struct varlena *v;
	uint64		hash;
	int64		weight = 1;
	ProbBuffer	out;
	const ProbHashType *type;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	v = PG_GETARG_VARLENA_PP(0);
	if (PG_ARGISNULL(1) || (PG_NARGS() > 2 && PG_ARGISNULL(2)))
		PG_RETURN_POINTER(v);
	if (PG_NARGS() > 2)
		weight = PG_GETARG_INT64(2);
	type = prob_arg_hash_type_cached(fcinfo, 1);
	prob_hash_prepare(type, v);
	hash = prob_hash_for_sketch(type, PG_GETARG_DATUM(1), countmin_params_of(v).seed, true);
	PROB_TRY(prob_countmin_add_hash((uint8_t *) VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), hash, weight,
									type->value_kind, false, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_result(v, out);
}

/*
 * fn_extra of countmin_count: a sketch stored out of line is kept by its
 * TOAST pointer (kept_arg.h), so `FROM t, sketches s` detoasts it once rather
 * than once per row, with its seed.
 */
typedef struct CountminProbeCache
{
	ProbHashType type;			/* of the value argument */
	ProbKeptArg kept;
	bool		seed_known;		/* seed is the kept sketch's */
	uint64		seed;
} CountminProbeCache;

PG_FUNCTION_INFO_V1(countmin_count);
Datum
countmin_count(PG_FUNCTION_ARGS)
{
	CountminProbeCache *cache = (CountminProbeCache *) fcinfo->flinfo->fn_extra;
	struct varlena *sketch;
	bool		again;
	uint64		seed;
	uint64		count;

	if (cache == NULL)
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(CountminProbeCache));
	sketch = prob_kept_arg(fcinfo, &cache->kept, 0, &again);
	if (again && cache->seed_known)
		seed = cache->seed;
	else
	{
		cache->seed_known = false;
		seed = countmin_params_of(sketch).seed;
		if (sketch == cache->kept.copy)
		{
			cache->seed = seed;
			cache->seed_known = true;
		}
	}
	if (unlikely(!OidIsValid(cache->type.typid)))
		(void) prob_arg_hash_type(fcinfo, 1, &cache->type);
	prob_hash_prepare(&cache->type, sketch);
	PROB_TRY(prob_countmin_count_hash(PROB_BYTES(sketch),
									  prob_hash_for_sketch(&cache->type, PG_GETARG_DATUM(1), seed, false), &count,
									  PROB_ERR));
	PG_RETURN_INT64((int64) count);
}

PG_FUNCTION_INFO_V1(countmin_total);
Datum
countmin_total(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) countmin_params_of(PG_GETARG_VARLENA_PP(0)).total);
}

static struct varlena *
countmin_merge(struct varlena *a, struct varlena *b)
{
	ProbBuffer	out;

	a = countmin_finished(a);
	b = countmin_finished(b);
	PROB_TRY(prob_countmin_union(PROB_BYTES(a), PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

PG_FUNCTION_INFO_V1(countmin_union);
Datum
countmin_union(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(countmin_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

PG_FUNCTION_INFO_V1(countmin_info);
Datum
countmin_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbCountminInfo info;
	ProbJson	json;

	PROB_TRY(prob_countmin_info(PROB_BYTES(v), &info, PROB_ERR));
	prob_json_begin(&json);
	prob_json_header(&json, info.format_version, info.hash_id, info.seed, info.kind, v);
	prob_json_string(&json, "update", "conservative");
	prob_json_double(&json, "epsilon", info.epsilon);
	prob_json_double(&json, "delta", info.delta);
	prob_json_uint(&json, "width", info.width);
	prob_json_int(&json, "depth", info.depth);
	prob_json_uint(&json, "total", info.total);
	prob_json_double(&json, "error_bound", info.error_bound);
	PG_RETURN_DATUM(prob_json_end(&json));
}

/*
 * Aggregates. countmin_agg and countmin_union_agg keep the countmin type
 * itself as their state; the transition function updates it in place, the
 * combine function is the cell-wise sum. Final functions never modify the
 * state and return a copy. Under the working-state policy (sketch.h)
 * countmin_agg's state starts as a list of adds, which becomes the value,
 * the bytes adding the same rows to a value gives, when it would be as
 * large (countmin.hpp): a GROUP BY group of few rows takes little memory.
 *
 * countmin_add_trans(state, x [, weight] [, epsilon, delta]): an odd number
 * of arguments passes a weight. A NULL value or weight adds nothing.
 */
PG_FUNCTION_INFO_V1(countmin_add_trans);
Datum
countmin_add_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	uint64		hash;
	int64		weight = 1;
	ProbBuffer	out;
	ProbArgCache *cache = prob_arg_cache(fcinfo);
	const ProbHashType *type;
	bool		weighted = PG_NARGS() % 2 == 1;
	const ProbAggregate *agg = weighted ? &countmin_agg_weighted : &countmin_agg;
	int			first = weighted ? 3 : 2;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;

	(void) prob_require_aggregate(fcinfo, "countmin_add_trans");
	if (!cache->working_known)
	{
		cache->working = prob_agg_may_keep_working_state(fcinfo, agg);
		cache->working_known = true;
	}
	n = prob_agg_row_params(fcinfo, agg, first, params);
	if (PG_ARGISNULL(0))
		state = cache->working ? countmin_agg_working(n, params) : countmin_agg_empty(n, params);
	else
	{
		state = prob_detoast(PG_GETARG_DATUM(0));
		if (n > 0 && !prob_agg_params_constant(fcinfo, agg, first, &cache->params_known, &cache->params_constant))
			prob_agg_check_params(agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
	}
	if (PG_ARGISNULL(1) || (weighted && PG_ARGISNULL(2)))
		PG_RETURN_POINTER(state);
	if (weighted)
		weight = PG_GETARG_INT64(2);
	type = prob_arg_hash_type_cached(fcinfo, 1);
	hash = prob_hash_datum(type, PG_GETARG_DATUM(1), PROB_DEFAULT_SEED);
	PROB_TRY_AGG(agg, prob_countmin_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, hash, weight,
											 type->value_kind, true, &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_DATUM(prob_result(state, out));
}

/* Strict: the aggregate machinery starts the state from a copy of the first non-NULL input. */
PG_FUNCTION_INFO_V1(countmin_union_trans);
Datum
countmin_union_trans(PG_FUNCTION_ARGS)
{
	(void) prob_require_aggregate(fcinfo, "countmin_union_trans");
	PG_RETURN_POINTER(countmin_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

/*
 * Final function of countmin_agg. Zero rows: the empty sketch of the
 * parameters the call passes as constants (countmin_agg(x) and
 * countmin_agg(x, weight): the defaults), or NULL when they are not
 * constants. The call's argument count says which form it is: 1 (x),
 * 2 (x, weight), 3 (x, epsilon, delta), 4 (x, weight, epsilon, delta).
 */
PG_FUNCTION_INFO_V1(countmin_agg_final);
Datum
countmin_agg_final(PG_FUNCTION_ARGS)
{
	int			nargs;
	int			first;
	Datum		values[2];

	if (!PG_ARGISNULL(0))
		PG_RETURN_POINTER(prob_sketch_final_copy(&countmin_type, PG_DETOAST_DATUM(PG_GETARG_DATUM(0))));
	nargs = prob_aggregate_nargs(fcinfo);
	if (nargs < 1 || nargs > 4)
		PG_RETURN_NULL();
	if (nargs <= 2)
		PG_RETURN_POINTER(countmin_agg_empty(0, values));
	first = nargs - 2;
	for (int i = 0; i < 2; i++)
		if (!prob_aggregate_const_arg(fcinfo, first + i, FLOAT8OID,
									  psprintf("countmin_agg %s", countmin_agg.params[i].name), &values[i]))
			PG_RETURN_NULL();
	PG_RETURN_POINTER(countmin_agg_empty(2, values));
}

/* Final function of countmin_union_agg: a copy of the state; zero rows, NULL (no parameters to make one of). */
PG_FUNCTION_INFO_V1(countmin_union_final);
Datum
countmin_union_final(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_POINTER(prob_sketch_final_copy(&countmin_type, PG_DETOAST_DATUM(PG_GETARG_DATUM(0))));
}
