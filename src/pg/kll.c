/*
 * The kll type: I/O, queries, union, DataSketches images and aggregates
 * (kll_agg over every numeric type, kll_union_agg). Every SQL name here is
 * the C symbol of the same name; quantile, quantiles and quantile_rank are
 * ddsketch.c's, which read a kll by its type tag. Equality and hashing are
 * bytea's own functions, declared in the SQL script.
 *
 * kll_agg's state is a working state (doc/FORMAT.md 10.6: the sketch's whole
 * buffer, so a row is written into a free slot in place) when every aggregate
 * reading it ends with kll_agg_final (sketch.h); the final, combine, output
 * and send functions make a value of it.
 */
#include "memory.h"
#include "sketch.h"
#include "agg_calls.h"
#include "hashing.h"

#include "catalog/pg_type.h"
#include "utils/builtins.h"

#include "capi/kll_capi.h"
#include "core/kll_row.h"

static struct varlena *
kll_finished(struct varlena *v)
{
	ProbBuffer	out;

	if (!prob_kll_is_working(PROB_BYTES(v)))
		return v;
	PROB_TRY(prob_kll_finish(PROB_BYTES(v), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

static const ProbSketchType kll_type = {"kll", prob_kll_validate, kll_finished};

PROB_SKETCH_IO_FUNCTIONS(kll, &kll_type)

/* kll_agg(x [, k]): the aggregate's parameter (sketch.h). */
static int64
agg_k(int n, const Datum *values)
{
	return n >= 1 ? DatumGetInt32(values[0]) : PROB_KLL_DEFAULT_K;
}

static bool
kll_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_kll_check_state_k(state, size, agg_k(n, values), err);
}

static struct varlena *
kll_agg_empty(int n, const Datum *values)
{
	ProbBuffer	out;

	PROB_TRY(prob_kll_empty(agg_k(n, values), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

static const char *const kll_agg_finals[] = {"kll_agg_final", NULL};

static const ProbAggregate kll_agg = {
	"kll_agg", "kll_agg(x, 200)", 0, 1, {{"k", INT4OID}},
	kll_agg_check_params, kll_agg_empty, kll_agg_finals
};

/* fn_extra of the transition function. */
typedef struct KllTransCache
{
	Oid			value_type;
	bool		params_known;
	bool		params_constant;
	bool		working_known;
	bool		working;
} KllTransCache;

/*
 * The transition function of kll_agg: the state is a working state when
 * every aggregate reading it ends it with kll_agg_final, else a value,
 * continued and finished on every row (slower, never wrong).
 */
PG_FUNCTION_INFO_V1(kll_add_trans);
Datum
kll_add_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	ProbBuffer	out;
	KllTransCache *cache = (KllTransCache *) fcinfo->flinfo->fn_extra;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;
	double		value;

	if (unlikely(cache == NULL))
	{
		(void) prob_require_aggregate(fcinfo, "kll_add_trans");
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(KllTransCache));
		/* From the call, or the declared argument when there is none (Citus). */
		cache->value_type = prob_arg_type(fcinfo, 1);
		cache->working = prob_agg_may_keep_working_state(fcinfo, &kll_agg);
	}
	if (PG_ARGISNULL(0))
	{
		n = prob_agg_row_params(fcinfo, &kll_agg, 2, params);
		if (cache->working)
		{
			PROB_TRY(prob_kll_working(agg_k(n, params), &prob_palloc_allocator, &out, PROB_ERR));
			state = prob_varlena_of(out);
		}
		else
			state = kll_agg_empty(n, params);
	}
	else
	{
		state = prob_detoast(PG_GETARG_DATUM(0));
		if (!(cache->params_known && cache->params_constant) &&
			!prob_agg_params_constant(fcinfo, &kll_agg, 2, &cache->params_known, &cache->params_constant))
		{
			n = prob_agg_row_params(fcinfo, &kll_agg, 2, params);
			prob_agg_check_params(&kll_agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
		}
	}
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	value = likely(cache->value_type == FLOAT8OID) ? DatumGetFloat8(PG_GETARG_DATUM(1))
		: prob_datum_as_float8(cache->value_type, PG_GETARG_DATUM(1), "kll_agg");
	/* A working state's free slot takes the value here (kll_row.h); else the core compacts, grows or refuses. */
	if (prob_kll_row_add((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, value))
		PG_RETURN_POINTER(state);
	PROB_TRY(prob_kll_add((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ,
						  value, true,
						  &prob_palloc_allocator, &out, PROB_ERR));
	state = (struct varlena *) DatumGetPointer(prob_result(state, out));
	if (!cache->working)
		state = kll_finished(state);
	PG_RETURN_POINTER(state);
}

static struct varlena *
kll_merge(struct varlena *a, struct varlena *b)
{
	ProbBuffer	out;

	a = kll_finished(a);
	b = kll_finished(b);
	PROB_TRY(prob_kll_union(PROB_BYTES(a), PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

PG_FUNCTION_INFO_V1(kll_union);
Datum
kll_union(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(kll_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

/* Strict: the aggregate machinery starts the state from a copy of the first non-NULL input. */
PG_FUNCTION_INFO_V1(kll_union_trans);
Datum
kll_union_trans(PG_FUNCTION_ARGS)
{
	(void) prob_require_aggregate(fcinfo, "kll_union_trans");
	PG_RETURN_POINTER(kll_merge(PG_DETOAST_DATUM(PG_GETARG_DATUM(0)), PG_GETARG_VARLENA_PP(1)));
}

/*
 * Combine function of kll_agg: the union, refusing partial states of another
 * k (parallel workers and partitions of one call share its k; a k that
 * changes between partitions is refused as between rows). kll_union_agg's
 * combine function, kll_union_trans, merges any k.
 */
PG_FUNCTION_INFO_V1(kll_agg_combine);
Datum
kll_agg_combine(PG_FUNCTION_ARGS)
{
	struct varlena *a;
	struct varlena *b;
	ProbKllSummary s;

	(void) prob_require_aggregate(fcinfo, "kll_agg_combine");
	a = kll_finished(PG_DETOAST_DATUM(PG_GETARG_DATUM(0)));
	b = kll_finished(PG_GETARG_VARLENA_PP(1));
	PROB_TRY(prob_kll_summary(PROB_BYTES(a), &s, PROB_ERR));
	PROB_TRY_AGG(&kll_agg, prob_kll_check_state_k(PROB_BYTES(b), s.k, PROB_ERR));
	PG_RETURN_POINTER(kll_merge(a, b));
}

/* Final function of kll_agg: the state's value; zero rows, the empty sketch of the call's k. */
PG_FUNCTION_INFO_V1(kll_agg_final);
Datum
kll_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &kll_type, &kll_agg);
}

/* Final function of kll_union_agg: the state's value; zero rows, NULL (no k to make one of). */
PG_FUNCTION_INFO_V1(kll_union_final);
Datum
kll_union_final(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_POINTER(prob_sketch_final_copy(&kll_type, PG_DETOAST_DATUM(PG_GETARG_DATUM(0))));
}

static ProbKllSummary
summary_of(FunctionCallInfo fcinfo)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbKllSummary s;

	PROB_TRY(prob_kll_summary(PROB_BYTES(v), &s, PROB_ERR));
	return s;
}

PG_FUNCTION_INFO_V1(kll_count);
Datum
kll_count(PG_FUNCTION_ARGS)
{
	uint64		n = summary_of(fcinfo).n;

	if (n > (uint64) PG_INT64_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("kll count %llu is past bigint's range", (unsigned long long) n),
				 errhint("kll_info(sketch)->>'n' gives it as text.")));
	PG_RETURN_INT64((int64) n);
}

PG_FUNCTION_INFO_V1(kll_min);
Datum
kll_min(PG_FUNCTION_ARGS)
{
	ProbKllSummary s = summary_of(fcinfo);

	if (s.n == 0)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(s.min);
}

PG_FUNCTION_INFO_V1(kll_max);
Datum
kll_max(PG_FUNCTION_ARGS)
{
	ProbKllSummary s = summary_of(fcinfo);

	if (s.n == 0)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(s.max);
}

/* kll_rank_error(sketch, double_sided): DataSketches' normalized rank error of the sketch's min_k. */
PG_FUNCTION_INFO_V1(kll_rank_error);
Datum
kll_rank_error(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(prob_kll_rank_error(summary_of(fcinfo).min_k, PG_GETARG_BOOL(1)));
}

PG_FUNCTION_INFO_V1(kll_info);
Datum
kll_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbKllInfo info;
	ProbKllSummary s;
	ProbJson	json;

	PROB_TRY(prob_kll_info(PROB_BYTES(v), &info, PROB_ERR));
	PROB_TRY(prob_kll_summary(PROB_BYTES(v), &s, PROB_ERR));
	prob_json_begin(&json);
	prob_json_int(&json, "format_version", info.format_version);
	prob_json_uint(&json, "bytes", VARSIZE_ANY_EXHDR(v) + VARHDRSZ);
	prob_json_uint(&json, "k", info.k);
	prob_json_uint(&json, "min_k", info.min_k);
	prob_json_uint(&json, "n", info.n);
	prob_json_uint(&json, "levels", info.num_levels);
	prob_json_uint(&json, "retained", info.retained);
	prob_json_bool(&json, "level_zero_sorted", info.level_zero_sorted);
	prob_json_open(&json, "level_sizes", '[');
	for (int h = 0; h < info.num_levels; h++)
		prob_json_uint(&json, NULL, info.level_sizes[h]);
	prob_json_close(&json, ']');
	prob_json_double(&json, "rank_error", info.rank_error);
	prob_json_double(&json, "rank_error_double_sided", info.rank_error_double_sided);
	if (s.n > 0)
	{
		prob_json_double(&json, "min", s.min);
		prob_json_double(&json, "max", s.max);
	}
	PG_RETURN_DATUM(prob_json_end(&json));
}

PG_FUNCTION_INFO_V1(kll_import);
Datum
kll_import(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	ProbBuffer	out;

	PROB_TRY(prob_kll_import(PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(prob_varlena_of(out));
}

PG_FUNCTION_INFO_V1(kll_export);
Datum
kll_export(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	char	   *items = text_to_cstring(PG_GETARG_TEXT_PP(1));
	ProbBuffer	out;
	bool		floats;

	if (strcmp(items, "double") == 0)
		floats = false;
	else if (strcmp(items, "float") == 0)
		floats = true;
	else
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("kll_export items \"%s\" is not 'double' or 'float'", items),
				 errhint("'double' writes a kll_sketch<double> image (kll_double_sketch), 'float' a "
						 "kll_sketch<float> one (kll_float_sketch), each item rounded to the nearest float.")));
	PROB_TRY(prob_kll_export(PROB_BYTES(v), floats, &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_BYTEA_P(prob_varlena_of(out));
}
