/*
 * The ddsketch type: I/O, queries, union and aggregates (ddsketch_agg over
 * every numeric type, ddsketch_union_agg, approx_percentile_cont).
 * Every SQL name here is the C symbol of the same name; equality and hashing
 * are bytea's own functions (a sketch's bytes are canonical), declared in the
 * SQL script.
 */
#include "memory.h"
#include "sketch.h"
#include "agg_calls.h"
#include "hashing.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "capi/ddsketch_capi.h"
#include "capi/kll_capi.h"

/* A ddsketch keeps no working state: its aggregate's state is always a value. */
static const ProbSketchType ddsketch_type = {"ddsketch", prob_ddsketch_validate, NULL};

PROB_SKETCH_IO_FUNCTIONS(ddsketch, &ddsketch_type)

/* ddsketch_agg(x [, alpha [, max_buckets]]): the aggregate's parameters (sketch.h). */
static double
agg_alpha(int n, const Datum *values)
{
	return n >= 1 ? DatumGetFloat8(values[0]) : PROB_DDSKETCH_DEFAULT_ALPHA;
}

static int64
agg_max_buckets(int n, const Datum *values)
{
	return n >= 2 ? DatumGetInt32(values[1]) : PROB_DDSKETCH_DEFAULT_MAX_BUCKETS;
}

static bool
ddsketch_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_ddsketch_check_state_parameters(state, size, agg_alpha(n, values), agg_max_buckets(n, values), err);
}

static struct varlena *
ddsketch_agg_empty(int n, const Datum *values)
{
	ProbBuffer	out;

	PROB_TRY(prob_ddsketch_empty(agg_alpha(n, values), agg_max_buckets(n, values), &prob_palloc_allocator, &out,
								 PROB_ERR));
	return prob_varlena_of(out);
}

static const ProbAggregate ddsketch_agg = {
	"ddsketch_agg", "ddsketch_agg(x, 0.01, 2048)", 0, 2,
	{{"relative accuracy", FLOAT8OID}, {"maximum bucket count", INT4OID}},
	ddsketch_agg_check_params, ddsketch_agg_empty, NULL
};

/* fn_extra of the transition function: the value argument's type and the parameters' constancy. */
typedef struct DdsketchTransCache
{
	Oid			value_type;
	bool		params_known;
	bool		params_constant;
} DdsketchTransCache;

/*
 * The transition function of ddsketch_agg and approx_percentile_cont: the
 * state is the ddsketch itself, updated in place when its size does not
 * change (the core returns new memory otherwise, which nodeAgg keeps).
 */
PG_FUNCTION_INFO_V1(ddsketch_add_trans);
Datum
ddsketch_add_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	ProbBuffer	out;
	DdsketchTransCache *cache = (DdsketchTransCache *) fcinfo->flinfo->fn_extra;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;

	(void) prob_require_aggregate(fcinfo, "ddsketch_add_trans");
	if (cache == NULL)
	{
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(DdsketchTransCache));
		/* From the call, or the declared argument when there is none (Citus). */
		cache->value_type = prob_arg_type(fcinfo, 1);
	}
	n = prob_agg_row_params(fcinfo, &ddsketch_agg, 2, params);
	if (PG_ARGISNULL(0))
		state = ddsketch_agg_empty(n, params);
	else
	{
		state = prob_detoast(PG_GETARG_DATUM(0));
		if (!prob_agg_params_constant(fcinfo, &ddsketch_agg, 2, &cache->params_known, &cache->params_constant))
			prob_agg_check_params(&ddsketch_agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
	}
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	PROB_TRY(prob_ddsketch_add((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ,
							   prob_datum_as_float8(cache->value_type, PG_GETARG_DATUM(1), "ddsketch_agg"), true,
							   &prob_palloc_allocator, &out, PROB_ERR));
	return prob_result(state, out);
}

static struct varlena *
ddsketch_merge(struct varlena *a, struct varlena *b)
{
	ProbBuffer	out;

	PROB_TRY(prob_ddsketch_union(PROB_BYTES(a), PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

PG_FUNCTION_INFO_V1(ddsketch_union);
Datum
ddsketch_union(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(ddsketch_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

/* Strict: the aggregate machinery starts the state from a copy of the first non-NULL input. */
PG_FUNCTION_INFO_V1(ddsketch_union_trans);
Datum
ddsketch_union_trans(PG_FUNCTION_ARGS)
{
	(void) prob_require_aggregate(fcinfo, "ddsketch_union_trans");
	PG_RETURN_POINTER(ddsketch_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

/* Final function of ddsketch_agg: a copy of the state; zero rows, the empty sketch of the call's parameters. */
PG_FUNCTION_INFO_V1(ddsketch_agg_final);
Datum
ddsketch_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &ddsketch_type, &ddsketch_agg);
}

/* Final function of ddsketch_union_agg: a copy of the state; zero rows, NULL (no parameters to make one of). */
PG_FUNCTION_INFO_V1(ddsketch_union_final);
Datum
ddsketch_union_final(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	PG_RETURN_POINTER(prob_sketch_final_copy(&ddsketch_type, PG_DETOAST_DATUM(PG_GETARG_DATUM(0))));
}

/*
 * quantile, quantiles and quantile_rank take a ddsketch or a kll (the SQL
 * names are both types'): a value's type tag, byte 0, says which.
 */
static bool
is_kll(struct varlena *v)
{
	return VARSIZE_ANY_EXHDR(v) > 0 && *(uint8 *) VARDATA_ANY(v) == PROB_KLL_TYPE_TAG;
}

/* A kll answers at its retained items (DataSketches' inclusive rule), never interpolating. */
static bool
quantiles_of(struct varlena *v, const double *qs, int n, bool interpolate, double *out, bool *found, ProbError *err)
{
	if (is_kll(v))
		return prob_kll_quantiles(PROB_BYTES(v), qs, n, out, found, err);
	return prob_ddsketch_quantiles(PROB_BYTES(v), qs, n, interpolate, out, found, err);
}

/* One quantile of v, or NULL for an empty sketch. */
static Datum
one_quantile(FunctionCallInfo fcinfo, struct varlena *v, double q, bool interpolate)
{
	double		result;
	bool		found;

	PROB_TRY(quantiles_of(v, &q, 1, interpolate, &result, &found, PROB_ERR));
	if (!found)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(result);
}

/*
 * The fraction q of an ordered-set call counted from the call's first value:
 * under ORDER BY x DESC percentile_cont(q) is the ascending 1 - q. A q
 * outside 0..1 stays as written, for the core to refuse.
 */
static double
ordered_fraction(double q, bool descending)
{
	return descending && q >= 0 && q <= 1 ? 1 - q : q;
}

/* The quantiles of an array (its NULL elements give NULL), or NULL for an empty sketch. */
static Datum
many_quantiles(FunctionCallInfo fcinfo, struct varlena *v, ArrayType *qs, bool interpolate, bool descending)
{
	Datum	   *elems;
	bool	   *nulls;
	int			n;
	double	   *in;
	double	   *out;
	bool		found;
	int			dims[1];
	int			lbs[1] = {1};

	deconstruct_array(qs, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL, TYPALIGN_DOUBLE, &elems, &nulls, &n);
	in = palloc(sizeof(double) * Max(n, 1));
	out = palloc(sizeof(double) * Max(n, 1));
	for (int i = 0; i < n; i++)
		in[i] = nulls[i] ? 0.5 : ordered_fraction(DatumGetFloat8(elems[i]), descending);
	PROB_TRY(quantiles_of(v, in, n, interpolate, out, &found, PROB_ERR));
	if (!found)
		PG_RETURN_NULL();
	for (int i = 0; i < n; i++)
		elems[i] = Float8GetDatum(out[i]);
	dims[0] = n;
	if (n == 0)
		PG_RETURN_ARRAYTYPE_P(construct_empty_array(FLOAT8OID));
	PG_RETURN_ARRAYTYPE_P(construct_md_array(elems, nulls, 1, dims, lbs, FLOAT8OID, sizeof(float8),
											 FLOAT8PASSBYVAL, TYPALIGN_DOUBLE));
}

PG_FUNCTION_INFO_V1(quantile);
Datum
quantile(PG_FUNCTION_ARGS)
{
	return one_quantile(fcinfo, PG_GETARG_VARLENA_PP(0), PG_GETARG_FLOAT8(1), false);
}

PG_FUNCTION_INFO_V1(quantiles);
Datum
quantiles(PG_FUNCTION_ARGS)
{
	return many_quantiles(fcinfo, PG_GETARG_VARLENA_PP(0), PG_GETARG_ARRAYTYPE_P(1), false, false);
}

PG_FUNCTION_INFO_V1(quantile_rank);
Datum
quantile_rank(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	double		result;
	bool		found;

	if (is_kll(v))
		PROB_TRY(prob_kll_rank(PROB_BYTES(v), PG_GETARG_FLOAT8(1), &result, &found, PROB_ERR));
	else
		PROB_TRY(prob_ddsketch_rank(PROB_BYTES(v), PG_GETARG_FLOAT8(1), &result, &found, PROB_ERR));
	if (!found)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(result);
}

static ProbDdsketchSummary
summary_of(FunctionCallInfo fcinfo)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbDdsketchSummary s;

	PROB_TRY(prob_ddsketch_summary(PROB_BYTES(v), &s, PROB_ERR));
	return s;
}

PG_FUNCTION_INFO_V1(ddsketch_count);
Datum
ddsketch_count(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) summary_of(fcinfo).count);
}

PG_FUNCTION_INFO_V1(ddsketch_min);
Datum
ddsketch_min(PG_FUNCTION_ARGS)
{
	ProbDdsketchSummary s = summary_of(fcinfo);

	if (s.count == 0)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(s.min);
}

PG_FUNCTION_INFO_V1(ddsketch_max);
Datum
ddsketch_max(PG_FUNCTION_ARGS)
{
	ProbDdsketchSummary s = summary_of(fcinfo);

	if (s.count == 0)
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(s.max);
}

/* The exact sum rounded once; false for an empty sketch. */
static bool
sum_of(FunctionCallInfo fcinfo, double *sum, uint64 *count)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);

	*count = summary_of(fcinfo).count;
	if (*count == 0)
		return false;
	PROB_TRY(prob_ddsketch_sum(PROB_BYTES(v), sum, PROB_ERR));
	return true;
}

PG_FUNCTION_INFO_V1(ddsketch_sum);
Datum
ddsketch_sum(PG_FUNCTION_ARGS)
{
	double		sum;
	uint64		count;

	if (!sum_of(fcinfo, &sum, &count))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(sum);
}

PG_FUNCTION_INFO_V1(ddsketch_mean);
Datum
ddsketch_mean(PG_FUNCTION_ARGS)
{
	double		sum;
	uint64		count;

	if (!sum_of(fcinfo, &sum, &count))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(sum / (double) count);
}

static void
json_store(ProbJson *json, const char *key, const ProbDdsketchStore *s)
{
	prob_json_open(json, key, '{');
	prob_json_uint(json, "count", s->count);
	prob_json_uint(json, "buckets", s->buckets);
	prob_json_int(json, "lowest_index", s->lowest_index);
	prob_json_bool(json, "collapsed", s->collapsed);
	prob_json_double(json, "collapse_bound", s->collapse_bound);
	prob_json_close(json, '}');
}

PG_FUNCTION_INFO_V1(ddsketch_info);
Datum
ddsketch_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbDdsketchInfo info;
	ProbJson	json;

	PROB_TRY(prob_ddsketch_info(PROB_BYTES(v), &info, PROB_ERR));
	prob_json_begin(&json);
	prob_json_int(&json, "format_version", info.format_version);
	prob_json_uint(&json, "bytes", VARSIZE_ANY_EXHDR(v) + VARHDRSZ);
	prob_json_double(&json, "alpha", info.alpha);
	prob_json_uint(&json, "max_buckets", info.max_buckets);
	prob_json_uint(&json, "count", info.count);
	prob_json_uint(&json, "zero_count", info.zero_count);
	prob_json_bool(&json, "sum_known", !info.sum_unknown);
	json_store(&json, "positive", &info.positive);
	json_store(&json, "negative", &info.negative);
	PG_RETURN_DATUM(prob_json_end(&json));
}

/*
 * The image formats of ddsketch_import and ddsketch_export: 'datadog-js' alone,
 * the DDSketch protobuf message as sketches-js and sketches-py write it.
 * DataDog's libraries share the message but not its bucket numbering, and an
 * image does not say which one wrote it: 'datadog' alone would read a
 * sketches-java or sketches-go image one bucket off without a word, so the
 * caller names the writer's conventions (doc/FORMAT.md 6.9).
 */
static void
check_image_format(text *format, const char *function)
{
	char	   *name = text_to_cstring(format);

	if (strcmp(name, "datadog-js") == 0)
		return;
	if (pg_strcasecmp(name, "datadog") == 0 || pg_strncasecmp(name, "datadog-", 8) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s format \"%s\" is not known", function, name),
				 errdetail("DataDog's sketches libraries write one protobuf message with two bucket numberings, "
						   "and an image does not say which library wrote it."),
				 errhint("Write 'datadog-js' for images of sketches-js and sketches-py; "
						 "images of sketches-java and sketches-go are not read.")));
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s format \"%s\" is not known", function, name),
			 errhint("The one image format is 'datadog-js': the DDSketch protobuf message as DataDog's "
					 "sketches-js and sketches-py write it.")));
}

/* ddsketch_import(bytes, format): DataDog's DDSketch protobuf image (doc/FORMAT.md 6.9). */
PG_FUNCTION_INFO_V1(ddsketch_import);
Datum
ddsketch_import(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	ProbBuffer	out;

	check_image_format(PG_GETARG_TEXT_PP(1), "ddsketch_import");
	PROB_TRY(prob_ddsketch_import_datadog(PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(prob_varlena_of(out));
}

/* ddsketch_export(sketch, format): the value as DataDog's DDSketch protobuf image. */
PG_FUNCTION_INFO_V1(ddsketch_export);
Datum
ddsketch_export(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbBuffer	out;

	check_image_format(PG_GETARG_TEXT_PP(1), "ddsketch_export");
	PROB_TRY(prob_ddsketch_export_datadog(PROB_BYTES(v), &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_BYTEA_P((bytea *) prob_varlena_of(out));
}

/* approx_percentile_cont(q) WITHIN GROUP (ORDER BY x [DESC]): the sketch of ddsketch_agg(x), read at q. */
PG_FUNCTION_INFO_V1(approx_percentile_cont_final);
Datum
approx_percentile_cont_final(PG_FUNCTION_ARGS)
{
	bool		descending = prob_ordered_set_descending(fcinfo, "approx_percentile_cont");

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_NULL();
	return one_quantile(fcinfo, PG_DETOAST_DATUM(PG_GETARG_DATUM(0)),
						ordered_fraction(PG_GETARG_FLOAT8(1), descending), true);
}

PG_FUNCTION_INFO_V1(approx_percentile_cont_multi_final);
Datum
approx_percentile_cont_multi_final(PG_FUNCTION_ARGS)
{
	bool		descending = prob_ordered_set_descending(fcinfo, "approx_percentile_cont");

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_NULL();
	return many_quantiles(fcinfo, PG_DETOAST_DATUM(PG_GETARG_DATUM(0)), PG_GETARG_ARRAYTYPE_P(1), true, descending);
}
