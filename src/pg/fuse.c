/*
 * The fuse type (a binary fuse filter, built once from a set of values):
 * I/O, functions, operators and aggregates. Every SQL name here is the C
 * symbol of the same name; equality and hashing are bytea's own functions
 * (both forms are canonical), declared in the SQL script.
 *
 * A value is a key set (form 1: the values' distinct hashes, sorted) or the
 * filter built from one (form 2). fuse_agg and fuse_keys_agg keep a key set
 * as their state, which parallel workers and Citus ship and the combine
 * function unites; fuse_agg's final function builds the filter. Under
 * sketch.h's policy the state is a working state (hashes appended unsorted)
 * when every aggregate reading it ends it with one of the final functions
 * below; the final, combine, output and send functions make it canonical.
 */
#include "agg_calls.h"
#include "hashing.h"
#include "kept_arg.h"
#include "members.h"
#include "memory.h"
#include "sketch.h"

#include "catalog/pg_type.h"
#include "nodes/primnodes.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "capi/fuse_capi.h"

/* fuse_agg's and fuse_keys_agg's rate when the call passes none: 2^-8, 8-bit fingerprints. */
#define FUSE_DEFAULT_FPR 0.00390625

/* The canonical key set of what may be a working state; a canonical value comes back as is. */
static struct varlena *
fuse_finished(struct varlena *v)
{
	ProbFuseParams params;
	ProbBuffer	out;

	PROB_TRY(prob_fuse_params(PROB_BYTES(v), &params, PROB_ERR));
	if (params.form == PROB_FUSE_FORM_FILTER)
		return v;
	PROB_TRY(prob_fuse_canonical((uint8_t *) VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), &prob_palloc_allocator, &out,
								 PROB_ERR));
	return (struct varlena *) DatumGetPointer(prob_result(v, out));
}

static const ProbSketchType fuse_type = {"fuse", prob_fuse_validate, fuse_finished};

PROB_SKETCH_IO_FUNCTIONS(fuse, &fuse_type)

static struct varlena *
fuse_build_of(struct varlena *keys)
{
	ProbBuffer	out;

	PROB_TRY(prob_fuse_build(PROB_BYTES(keys), &prob_palloc_allocator, &out, PROB_ERR));
	return (struct varlena *) DatumGetPointer(prob_result(keys, out));
}

/* fuse_agg(x [, fpr [, seed]]) and fuse_keys_agg(x [, fpr [, seed]]): the parameters (sketch.h). */
static double
agg_fpr(int n, const Datum *values)
{
	return n >= 1 ? DatumGetFloat8(values[0]) : FUSE_DEFAULT_FPR;
}

static uint64
agg_seed(int n, const Datum *values)
{
	return n >= 2 ? (uint64) DatumGetInt64(values[1]) : PROB_DEFAULT_SEED;
}

static bool
fuse_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_fuse_check_state_parameters(state, size, agg_fpr(n, values), agg_seed(n, values), err);
}

static struct varlena *
fuse_empty_keys(int n, const Datum *values)
{
	ProbBuffer	out;

	PROB_TRY(prob_fuse_empty_keys(agg_fpr(n, values), agg_seed(n, values), &prob_palloc_allocator, &out,
								  PROB_ERR));
	return prob_varlena_of(out);
}

/* fuse_agg over zero rows: the filter of no keys. */
static struct varlena *
fuse_empty_filter(int n, const Datum *values)
{
	return fuse_build_of(fuse_empty_keys(n, values));
}

static const char *const fuse_agg_finals[] = {"fuse_agg_final", "fuse_keys_agg_final", NULL};

static const ProbAggregate fuse_agg = {
	"fuse_agg", "fuse_agg(x, 0.001)", 0, 2,
	{{"false positive rate", FLOAT8OID}, {"seed", INT8OID}},
	fuse_agg_check_params, fuse_empty_filter, fuse_agg_finals
};

static const ProbAggregate fuse_keys_agg = {
	"fuse_keys_agg", "fuse_keys_agg(x, 0.001)", 0, 2,
	{{"false positive rate", FLOAT8OID}, {"seed", INT8OID}},
	fuse_agg_check_params, fuse_empty_keys, fuse_agg_finals
};

static ProbFuseParams
fuse_params_of(struct varlena *v)
{
	ProbFuseParams params;

	PROB_TRY(prob_fuse_params(PROB_BYTES(v), &params, PROB_ERR));
	return params;
}

/*
 * fn_extra of the membership functions: a filter stored out of line is kept
 * by its TOAST pointer (kept_arg.h), so `FROM t, slices s WHERE s.f @> t.id`
 * detoasts the filter once rather than once per row, with its probe
 * (fuse_probe.h: the header read once, the test inlined here). Any other
 * filter is read at every call.
 */
typedef struct FuseProbeCache
{
	ProbHashType type;			/* of the value argument */
	ProbKeptArg kept;
	bool		probe_valid;	/* probe is that of kept's copy */
	ProbFuseProbe probe;
} FuseProbeCache;

static bool
fuse_member(FunctionCallInfo fcinfo, int filter_arg, int value_arg)
{
	FuseProbeCache *cache = (FuseProbeCache *) fcinfo->flinfo->fn_extra;
	struct varlena *filter;
	bool		again;
	ProbFuseProbe scratch;
	const ProbFuseProbe *probe;

	if (unlikely(cache == NULL))
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(FuseProbeCache));
	filter = prob_kept_arg(fcinfo, &cache->kept, filter_arg, &again);
	if (unlikely(!OidIsValid(cache->type.typid)))
		(void) prob_arg_hash_type(fcinfo, value_arg, &cache->type);
	prob_hash_prepare(&cache->type, filter);
	if (likely(again && cache->probe_valid))
		probe = &cache->probe;
	else
	{
		/* Not valid until prepared: preparing may raise. */
		cache->probe_valid = false;
		PROB_TRY(prob_fuse_probe_prepare(PROB_BYTES(filter), &scratch, PROB_ERR));
		probe = &scratch;
		if (filter == cache->kept.copy)
		{
			cache->probe = scratch;
			cache->probe_valid = true;
			probe = &cache->probe;
		}
	}
	return prob_fuse_probe_contains(probe, prob_hash_for_sketch(&cache->type, PG_GETARG_DATUM(value_arg), probe->seed,
																 false));
}

PG_FUNCTION_INFO_V1(fuse_contains);
Datum
fuse_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(fuse_member(fcinfo, 0, 1));
}

PG_FUNCTION_INFO_V1(fuse_contained);
Datum
fuse_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(fuse_member(fcinfo, 1, 0));
}

/* fuse_members(fuse, anyarray): the 1-based subscripts of the elements that may be members (members.h). */
PG_FUNCTION_INFO_V1(fuse_members);
Datum
fuse_members(PG_FUNCTION_ARGS)
{
	ProbMembersArgs args;
	ProbMembersCache *cache;
	int			lower;
	size_t		count = 0;

	prob_members_args(fcinfo, "fuse_members", &args);
	if (args.n == 0)
		PG_RETURN_ARRAYTYPE_P(prob_members_result(NULL, 0));
	cache = args.cache;
	prob_members_hash(fcinfo, cache, args.array, args.n, fuse_params_of(args.filter).seed);
	PROB_TRY(prob_fuse_contains_hashes(PROB_BYTES(args.filter), cache->hashes, (size_t) args.n, cache->found,
									   PROB_ERR));
	lower = ARR_LBOUND(args.array)[0];
	for (int i = 0; i < args.n; i++)
		if (cache->found[i] && !(cache->has_nulls && cache->nulls[i]))
			cache->subscripts[count++] = lower + i;
	PG_RETURN_ARRAYTYPE_P(prob_members_result(cache->subscripts, count));
}

PG_FUNCTION_INFO_V1(fuse_union);
Datum
fuse_union(PG_FUNCTION_ARGS)
{
	ProbBuffer	out;

	PROB_TRY(prob_fuse_union(PROB_BYTES(PG_GETARG_VARLENA_PP(0)), PROB_BYTES(PG_GETARG_VARLENA_PP(1)),
							 &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(prob_varlena_of(out));
}

PG_FUNCTION_INFO_V1(fuse_build);
Datum
fuse_build(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(fuse_build_of(PG_GETARG_VARLENA_PP(0)));
}

PG_FUNCTION_INFO_V1(fuse_cardinality);
Datum
fuse_cardinality(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) fuse_params_of(PG_GETARG_VARLENA_PP(0)).keys);
}

PG_FUNCTION_INFO_V1(fuse_info);
Datum
fuse_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbFuseInfo info;
	ProbJson	json;

	PROB_TRY(prob_fuse_info(PROB_BYTES(v), &info, PROB_ERR));
	prob_json_begin(&json);
	prob_json_header(&json, info.format_version, info.hash_id, info.seed, info.kind, v);
	prob_json_string(&json, "form", info.form == PROB_FUSE_FORM_FILTER ? "filter" : "keys");
	prob_json_double(&json, "fpr", info.fpr);
	prob_json_int(&json, "fingerprint_bits", info.fingerprint_bits);
	prob_json_uint(&json, "keys", info.keys);
	prob_json_uint(&json, "segment_length", info.segment_length);
	prob_json_uint(&json, "segment_count", info.segment_count);
	prob_json_uint(&json, "attempt", info.attempt);
	prob_json_uint(&json, "array_length", info.array_length);
	prob_json_double(&json, "estimated_fpr", info.estimated_fpr);
	prob_json_double(&json, "bits_per_key", info.bits_per_key);
	PG_RETURN_DATUM(prob_json_end(&json));
}

/*
 * Aggregates. fuse_agg and fuse_keys_agg keep the fuse type as their state:
 * a key set, the values' hashes under the call's seed, appended in place. A
 * working state takes each hash as it comes; any other state stays a
 * canonical key set at every row (sketch.h's policy: slower, never wrong).
 */
typedef struct FuseTransCache
{
	ProbHashType hash_type;
	bool		params_known;
	bool		params_constant;
	bool		working;
} FuseTransCache;

static Datum
fuse_trans(FunctionCallInfo fcinfo, const ProbAggregate *agg, const char *name)
{
	FuseTransCache *cache = (FuseTransCache *) fcinfo->flinfo->fn_extra;
	struct varlena *state;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;
	ProbBuffer	out;

	if (unlikely(cache == NULL))
	{
		(void) prob_require_aggregate(fcinfo, name);
		cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(FuseTransCache));
		(void) prob_arg_hash_type(fcinfo, 1, &cache->hash_type);
		cache->working = prob_agg_may_keep_working_state(fcinfo, agg);
		fcinfo->flinfo->fn_extra = cache;
	}
	n = prob_agg_row_params(fcinfo, agg, 2, params);
	state = prob_agg_row_state(fcinfo, agg, 2, n, params, &cache->params_known, &cache->params_constant,
							   fuse_empty_keys);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	PROB_TRY(prob_fuse_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ,
								prob_hash_datum(&cache->hash_type, PG_GETARG_DATUM(1), agg_seed(n, params)),
								cache->hash_type.value_kind, cache->working, &prob_palloc_allocator, &out,
								PROB_ERR));
	return prob_result(state, out);
}

/* fuse_add_trans(fuse, value [, fpr [, seed]]): transition function of fuse_agg. */
PG_FUNCTION_INFO_V1(fuse_add_trans);
Datum
fuse_add_trans(PG_FUNCTION_ARGS)
{
	return fuse_trans(fcinfo, &fuse_agg, "fuse_add_trans");
}

/* fuse_keys_add_trans(fuse, value [, fpr [, seed]]): transition function of fuse_keys_agg. */
PG_FUNCTION_INFO_V1(fuse_keys_add_trans);
Datum
fuse_keys_add_trans(PG_FUNCTION_ARGS)
{
	return fuse_trans(fcinfo, &fuse_keys_agg, "fuse_keys_add_trans");
}

/*
 * Strict: the aggregate machinery starts the state from a copy of the first
 * non-NULL input. The union of two key sets, either of which may be a
 * working state (a worker's partial result); filters are refused.
 */
PG_FUNCTION_INFO_V1(fuse_union_trans);
Datum
fuse_union_trans(PG_FUNCTION_ARGS)
{
	struct varlena *a;
	struct varlena *b;
	ProbBuffer	out;

	(void) prob_require_aggregate(fcinfo, "fuse_union_trans");
	a = PG_GETARG_VARLENA_PP(0);
	b = PG_GETARG_VARLENA_PP(1);
	/* Combining fuse_agg's or fuse_keys_agg's partial states: parameters that differ changed between rows. */
	if (prob_combining_for_another_transfn(fcinfo))
	{
		ProbFuseParams params = fuse_params_of(a);
		char	   *name = get_func_name(AggGetAggref(fcinfo)->aggfnoid);
		const ProbAggregate *agg = name != NULL && strcmp(name, "fuse_keys_agg") == 0 ? &fuse_keys_agg : &fuse_agg;

		PROB_TRY_AGG(agg, prob_fuse_check_state_parameters(PROB_BYTES(b), params.fpr, params.seed, PROB_ERR));
	}
	PROB_TRY(prob_fuse_union(PROB_BYTES(a), PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(prob_varlena_of(out));
}

/* Final function of fuse_agg: the filter of the state's keys; zero rows, the filter of none (sketch.h). */
PG_FUNCTION_INFO_V1(fuse_agg_final);
Datum
fuse_agg_final(PG_FUNCTION_ARGS)
{
	struct varlena *empty;

	if (!PG_ARGISNULL(0))
	{
		struct varlena *state = PG_DETOAST_DATUM(PG_GETARG_DATUM(0));
		struct varlena *filter = fuse_build_of(state);

		/* A filter comes back as is (a user's aggregate over fuse_union_trans): never the state itself. */
		if (filter == state)
			filter = (struct varlena *) PG_DETOAST_DATUM_COPY(PointerGetDatum(state));
		PG_RETURN_POINTER(filter);
	}
	empty = prob_agg_zero_rows(fcinfo, &fuse_agg);
	if (empty == NULL)
		PG_RETURN_NULL();
	PG_RETURN_POINTER(empty);
}

/* Final function of fuse_keys_agg: the state's canonical key set (a copy); zero rows, the empty key set. */
PG_FUNCTION_INFO_V1(fuse_keys_agg_final);
Datum
fuse_keys_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &fuse_type, &fuse_keys_agg);
}

/*
 * Final function of fuse_union_agg: the union's key set; zero rows, NULL
 * (no rate or seed to make one of). A single filter is refused as a union
 * with it would be.
 */
PG_FUNCTION_INFO_V1(fuse_union_final);
Datum
fuse_union_final(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	ProbBuffer	out;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	state = PG_DETOAST_DATUM(PG_GETARG_DATUM(0));
	PROB_TRY(prob_fuse_union(PROB_BYTES(state), PROB_BYTES(state), &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(prob_varlena_of(out));
}
