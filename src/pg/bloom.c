/*
 * The bloom type: I/O, functions, operators and aggregates.
 * Every SQL name here is the C symbol of the same name; equality and hashing
 * are bytea's own functions (the format is canonical), declared in the SQL script.
 */
#include "agg_calls.h"
#include "hashing.h"
#include "kept_arg.h"
#include "memory.h"
#include "sketch.h"

#include "access/detoast.h"
#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "nodes/execnodes.h"
#include "nodes/plannodes.h"
#include "nodes/primnodes.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

#include "capi/bloom_capi.h"

/*
 * The canonical value of what may be bloom_agg's working state (which
 * reaches output functions when Citus ships partial aggregates as text):
 * v itself unless it has pending hashes.
 */
static struct varlena *
bloom_finished(struct varlena *v)
{
	ProbBuffer	out;

	PROB_TRY(prob_bloom_finish(PROB_BYTES(v), &prob_palloc_allocator, &out, PROB_ERR));
	return (struct varlena *) DatumGetPointer(prob_result(v, out));
}

static const ProbSketchType bloom_type = {"bloom", prob_bloom_validate, bloom_finished};

PROB_SKETCH_IO_FUNCTIONS(bloom, &bloom_type)

static struct varlena *
bloom_new_empty(int64 capacity, double fpr, int layout, uint64 seed)
{
	ProbBuffer	out;

	PROB_TRY(prob_bloom_empty_layout(capacity, fpr, layout, seed, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

/* A layout's id from its SQL name ('blocked', 'classic', 'fixed', 'scalable'). */
static int
bloom_layout_of_text(text *name)
{
	int			layout;

	PROB_TRY(prob_bloom_layout_of_name(VARDATA_ANY(name), VARSIZE_ANY_EXHDR(name), &layout, PROB_ERR));
	return layout;
}

/*
 * bloom_empty(capacity, fpr, scalable boolean, seed) and bloom_empty(capacity,
 * fpr, layout text, seed): one symbol, told apart by the third argument's
 * declared type (from the catalog: a call without an expression tree has it too).
 */
PG_FUNCTION_INFO_V1(bloom_empty);
Datum
bloom_empty(PG_FUNCTION_ARGS)
{
	Oid		   *argtypes;
	int			nargs;
	int			layout;

	get_func_signature(fcinfo->flinfo->fn_oid, &argtypes, &nargs);
	if (nargs > 2 && argtypes[2] == TEXTOID)
		layout = bloom_layout_of_text(PG_GETARG_TEXT_PP(2));
	else
		layout = PG_GETARG_BOOL(2) ? PROB_BLOOM_LAYOUT_SCALABLE : PROB_BLOOM_LAYOUT_FIXED;
	pfree(argtypes);
	PG_RETURN_POINTER(bloom_new_empty(PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1), layout, (uint64) PG_GETARG_INT64(3)));
}

static uint64
bloom_seed_of(struct varlena *v)
{
	ProbBloomParams params;

	PROB_TRY(prob_bloom_params(PROB_BYTES(v), &params, PROB_ERR));
	return params.seed;
}

/* bloom_add(bloom, anyelement): NULL values leave the filter unchanged. */
PG_FUNCTION_INFO_V1(bloom_add);
Datum
bloom_add(PG_FUNCTION_ARGS)
{
	struct varlena *v;
	const ProbHashType *type;
	uint64		hash;
	ProbBuffer	out;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	v = PG_GETARG_VARLENA_PP(0);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(v);
	type = prob_arg_hash_type_cached(fcinfo, 1);
	prob_hash_prepare(type, v);
	hash = prob_hash_for_sketch(type, PG_GETARG_DATUM(1), bloom_seed_of(v), true);
	PROB_TRY(prob_bloom_add_hash((uint8_t *) VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), hash, type->value_kind, false,
								 &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_DATUM(prob_result(v, out));
}

/*
 * fn_extra of the membership functions: the filter argument read once for
 * many probes. A filter stored out of line is kept by its TOAST pointer
 * (ProbKeptArg, common.h), with its probe (bloom_probe.h: each layer's bits
 * and positioning, read from the headers once). A filter written as a
 * constant in the call is the same at every call and is read once too. Any
 * other filter is read at every call: one stored inline or computed per row
 * may be another value at the same address with the same header, and a
 * parameter's value may change between evaluations of an expression
 * PL/pgSQL keeps (get_fn_expr_arg_stable would call it stable).
 */
typedef struct BloomProbeCache
{
	ProbHashType type;			/* of the value argument */
	bool		filter_is_const;	/* the filter argument is a Const */
	bool		valid;			/* probe describes the filter argument of the next call if... */
	bool		from_toast;		/* ...it is kept's copy again (else: it is the Const) */
	ProbKeptArg kept;			/* the last filter stored out of line */
	struct varlena *const_copy; /* the Const's expanded copy, in fn_mcxt, when it was compressed */
	ProbBloomProbe probe;
} BloomProbeCache;

/* The call's argument argno is a constant in the expression (never true of ANY(array)'s elements). */
static bool
bloom_arg_is_const(FmgrInfo *flinfo, int argno)
{
	List	   *args;

	if (flinfo->fn_expr == NULL)
		return false;
	if (IsA(flinfo->fn_expr, FuncExpr))
		args = ((FuncExpr *) flinfo->fn_expr)->args;
	else if (IsA(flinfo->fn_expr, OpExpr))
		args = ((OpExpr *) flinfo->fn_expr)->args;
	else
		return false;
	return argno < list_length(args) && IsA(list_nth(args, argno), Const);
}

/*
 * Prepares the probe of filter into *probe and checks that its hash rules
 * are the value argument's. Raises before anything is kept.
 */
static void
bloom_prepare_probe(const ProbHashType *type, struct varlena *filter, ProbBloomProbe *probe)
{
	PROB_TRY(prob_bloom_probe_prepare(PROB_BYTES(filter), probe, PROB_ERR));
	prob_hash_prepare(type, filter);
}

/* Makes the kept probe that of filter (from_toast: kept's copy), valid once prepared. */
static void
bloom_cache_probe(BloomProbeCache *cache, struct varlena *filter, bool from_toast)
{
	cache->valid = false;
	cache->from_toast = from_toast;
	bloom_prepare_probe(&cache->type, filter, &cache->probe);
	cache->valid = true;
}

/* The probe of the filter argument: the kept one when it is the same filter, else *scratch. */
static const ProbBloomProbe *
bloom_probe_of(FunctionCallInfo fcinfo, BloomProbeCache *cache, int argno, ProbBloomProbe *scratch)
{
	struct varlena *arg = PG_GETARG_RAW_VARLENA_P(argno);
	struct varlena *filter;
	bool		again;
	MemoryContext old;

	if (VARATT_IS_EXTERNAL_ONDISK(arg))
	{
		filter = prob_kept_arg(fcinfo, &cache->kept, argno, &again);
		if (unlikely(!again || !cache->valid || !cache->from_toast))
			bloom_cache_probe(cache, filter, true);
		return &cache->probe;
	}
	if (cache->filter_is_const)
	{
		if (likely(cache->valid && !cache->from_toast))
			return &cache->probe;
		/* A compressed constant is expanded once, into memory that outlives the call. */
		old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
		filter = PG_DETOAST_DATUM_PACKED(PointerGetDatum(arg));
		MemoryContextSwitchTo(old);
		if (filter != arg)
		{
			if (cache->const_copy != NULL)
				pfree(cache->const_copy);
			cache->const_copy = filter;
		}
		bloom_cache_probe(cache, filter, false);
		return &cache->probe;
	}
	filter = PG_DETOAST_DATUM_PACKED(PointerGetDatum(arg));
	bloom_prepare_probe(&cache->type, filter, scratch);
	return scratch;
}

static bool
bloom_member(FunctionCallInfo fcinfo, int filter_arg, int value_arg)
{
	BloomProbeCache *cache = (BloomProbeCache *) fcinfo->flinfo->fn_extra;
	ProbBloomProbe scratch;
	const ProbBloomProbe *probe;

	if (unlikely(cache == NULL))
	{
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(BloomProbeCache));
		cache->filter_is_const = bloom_arg_is_const(fcinfo->flinfo, filter_arg);
	}
	/* Resolved before any filter is read: reading one checks its hash rules against this type. */
	if (unlikely(!OidIsValid(cache->type.typid)))
		(void) prob_arg_hash_type(fcinfo, value_arg, &cache->type);
	probe = bloom_probe_of(fcinfo, cache, filter_arg, &scratch);
	return prob_bloom_probe_contains(probe, prob_hash_for_sketch(&cache->type, PG_GETARG_DATUM(value_arg), probe->seed, false));
}

PG_FUNCTION_INFO_V1(bloom_contains);
Datum
bloom_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bloom_member(fcinfo, 0, 1));
}

PG_FUNCTION_INFO_V1(bloom_contained);
Datum
bloom_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bloom_member(fcinfo, 1, 0));
}

typedef bool (*BloomCombineFn) (uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
								bool in_place, const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);

static Datum
bloom_combine(FunctionCallInfo fcinfo, BloomCombineFn combine)
{
	struct varlena *a = PG_GETARG_VARLENA_PP(0);
	struct varlena *b = PG_GETARG_VARLENA_PP(1);
	ProbBuffer	out;

	PROB_TRY(combine((uint8_t *) VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a), PROB_BYTES(b), false,
					 &prob_palloc_allocator, &out, PROB_ERR));
	return prob_result(a, out);
}

PG_FUNCTION_INFO_V1(bloom_union);
Datum
bloom_union(PG_FUNCTION_ARGS)
{
	return bloom_combine(fcinfo, prob_bloom_union);
}

PG_FUNCTION_INFO_V1(bloom_intersect);
Datum
bloom_intersect(PG_FUNCTION_ARGS)
{
	return bloom_combine(fcinfo, prob_bloom_intersect);
}

static bool
bloom_includes(struct varlena *outer, struct varlena *inner)
{
	bool		result;

	PROB_TRY(prob_bloom_superset(PROB_BYTES(outer), PROB_BYTES(inner), &result, PROB_ERR));
	return result;
}

PG_FUNCTION_INFO_V1(bloom_superset);
Datum
bloom_superset(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bloom_includes(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

PG_FUNCTION_INFO_V1(bloom_subset);
Datum
bloom_subset(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bloom_includes(PG_GETARG_VARLENA_PP(1), PG_GETARG_VARLENA_PP(0)));
}

PG_FUNCTION_INFO_V1(bloom_cardinality);
Datum
bloom_cardinality(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	int64_t		cardinality;

	PROB_TRY(prob_bloom_cardinality(PROB_BYTES(v), &cardinality, PROB_ERR));
	PG_RETURN_INT64(cardinality);
}

PG_FUNCTION_INFO_V1(bloom_fpr);
Datum
bloom_fpr(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	double		fpr;

	PROB_TRY(prob_bloom_fpr(PROB_BYTES(v), &fpr, PROB_ERR));
	PG_RETURN_FLOAT8(fpr);
}

PG_FUNCTION_INFO_V1(bloom_info);
Datum
bloom_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbBloomInfo *info = palloc(sizeof(ProbBloomInfo));
	ProbJson	json;

	PROB_TRY(prob_bloom_info(PROB_BYTES(v), info, PROB_ERR));
	prob_json_begin(&json);
	prob_json_header(&json, info->format_version, info->hash_id, info->seed, info->kind, v);
	prob_json_string(&json, "layout", info->layout_name);
	prob_json_uint(&json, "capacity", info->capacity);
	prob_json_double(&json, "fpr", info->fpr);
	prob_json_int(&json, "layer_count", info->layer_count);
	prob_json_uint(&json, "bit_count", info->bit_count);
	prob_json_uint(&json, "hash_count", info->layers[0].hash_count);
	prob_json_uint(&json, "bits_set", info->bits_set);
	prob_json_double(&json, "estimated_items", info->estimated_items);
	prob_json_double(&json, "estimated_fpr", info->estimated_fpr);
	prob_json_open(&json, "layers", '[');
	for (int i = 0; i < info->layer_count; i++)
	{
		const ProbBloomLayerInfo *l = &info->layers[i];

		prob_json_open(&json, NULL, '{');
		prob_json_uint(&json, "bit_count", l->bit_count);
		prob_json_uint(&json, "hash_count", l->hash_count);
		prob_json_uint(&json, "capacity", l->capacity);
		prob_json_uint(&json, "bits_set", l->bits_set);
		prob_json_double(&json, "design_fpr", l->design_fpr);
		prob_json_double(&json, "estimated_items", l->estimated_items);
		prob_json_double(&json, "estimated_fpr", l->estimated_fpr);
		prob_json_close(&json, '}');
	}
	prob_json_close(&json, ']');
	PG_RETURN_DATUM(prob_json_end(&json));
}

/*
 * Aggregates. bloom_agg(x, capacity, fpr [, layout]) and bloom_union_agg keep
 * the bloom type itself as their state, updated in place, so partial
 * aggregation needs no serial functions. Transition and combine functions
 * update the state in place only when AggCheckCallContext says they may;
 * final functions never modify it and return a copy (window aggregates keep
 * updating the state after a row's result was handed out, and aggregates may
 * share a state).
 *
 * bloom_agg(x, capacity, fpr [, layout]) of a large fixed or blocked filter
 * may keep a working state (bloom.hpp, under sketch.h's policy): the filter
 * and a buffer of pending hashes, so that a row's add starts its loads and
 * the buffer, once full, is applied while they are in cache, rather than
 * waiting for one miss per row. bloom_agg_final, the combine function and
 * the output and send functions (Citus's partial aggregates) apply the buffer.
 */

/* bloom_agg(x, capacity, fpr [, layout]): the parameters (sketch.h). */
static int
bloom_agg_layout(int n, const Datum *values)
{
	return n > 2 ? bloom_layout_of_text(DatumGetTextPP(values[2])) : PROB_BLOOM_LAYOUT_FIXED;
}

static bool
bloom_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_bloom_check_state_parameters(state, size, DatumGetInt64(values[0]), DatumGetFloat8(values[1]),
											 bloom_agg_layout(n, values), err);
}

static struct varlena *
bloom_agg_empty(int n, const Datum *values)
{
	return bloom_new_empty(DatumGetInt64(values[0]), DatumGetFloat8(values[1]), bloom_agg_layout(n, values),
						   PROB_DEFAULT_SEED);
}

static const char *const bloom_agg_finals[] = {"bloom_agg_final", NULL};

static const ProbAggregate bloom_agg = {
	"bloom_agg", "bloom_agg(x, 1000000, 0.01)", 2, 3,
	{{"capacity", INT8OID}, {"false positive rate", FLOAT8OID}, {"layout", TEXTOID}},
	bloom_agg_check_params, bloom_agg_empty, bloom_agg_finals
};

/*
 * fn_extra of bloom_add_trans, read once per call site: the value's hash
 * type; whether the parameters are constants and states may be working
 * states (sketch.h); and, once a group's first state exists, its add site
 * (bloom_probe.h). With constant parameters every state of the call site has
 * the same size and layer, so each later row adds its hash in place with no
 * core call and no header read; a state of another size (a scalable filter
 * that grew, none when it may) takes the core's path.
 */
typedef struct BloomAddCache
{
	ProbHashType hash_type;
	bool		params_known;
	bool		params_constant;
	bool		working_known;
	bool		working;
	ProbBloomAddSite site;
} BloomAddCache;

static BloomAddCache *
bloom_add_cache(FunctionCallInfo fcinfo)
{
	BloomAddCache *cache = fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL))
		return cache;
	cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(BloomAddCache));
	fcinfo->flinfo->fn_extra = cache;
	return cache;
}

/*
 * bloom_add_trans's first row, every row of a call whose parameters are not
 * constants, and scalable filters: the parameters checked, then the core's add.
 */
static pg_noinline Datum
bloom_add_trans_slow(FunctionCallInfo fcinfo)
{
	struct varlena *state;
	uint64		hash;
	ProbBuffer	out;
	BloomAddCache *cache = bloom_add_cache(fcinfo);
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;
	bool		constant;

	(void) prob_require_aggregate(fcinfo, "bloom_add_trans");
	n = prob_agg_row_params(fcinfo, &bloom_agg, 2, params);
	constant = prob_agg_params_constant(fcinfo, &bloom_agg, 2, &cache->params_known, &cache->params_constant);
	/* Made with the values' kind: later rows may take the site's path, which records none. */
	if (unlikely(!OidIsValid(cache->hash_type.typid)))
		(void) prob_arg_hash_type(fcinfo, 1, &cache->hash_type);
	if (PG_ARGISNULL(0))
	{
		ProbBuffer	first;

		if (!cache->working_known)
		{
			cache->working = prob_agg_may_keep_working_state(fcinfo, &bloom_agg);
			cache->working_known = true;
		}
		PROB_TRY(prob_bloom_agg_state(DatumGetInt64(params[0]), DatumGetFloat8(params[1]),
									  bloom_agg_layout(n, params), PROB_DEFAULT_SEED, cache->hash_type.value_kind,
									  cache->working, &prob_palloc_allocator, &first, PROB_ERR));
		state = prob_varlena_of(first);
	}
	else
	{
		state = prob_detoast(PG_GETARG_DATUM(0));
		/* Constants cannot differ from the first row's: no core call per row. */
		if (!constant)
			prob_agg_check_params(&bloom_agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
	}
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	hash = prob_hash_datum(&cache->hash_type, PG_GETARG_DATUM(1), PROB_DEFAULT_SEED);
	PROB_TRY(prob_bloom_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, hash,
								 cache->hash_type.value_kind, true,
								 &prob_palloc_allocator, &out, PROB_ERR));
	state = (struct varlena *) DatumGetPointer(prob_result(state, out));
	if (constant && cache->site.state_size == 0)
		PROB_TRY(prob_bloom_add_site((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, &cache->site,
									 PROB_ERR));
	PG_RETURN_POINTER(state);
}

/*
 * bloom_add_trans(bloom, value, capacity, fpr [, layout]): every
 * bloom_agg(x, capacity, fpr [, layout]) overload's transition function. The
 * filter is allocated at a group's first row and then updated in place; once
 * the call site's add site is known (BloomAddCache) a row is its hash and its bits.
 */
PG_FUNCTION_INFO_V1(bloom_add_trans);
Datum
bloom_add_trans(PG_FUNCTION_ARGS)
{
	BloomAddCache *cache = fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && cache->site.state_size != 0 && !PG_ARGISNULL(0)) &&
		likely(fcinfo->context != NULL && IsA(fcinfo->context, AggState)))
	{
		struct varlena *state = prob_detoast(PG_GETARG_DATUM(0));

		if (likely(VARSIZE(state) - VARHDRSZ == cache->site.state_size))
		{
			if (!PG_ARGISNULL(1))
				prob_bloom_site_add((uint8 *) VARDATA(state), &cache->site,
									prob_hash_datum(&cache->hash_type, PG_GETARG_DATUM(1), PROB_DEFAULT_SEED));
			PG_RETURN_POINTER(state);
		}
	}
	return bloom_add_trans_slow(fcinfo);
}

/* Strict: the aggregate machinery starts the state from a copy of the first non-NULL input. */
PG_FUNCTION_INFO_V1(bloom_union_trans);
Datum
bloom_union_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	struct varlena *other;
	ProbBuffer	out;

	size_t		value_size;

	(void) prob_require_aggregate(fcinfo, "bloom_union_trans");
	state = prob_detoast(PG_GETARG_DATUM(0));
	other = PG_GETARG_VARLENA_PP(1);
	/*
	 * As bloom_agg's combine function both may be working states (a worker's
	 * partial result): the state becomes its value in place first, a call of
	 * its own that cannot be interrupted, then takes other's bits and pending
	 * hashes (a union repeated after an interrupt sets the same bits).
	 */
	PROB_TRY(prob_bloom_finish_in_place((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, &value_size, PROB_ERR));
	SET_VARSIZE(state, value_size + VARHDRSZ);
	PROB_TRY(prob_bloom_union_state((uint8_t *) VARDATA(state), value_size, PROB_BYTES(other),
									&prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_DATUM(prob_result(state, out));
}

/*
 * Final function of bloom_agg(x, capacity, fpr [, layout]) and
 * bloom_union_agg. Zero rows: bloom_agg's empty filter of its constant
 * parameters (sketch.h); bloom_union_agg, which has none, NULL.
 */
PG_FUNCTION_INFO_V1(bloom_agg_final);
Datum
bloom_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &bloom_type, &bloom_agg);
}

/*
 * bloom_agg(x [, fpr]): a filter sized to the distinct values the aggregate
 * saw. The state is the core's set of their hashes (bloom_capi.h), kept in
 * the aggregate's memory context, and the final function builds the filter
 * from it; the core polls for interrupts in its long loops.
 */

/* bloom_agg(x [, fpr]): the parameter (sketch.h); the state is the core's set of hashes. */
static bool
bloom_distinct_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_bloom_distinct_check_fpr(state, n == 0 ? PROB_BLOOM_DEFAULT_FPR : DatumGetFloat8(values[0]), err);
}

/* A filter of capacity 1: what bloom_agg(x [, fpr]) makes of zero rows. */
static struct varlena *
bloom_distinct_empty(int n, const Datum *values)
{
	return bloom_new_empty(1, n == 0 ? PROB_BLOOM_DEFAULT_FPR : DatumGetFloat8(values[0]), PROB_BLOOM_LAYOUT_FIXED,
						   PROB_DEFAULT_SEED);
}

static const ProbAggregate bloom_distinct_agg = {
	"bloom_agg", "bloom_agg(x, 0.01)", 0, 1, {{"false positive rate", FLOAT8OID}},
	bloom_distinct_check_params, bloom_distinct_empty, NULL
};

/* bloom_distinct_trans(internal, value [, fpr]): transition function of bloom_agg(x [, fpr]). */
PG_FUNCTION_INFO_V1(bloom_distinct_trans);
Datum
bloom_distinct_trans(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext = prob_require_aggregate(fcinfo, "bloom_distinct_trans");
	ProbArgCache *cache = prob_arg_cache(fcinfo);
	ProbBloomDistinct *state;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n = prob_agg_row_params(fcinfo, &bloom_distinct_agg, 2, params);

	if (PG_ARGISNULL(0))
	{
		ProbAllocator alloc = prob_context_allocator(aggcontext);

		PROB_TRY(prob_bloom_distinct_new(n == 0 ? PROB_BLOOM_DEFAULT_FPR : DatumGetFloat8(params[0]), &alloc,
										 &state, PROB_ERR));
	}
	else
	{
		state = (ProbBloomDistinct *) PG_GETARG_POINTER(0);
		/* A constant rate (the usual case) cannot differ from the first row's: no core call per row. */
		if (!prob_agg_params_constant(fcinfo, &bloom_distinct_agg, 2, &cache->params_known,
									  &cache->params_constant))
			prob_agg_check_params(&bloom_distinct_agg, state, 0, n, params);
	}
	if (!PG_ARGISNULL(1))
		PROB_TRY(prob_bloom_distinct_add(state, prob_hash_datum(prob_arg_hash_type_cached(fcinfo, 1),
																PG_GETARG_DATUM(1), PROB_DEFAULT_SEED),
										 PROB_ERR));
	PG_RETURN_POINTER(state);
}

PG_FUNCTION_INFO_V1(bloom_distinct_combine);
Datum
bloom_distinct_combine(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext = prob_require_aggregate(fcinfo, "bloom_distinct_combine");
	ProbBloomDistinct *state = PG_ARGISNULL(0) ? NULL : (ProbBloomDistinct *) PG_GETARG_POINTER(0);
	ProbAllocator alloc = prob_context_allocator(aggcontext);

	if (PG_ARGISNULL(1))
	{
		if (state == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(state);
	}
	/* The second state may live in a shorter-lived context (a deserialized one): the result must not. */
	PROB_TRY_AGG(&bloom_distinct_agg,
				 prob_bloom_distinct_combine(&state, (ProbBloomDistinct *) PG_GETARG_POINTER(1), &alloc, PROB_ERR));
	PG_RETURN_POINTER(state);
}

/* The serialized state is the core's format, which it validates on the way back in. */
PG_FUNCTION_INFO_V1(bloom_distinct_serialize);
Datum
bloom_distinct_serialize(PG_FUNCTION_ARGS)
{
	ProbBuffer	out;

	PROB_TRY(prob_bloom_distinct_serialize((ProbBloomDistinct *) PG_GETARG_POINTER(0), &prob_palloc_allocator,
										   &out, PROB_ERR));
	PG_RETURN_BYTEA_P((bytea *) prob_varlena_of(out));
}

PG_FUNCTION_INFO_V1(bloom_distinct_deserialize);
Datum
bloom_distinct_deserialize(PG_FUNCTION_ARGS)
{
	bytea	   *in = PG_GETARG_BYTEA_PP(0);
	ProbAllocator alloc = prob_context_allocator(CurrentMemoryContext);
	ProbBloomDistinct *state;

	PROB_TRY(prob_bloom_distinct_deserialize(PROB_BYTES(in), &alloc, &state, PROB_ERR));
	PG_RETURN_POINTER(state);
}

/*
 * Final function of bloom_agg(x [, fpr]): a fixed filter with capacity the
 * number of distinct values (at least 1). Zero rows: an empty filter of
 * capacity 1, at the rate the call passes as a constant (NULL if it is not one).
 */
PG_FUNCTION_INFO_V1(bloom_distinct_final);
Datum
bloom_distinct_final(PG_FUNCTION_ARGS)
{
	ProbBuffer	out;

	if (PG_ARGISNULL(0))
	{
		struct varlena *empty = prob_agg_zero_rows(fcinfo, &bloom_distinct_agg);

		if (empty == NULL)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(empty);
	}
	PROB_TRY(prob_bloom_distinct_finish((ProbBloomDistinct *) PG_GETARG_POINTER(0),
										prob_aggregate_value_kind(fcinfo), &prob_palloc_allocator, &out,
										PROB_ERR));
	PG_RETURN_POINTER(prob_varlena_of(out));
}
