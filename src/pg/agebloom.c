/*
 * The agebloom type (an age-partitioned Bloom filter: a filter that forgets):
 * I/O, functions, operators and aggregates. Every SQL name here is the C
 * symbol of the same name; equality and hashing are bytea's own functions,
 * declared in the SQL script.
 *
 * Times: a time window is an interval without months (a month has no fixed
 * length), days counted as 24 hours; a timestamptz becomes microseconds since
 * the Unix epoch for the core, whose generations are numbered from there.
 */
#include "hashing.h"
#include "kept_arg.h"
#include "memory.h"
#include "sketch.h"
#include "agg_calls.h"

#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "common/int.h"
#include "nodes/nodeFuncs.h"
#include "utils/lsyscache.h"
#include "datatype/timestamp.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

#include "capi/agebloom_capi.h"

static const ProbSketchType agebloom_type = {"agebloom", prob_agebloom_validate, NULL};

/* Microseconds from the Unix epoch to PostgreSQL's (2000-01-01). */
#define AGEBLOOM_UNIX_OFFSET_US (INT64CONST(946684800) * USECS_PER_SEC)

PROB_SKETCH_IO_FUNCTIONS(agebloom, &agebloom_type)

/* A time window's microseconds: refuses months and a window that is not positive. */
static int64
agebloom_window_micros(const Interval *window)
{
	int64		days_us;
	int64		us;

	if (window->month != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("agebloom window must not contain months"),
				 errdetail("A month has no fixed length."),
				 errhint("Write the window in days or hours, as interval '30 days'.")));
	if (pg_mul_s64_overflow((int64) window->day, USECS_PER_DAY, &days_us) ||
		pg_add_s64_overflow(days_us, window->time, &us) || us <= 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("agebloom window must be a positive interval")));
	return us;
}

/*
 * A time as the core counts it: microseconds since the Unix epoch, in 64 bits.
 * The infinities and the times after 294247-01-10 04:00:54.775807 UTC (2^63 - 1
 * microseconds since 1970) have no such count: refused, never wrapped around.
 */
static int64
agebloom_micros(TimestampTz at)
{
	int64		micros;

	if (TIMESTAMP_NOT_FINITE(at))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("agebloom time must be finite")));
	if (pg_add_s64_overflow(at, AGEBLOOM_UNIX_OFFSET_US, &micros))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("agebloom time %s is out of range", timestamptz_to_str(at)),
				 errdetail("agebloom counts time in microseconds since 1970-01-01 UTC in 64 bits, up to 294247-01-10 04:00:54.775807 UTC.")));
	return micros;
}

/*
 * The `at` argument as the call wrote it (expr, NULL when unknown): a time that
 * PostgreSQL converted to timestamptz implicitly by a conversion that depends
 * on the session (a timestamp without time zone or a date, read in the
 * session's TimeZone) is refused, as the hashing rules refuse such values:
 * the same call would put a value in other generations in another session.
 */
static void
agebloom_refuse_zoned_time(Node *expr)
{
	FuncExpr   *cast;
	Oid			from;

	if (expr == NULL || !IsA(expr, FuncExpr))
		return;
	cast = (FuncExpr *) expr;
	if (cast->funcformat != COERCE_IMPLICIT_CAST || list_length(cast->args) < 1 ||
		func_volatile(cast->funcid) == PROVOLATILE_IMMUTABLE)
		return;
	from = exprType((Node *) linitial(cast->args));
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("agebloom time must be timestamptz, not %s", format_type_be(from)),
			 errdetail("PostgreSQL converts a %s to timestamptz in the session's TimeZone, "
					   "so the same call would add or look in other generations in another session.",
					   format_type_be(from)),
			 errhint("Say which time zone it is in, as at AT TIME ZONE 'UTC' (or the zone it was recorded in).")));
}

/* The argno-th argument of the call (a function's), as written; NULL when unknown. */
static Node *
agebloom_call_arg(FunctionCallInfo fcinfo, int argno)
{
	Node	   *call = fcinfo->flinfo->fn_expr;
	List	   *args;

	if (call == NULL || !IsA(call, FuncExpr))
		return NULL;
	args = ((FuncExpr *) call)->args;
	return argno < list_length(args) ? (Node *) list_nth(args, argno) : NULL;
}


static struct varlena *
agebloom_new_empty(int mode, int64 window, int64 capacity, double fpr, int generations, uint64 seed)
{
	ProbBuffer	out;

	PROB_TRY(prob_agebloom_empty(mode, window, capacity, fpr, generations, seed, &prob_palloc_allocator, &out,
								 PROB_ERR));
	return prob_varlena_of(out);
}

/* agebloom_agg(x, window bigint, fpr): a count window. */
static bool
agebloom_count_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	int64		window = DatumGetInt64(values[0]);

	return prob_agebloom_check_state_parameters(state, size, PROB_AGEBLOOM_MODE_COUNT, window, window,
												DatumGetFloat8(values[1]), 0, err);
}

static struct varlena *
agebloom_count_empty(int n, const Datum *values)
{
	int64		window = DatumGetInt64(values[0]);

	return agebloom_new_empty(PROB_AGEBLOOM_MODE_COUNT, window, window, DatumGetFloat8(values[1]), 0,
							  PROB_DEFAULT_SEED);
}

static const ProbAggregate agebloom_count_agg = {
	"agebloom_agg", "agebloom_agg(x, 1000000, 0.01)", 2, 2,
	{{"window", INT8OID}, {"false positive rate", FLOAT8OID}},
	agebloom_count_check_params, agebloom_count_empty, NULL
};

/* agebloom_agg(x, window interval, capacity, fpr, at): a time window. */
static bool
agebloom_time_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_agebloom_check_state_parameters(state, size, PROB_AGEBLOOM_MODE_TIME,
												agebloom_window_micros(DatumGetIntervalP(values[0])),
												DatumGetInt64(values[1]), DatumGetFloat8(values[2]), 0, err);
}

static struct varlena *
agebloom_time_empty(int n, const Datum *values)
{
	return agebloom_new_empty(PROB_AGEBLOOM_MODE_TIME, agebloom_window_micros(DatumGetIntervalP(values[0])),
							  DatumGetInt64(values[1]), DatumGetFloat8(values[2]), 0, PROB_DEFAULT_SEED);
}

static const ProbAggregate agebloom_time_agg = {
	"agebloom_agg", "agebloom_agg(x, interval '1 hour', 1000000, 0.01, at)", 3, 3,
	{{"window", INTERVALOID}, {"capacity", INT8OID}, {"false positive rate", FLOAT8OID}},
	agebloom_time_check_params, agebloom_time_empty, NULL
};

/* agebloom_empty(window bigint, fpr, generations, seed) and agebloom_empty(window interval, capacity, fpr, generations, seed). */
PG_FUNCTION_INFO_V1(agebloom_empty);
Datum
agebloom_empty(PG_FUNCTION_ARGS)
{
	int64		window;

	if (PG_NARGS() == 4)
	{
		window = PG_GETARG_INT64(0);
		PG_RETURN_POINTER(agebloom_new_empty(PROB_AGEBLOOM_MODE_COUNT, window, window, PG_GETARG_FLOAT8(1),
											 PG_GETARG_INT32(2), (uint64) PG_GETARG_INT64(3)));
	}
	PG_RETURN_POINTER(agebloom_new_empty(PROB_AGEBLOOM_MODE_TIME, agebloom_window_micros(PG_GETARG_INTERVAL_P(0)),
										 PG_GETARG_INT64(1), PG_GETARG_FLOAT8(2), PG_GETARG_INT32(3),
										 (uint64) PG_GETARG_INT64(4)));
}

static ProbAgebloomParams
agebloom_params_of(struct varlena *v)
{
	ProbAgebloomParams params;

	PROB_TRY(prob_agebloom_params(PROB_BYTES(v), &params, PROB_ERR));
	return params;
}

/*
 * agebloom_add(filter, x, at): a NULL filter gives NULL, a NULL value the
 * filter unchanged; a time filter needs a time (a count filter ignores it).
 */
PG_FUNCTION_INFO_V1(agebloom_add);
Datum
agebloom_add(PG_FUNCTION_ARGS)
{
	struct varlena *v;
	ProbAgebloomParams params;
	const ProbHashType *type;
	uint64		hash;
	int64		micros = 0;
	ProbBuffer	out;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	v = PG_GETARG_VARLENA_PP(0);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(v);
	params = agebloom_params_of(v);
	if (params.mode == PROB_AGEBLOOM_MODE_TIME)
	{
		if (PG_ARGISNULL(2))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("agebloom_add time must not be NULL for a filter of a time window")));
		agebloom_refuse_zoned_time(agebloom_call_arg(fcinfo, 2));
		micros = agebloom_micros(PG_GETARG_TIMESTAMPTZ(2));
	}
	type = prob_arg_hash_type_cached(fcinfo, 1);
	prob_hash_prepare(type, v);
	hash = prob_hash_for_sketch(type, PG_GETARG_DATUM(1), params.seed, true);
	PROB_TRY(prob_agebloom_add_hash((uint8_t *) VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), hash, micros, type->value_kind,
									false, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_result(v, out);
}

/*
 * fn_extra of agebloom_contains: a filter stored out of line is kept by its
 * TOAST pointer (ProbKeptArg), so `FROM clicks c, seen s WHERE
 * agebloom_contains(s.f, c.id)` detoasts the filter once rather than once per
 * row, with its seed read once.
 */
typedef struct AgebloomProbeCache
{
	ProbHashType type;			/* of the value argument */
	ProbKeptSketch kept;
} AgebloomProbeCache;

static uint64
agebloom_seed_of(struct varlena *v)
{
	return agebloom_params_of(v).seed;
}

/* Membership: now (as of the filter's newest generation), or at a time. */
static bool
agebloom_probe(FunctionCallInfo fcinfo, bool at_time)
{
	AgebloomProbeCache *cache = (AgebloomProbeCache *) fcinfo->flinfo->fn_extra;
	struct varlena *v;
	uint64		seed;
	uint64		hash;
	bool		found;

	if (cache == NULL)
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(AgebloomProbeCache));
	v = prob_kept_sketch(fcinfo, &cache->kept, 0, agebloom_seed_of, &seed);
	if (unlikely(!OidIsValid(cache->type.typid)))
		(void) prob_arg_hash_type(fcinfo, 1, &cache->type);
	prob_hash_prepare(&cache->type, v);
	hash = prob_hash_for_sketch(&cache->type, PG_GETARG_DATUM(1), seed, false);
	if (at_time)
	{
		agebloom_refuse_zoned_time(agebloom_call_arg(fcinfo, 2));
		PROB_TRY(prob_agebloom_contains_hash_at(PROB_BYTES(v), hash, agebloom_micros(PG_GETARG_TIMESTAMPTZ(2)),
												&found, PROB_ERR));
	}
	else
		PROB_TRY(prob_agebloom_contains_hash(PROB_BYTES(v), hash, &found, PROB_ERR));
	return found;
}

/* agebloom_contains(filter, x) and agebloom_contains(filter, x, at). */
PG_FUNCTION_INFO_V1(agebloom_contains);
Datum
agebloom_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(agebloom_probe(fcinfo, PG_NARGS() == 3));
}

static struct varlena *
agebloom_merge(struct varlena *a, struct varlena *b)
{
	ProbBuffer	out;

	PROB_TRY(prob_agebloom_union(PROB_BYTES(a), PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

PG_FUNCTION_INFO_V1(agebloom_union);
Datum
agebloom_union(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(agebloom_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

PG_FUNCTION_INFO_V1(agebloom_info);
Datum
agebloom_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbAgebloomInfo info;
	ProbJson	json;
	bool		time_mode;

	PROB_TRY(prob_agebloom_info(PROB_BYTES(v), &info, PROB_ERR));
	time_mode = info.mode == PROB_AGEBLOOM_MODE_TIME;
	prob_json_begin(&json);
	prob_json_header(&json, info.format_version, info.hash_id, info.seed, info.kind, v);
	prob_json_string(&json, "mode", time_mode ? "time" : "count");
	if (time_mode)
		prob_json_uint(&json, "window_us", info.window);
	else
		prob_json_uint(&json, "window", info.window);
	prob_json_uint(&json, "capacity", info.capacity);
	prob_json_double(&json, "fpr", info.fpr);
	prob_json_int(&json, "k", info.k);
	prob_json_int(&json, "generations", info.generations);
	prob_json_uint(&json, time_mode ? "generation_us" : "generation_items", info.generation_length);
	prob_json_uint(&json, "generation_limit", info.generation_limit);
	prob_json_uint(&json, "slice_bits", info.slice_bits);
	if (info.generation == PG_INT64_MIN)
		prob_json_string(&json, "generation", "none");
	else
		prob_json_int(&json, "generation", info.generation);
	prob_json_uint(&json, "items", info.items);
	prob_json_uint(&json, "live_items", info.live_items);
	prob_json_uint(&json, "current_items", info.current_items);
	prob_json_double(&json, "fill", info.fill);
	prob_json_double(&json, "estimated_fpr", info.estimated_fpr);
	prob_json_double(&json, "bits_per_item", info.bits_per_item);
	PG_RETURN_DATUM(prob_json_end(&json));
}

/*
 * Aggregates keep the agebloom type itself as their state, updated in place.
 * agebloom_agg(x, window bigint, fpr) (count window: the rows in the
 * aggregate's order; no combine function, since parallel parts have no
 * common order) and agebloom_agg(x, window interval, capacity, fpr, at)
 * (time window: any order gives the same slices; combined by the union).
 */
static Datum
agebloom_trans(FunctionCallInfo fcinfo, const ProbAggregate *agg, int time_arg)
{
	struct varlena *state;
	uint64		hash;
	int64		micros = 0;
	ProbBuffer	out;
	ProbArgCache *cache = prob_arg_cache(fcinfo);
	const ProbHashType *type;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;

	(void) prob_require_aggregate(fcinfo, agg == &agebloom_count_agg ? "agebloom_add_trans" : "agebloom_time_trans");
	n = prob_agg_row_params(fcinfo, agg, 2, params);
	state = prob_agg_row_state(fcinfo, agg, 2, n, params, &cache->params_known, &cache->params_constant,
							   agg->make_empty);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	if (time_arg > 0)
	{
		/* The aggregate's arguments are x, window, capacity, fpr, at: at is its fifth. Once a call. */
		if (unlikely(!cache->call_checked))
		{
			agebloom_refuse_zoned_time(prob_aggregate_arg(fcinfo, time_arg - 1));
			cache->call_checked = true;
		}
		if (PG_ARGISNULL(time_arg))
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("agebloom_agg time must not be NULL")));
		micros = agebloom_micros(PG_GETARG_TIMESTAMPTZ(time_arg));
	}
	type = prob_arg_hash_type_cached(fcinfo, 1);
	hash = prob_hash_datum(type, PG_GETARG_DATUM(1), PROB_DEFAULT_SEED);
	PROB_TRY(prob_agebloom_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, hash, micros,
									type->value_kind, true, &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(state);
}

PG_FUNCTION_INFO_V1(agebloom_add_trans);
Datum
agebloom_add_trans(PG_FUNCTION_ARGS)
{
	return agebloom_trans(fcinfo, &agebloom_count_agg, 0);
}

PG_FUNCTION_INFO_V1(agebloom_time_trans);
Datum
agebloom_time_trans(PG_FUNCTION_ARGS)
{
	return agebloom_trans(fcinfo, &agebloom_time_agg, 5);
}

/* Strict: the aggregate machinery starts the state from a copy of the first non-NULL input. */
PG_FUNCTION_INFO_V1(agebloom_union_trans);
Datum
agebloom_union_trans(PG_FUNCTION_ARGS)
{
	(void) prob_require_aggregate(fcinfo, "agebloom_union_trans");
	PG_RETURN_POINTER(agebloom_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

/* Final functions: a copy of the state; zero rows: the empty filter of constant parameters, else NULL. */
PG_FUNCTION_INFO_V1(agebloom_agg_final);
Datum
agebloom_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &agebloom_type, &agebloom_count_agg);
}

PG_FUNCTION_INFO_V1(agebloom_time_agg_final);
Datum
agebloom_time_agg_final(PG_FUNCTION_ARGS)
{
	/* agebloom_agg(x, window, capacity, fpr, at) of zero rows too (agebloom_union_agg has one argument). */
	agebloom_refuse_zoned_time(prob_aggregate_arg(fcinfo, 4));
	return prob_agg_final(fcinfo, &agebloom_type, &agebloom_time_agg);
}
