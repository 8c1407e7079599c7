/*
 * The hll type: I/O, typmod, functions, operators and aggregates.
 * Every SQL name here is the C symbol of the same name.
 */
#include "common.h"
#include "hashing.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "nodes/execnodes.h"
#include "nodes/nodeFuncs.h"
#include "nodes/primnodes.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"

#include "capi/hll_capi.h"

#define HLL_DEFAULT_SEED 0

static struct varlena *
hll_new_empty(int precision, uint64 seed)
{
	ProbBuffer	out;

	PROB_TRY(prob_hll_empty(precision, seed, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

/*
 * The canonical value of what may be an aggregate's working state (which
 * reaches output functions when Citus ships partial aggregates as text).
 */
static struct varlena *
hll_finished(struct varlena *v)
{
	ProbBuffer	out;

	PROB_TRY(prob_hll_finish(PROB_BYTES(v), &prob_palloc_allocator, &out, PROB_ERR));
	return (struct varlena *) DatumGetPointer(prob_result(v, out));
}

/* Applies a column's typmod: folds a finer sketch down (the core refuses a coarser one). */
static struct varlena *
hll_apply_typmod(struct varlena *v, int32 typmod)
{
	ProbBuffer	out;

	if (typmod < 0)
		return v;
	PROB_TRY(prob_hll_fold(PROB_BYTES(v), typmod, &prob_palloc_allocator, &out, PROB_ERR));
	return (struct varlena *) DatumGetPointer(prob_result(v, out));
}

PG_FUNCTION_INFO_V1(hll_in);
Datum
hll_in(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(hll_apply_typmod(prob_value_in(PG_GETARG_CSTRING(0), "hll", prob_hll_validate),
									   PG_GETARG_INT32(2)));
}

PG_FUNCTION_INFO_V1(hll_out);
Datum
hll_out(PG_FUNCTION_ARGS)
{
	PG_RETURN_CSTRING(prob_value_out(hll_finished(PG_GETARG_VARLENA_PP(0)), "hll"));
}

PG_FUNCTION_INFO_V1(hll_recv);
Datum
hll_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(hll_apply_typmod(prob_value_recv((StringInfo) PG_GETARG_POINTER(0), prob_hll_validate),
									   PG_GETARG_INT32(2)));
}

PG_FUNCTION_INFO_V1(hll_send);
Datum
hll_send(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(prob_value_send(hll_finished(PG_GETARG_VARLENA_PP(0))));
}

PG_FUNCTION_INFO_V1(hll_typmod_in);
Datum
hll_typmod_in(PG_FUNCTION_ARGS)
{
	ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(0);
	int32	   *mods;
	int			n;

	mods = ArrayGetIntegerTypmods(arr, &n);
	if (n != 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("hll takes one type modifier, its precision")));
	PROB_TRY(prob_hll_check_precision(mods[0], PROB_ERR));
	PG_RETURN_INT32(mods[0]);
}

PG_FUNCTION_INFO_V1(hll_typmod_out);
Datum
hll_typmod_out(PG_FUNCTION_ARGS)
{
	int32		typmod = PG_GETARG_INT32(0);

	PG_RETURN_CSTRING(typmod < 0 ? pstrdup("") : psprintf("(%d)", typmod));
}

/* hll(hll, typmod, explicit): the length-coercion cast that applies a column's precision. */
PG_FUNCTION_INFO_V1(hll);
Datum
hll(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(hll_apply_typmod(PG_GETARG_VARLENA_PP(0), PG_GETARG_INT32(1)));
}

PG_FUNCTION_INFO_V1(hll_from_bytea);
Datum
hll_from_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(prob_value_from_bytea(PG_GETARG_VARLENA_PP(0), prob_hll_validate));
}

PG_FUNCTION_INFO_V1(hll_empty);
Datum
hll_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(hll_new_empty(PG_GETARG_INT32(0), (uint64) PG_GETARG_INT64(1)));
}

/*
 * The hash of argument argno by the canonical rule (hashing.h), with the
 * common aggregate inputs, integers and text or bytea held inline, hashed
 * without the general dispatch or a detoasting call.
 */
static inline uint64
hll_hash_arg(FunctionCallInfo fcinfo, int argno, uint64 seed)
{
	const ProbHashType *type = prob_arg_hash_type_cached(fcinfo, argno);
	Datum		value = PG_GETARG_DATUM(argno);
	int64		integer;

	if (prob_datum_as_int64(type, value, &integer))
		return prob_hash_int64(integer, seed);
	if (type->kind == PROB_HASH_TEXT || type->kind == PROB_HASH_BYTEA)
	{
		struct varlena *v = (struct varlena *) DatumGetPointer(value);

		if (!VARATT_IS_EXTERNAL(v) && !VARATT_IS_COMPRESSED(v))
			return prob_hash_bytes(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), seed);
	}
	return prob_hash_datum(type, value, seed);
}

/*
 * The sketch v with one more hash of a value of kind (0 for a hash from
 * outside): v itself when that changes nothing, else a new value.
 */
static Datum
hll_add_hash_to(struct varlena *v, uint64 hash, uint16 kind)
{
	ProbBuffer	out;

	PROB_TRY(prob_hll_add_hash(PROB_BYTES(v), hash, kind, false, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_result(v, out);
}

/* hll_add(hll, anyelement): NULL values leave the sketch unchanged. */
PG_FUNCTION_INFO_V1(hll_add);
Datum
hll_add(PG_FUNCTION_ARGS)
{
	struct varlena *v;
	uint64		seed;
	const ProbHashType *type;

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	v = PG_GETARG_VARLENA_PP(0);
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(v);
	PROB_TRY(prob_hll_seed(PROB_BYTES(v), &seed, PROB_ERR));
	type = prob_arg_hash_type_cached(fcinfo, 1);
	prob_hash_prepare(type, v);
	return hll_add_hash_to(v, prob_hash_prepared_own(type) ? hll_hash_arg(fcinfo, 1, seed) :
						   prob_hash_for_sketch(type, PG_GETARG_DATUM(1), seed, true), type->value_kind);
}

PG_FUNCTION_INFO_V1(hll_add_hash);
Datum
hll_add_hash(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	if (PG_ARGISNULL(1))
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	return hll_add_hash_to(PG_GETARG_VARLENA_PP(0), (uint64) PG_GETARG_INT64(1), 0);
}

PG_FUNCTION_INFO_V1(hll_union);
Datum
hll_union(PG_FUNCTION_ARGS)
{
	struct varlena *a = PG_GETARG_VARLENA_PP(0);
	struct varlena *b = PG_GETARG_VARLENA_PP(1);
	ProbBuffer	out;

	PROB_TRY(prob_hll_union(PROB_BYTES(a), PROB_BYTES(b), false, &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_DATUM(prob_result(a, out));
}

/* The estimate as a bigint; a saturated sketch can estimate past int64. */
static int64
hll_cardinality_of(struct varlena *v)
{
	int64_t		cardinality;

	PROB_TRY(prob_hll_cardinality(PROB_BYTES(v), &cardinality, PROB_ERR));
	return cardinality;
}

PG_FUNCTION_INFO_V1(hll_cardinality);
Datum
hll_cardinality(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(hll_cardinality_of(PG_GETARG_VARLENA_PP(0)));
}

PG_FUNCTION_INFO_V1(hll_precision);
Datum
hll_precision(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	int			precision;

	PROB_TRY(prob_hll_precision(PROB_BYTES(v), &precision, PROB_ERR));
	PG_RETURN_INT32(precision);
}

/* The estimate as prob_json_number prints it (doc/FORMAT.md 1). */
PG_FUNCTION_INFO_V1(hll_info);
Datum
hll_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbHllInfo info;
	char	   *json;

	PROB_TRY(prob_hll_info(PROB_BYTES(v), &info, PROB_ERR));
	json = psprintf("{\"precision\": %d, \"representation\": \"%s\", \"format_version\": %d, "
					"\"hash_id\": %d, \"kind\": %s, \"hash\": \"xxh3-64\", \"seed\": " INT64_FORMAT ", "
					"\"bytes\": %zu, \"registers\": %zu, \"registers_nonzero\": %zu, "
					"\"sparse_entries\": %zu, \"estimate\": %s}",
					info.precision, info.sparse ? "sparse" : "dense", info.format_version,
					info.hash_id, prob_kind_json(info.kind), (int64) info.seed, VARSIZE_ANY_EXHDR(v) + VARHDRSZ,
					(size_t) 1 << info.precision, info.registers_nonzero,
					info.sparse_entries, prob_json_number(info.estimate));
	PG_RETURN_DATUM(DirectFunctionCall1(jsonb_in, CStringGetDatum(json)));
}

static bool
hll_contains_of(struct varlena *outer, struct varlena *inner)
{
	bool		result;

	PROB_TRY(prob_hll_contains(PROB_BYTES(outer), PROB_BYTES(inner), &result, PROB_ERR));
	return result;
}

PG_FUNCTION_INFO_V1(hll_contains);
Datum
hll_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(hll_contains_of(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

PG_FUNCTION_INFO_V1(hll_contained);
Datum
hll_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(hll_contains_of(PG_GETARG_VARLENA_PP(1), PG_GETARG_VARLENA_PP(0)));
}

/* Canonical representation makes content equality byte equality. */
static bool
hll_equal(struct varlena *a, struct varlena *b)
{
	return VARSIZE_ANY_EXHDR(a) == VARSIZE_ANY_EXHDR(b) &&
		memcmp(VARDATA_ANY(a), VARDATA_ANY(b), VARSIZE_ANY_EXHDR(a)) == 0;
}

PG_FUNCTION_INFO_V1(hll_eq);
Datum
hll_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(hll_equal(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

PG_FUNCTION_INFO_V1(hll_ne);
Datum
hll_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(!hll_equal(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

PG_FUNCTION_INFO_V1(hll_hash);
Datum
hll_hash(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);

	PG_RETURN_INT32((int32) prob_hash_bytes(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), 0));
}

PG_FUNCTION_INFO_V1(hll_hash_extended);
Datum
hll_hash_extended(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);

	PG_RETURN_INT64((int64) prob_hash_bytes(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v),
											(uint64) PG_GETARG_INT64(1)));
}

/*
 * Aggregates. The transition state is the hll type itself, so partial
 * aggregation (parallel query, Citus workers) needs no serial functions.
 * Transition and combine functions update the state in place when
 * AggCheckCallContext says they may; final functions never modify it.
 */

/*
 * hll_add_trans and hll_add_hash_trans build a working state (representation
 * 3, no valid value): only an aggregate that ends it with our final function
 * may use them. (hll_union_trans returns valid values: any aggregate may.)
 */
static void
hll_require_finishing_aggregate(FunctionCallInfo fcinfo)
{
	static const char *const finals[] = {"hll_agg_final", "hll_agg_cardinality", NULL};

	prob_require_finishing_aggregate(fcinfo, finals,
									 "Use hll_add_agg or hll_add_hash_agg, or give the aggregate FINALFUNC = hll_agg_final.");
}

/*
 * hll_trans_state's rarer cases: the first row (a new building state) and a
 * precision argument that may change between rows.
 */
static pg_noinline struct varlena *
hll_trans_state_slow(FunctionCallInfo fcinfo, int precision_arg, bool hashes_values)
{
	int			precision = PROB_HLL_DEFAULT_PRECISION;
	ProbBuffer	out;

	if (PG_NARGS() > precision_arg)
	{
		prob_require_not_null(PG_ARGISNULL(precision_arg), "hll precision");
		precision = PG_GETARG_INT32(precision_arg);
	}
	if (!PG_ARGISNULL(0))
	{
		struct varlena *state = prob_detoast(PG_GETARG_DATUM(0));

		PROB_TRY(prob_hll_check_state_precision((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ,
												precision, PROB_ERR));
		return state;
	}
	/* A new working state (representation 3): only our final functions may end it. */
	hll_require_finishing_aggregate(fcinfo);
	/* The kind of the values hashed here; hll_add_hash_agg's hashes come with none. */
	PROB_TRY(prob_hll_builder(precision, HLL_DEFAULT_SEED,
							  hashes_values ? prob_arg_hash_type_cached(fcinfo, 1)->value_kind : 0,
							  &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

/*
 * The state to update: the aggregate's own copy, or (when it had to be
 * detoasted) a fresh copy; either way ours to modify, with a 4-byte header.
 * Also makes sure the caller is an aggregate (the state is updated in place);
 * a plain aggregate passes that check without a call.
 */
static inline struct varlena *
hll_trans_state(FunctionCallInfo fcinfo, const char *name, int precision_arg, bool hashes_values)
{
	bool		has_precision = PG_NARGS() > precision_arg;

	if (unlikely(fcinfo->context == NULL || !IsA(fcinfo->context, AggState)))
		(void) prob_require_aggregate(fcinfo, name);
	/*
	 * Every row passes the precision: one that differs from the first is an
	 * error. A constant (the usual case) cannot differ: no core call per row.
	 */
	if (likely(!PG_ARGISNULL(0)))
	{
		ProbArgCache *cache = prob_arg_cache(fcinfo);

		if (unlikely(cache->params_constant < 0))
			cache->params_constant = !has_precision ||
				prob_agg_arg_is_const(fcinfo, precision_arg - 1, INT4OID, "hll precision");
		if (likely(cache->params_constant))
			return prob_detoast(PG_GETARG_DATUM(0));
	}
	return hll_trans_state_slow(fcinfo, precision_arg, hashes_values);
}

/*
 * Adds a hash to an aggregate's state: in place when it is dense (without a
 * call), else through the core's guarded path, which may return a new state.
 */
static inline Datum
hll_trans_add(struct varlena *state, uint64 hash)
{
	ProbBuffer	out;

	PROB_TRY(prob_hll_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, hash, 0, true,
							   &prob_palloc_allocator, &out, PROB_ERR));
	return out.data == (uint8_t *) VARDATA(state) ? PointerGetDatum(state) :
		PointerGetDatum(prob_varlena_of(out));
}

/* hll_add_trans(hll, value [, precision]): every hll_add_agg overload's transition function. */
PG_FUNCTION_INFO_V1(hll_add_trans);
Datum
hll_add_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state = hll_trans_state(fcinfo, "hll_add_trans", 2, true);

	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	return hll_trans_add(state, hll_hash_arg(fcinfo, 1, HLL_DEFAULT_SEED));
}

PG_FUNCTION_INFO_V1(hll_add_hash_trans);
Datum
hll_add_hash_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state = hll_trans_state(fcinfo, "hll_add_hash_trans", 2, false);

	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	return hll_trans_add(state, (uint64) PG_GETARG_INT64(1));
}

/* Strict: the aggregate machinery starts the state from the first non-NULL input. */
PG_FUNCTION_INFO_V1(hll_union_trans);
Datum
hll_union_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	struct varlena *other;
	ProbBuffer	out;

	(void) prob_require_aggregate(fcinfo, "hll_union_trans");
	state = hll_finished(PG_DETOAST_DATUM(PG_GETARG_DATUM(0)));
	other = hll_finished(PG_GETARG_VARLENA_PP(1));
	/*
	 * Combining partial results of hll_add_agg(x, p) or hll_add_hash_agg(h, p)
	 * (partitionwise or parallel): p is one value per aggregate there, as
	 * between rows. hll_union_agg, whose transition function this is, folds.
	 */
	if (prob_combining_for_another_transfn(fcinfo))
	{
		int			precision;

		PROB_TRY(prob_hll_precision(PROB_BYTES(other), &precision, PROB_ERR));
		PROB_TRY(prob_hll_check_state_precision((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ,
												precision, PROB_ERR));
	}
	PROB_TRY(prob_hll_union((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, PROB_BYTES(other),
							true, &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_DATUM(prob_result(state, out));
}

/*
 * The precision an aggregate would have used, for zero rows: PostgreSQL
 * passes no argument values to a final function, so read a constant
 * precision argument off the aggregate call itself; -1 for an empty window
 * frame where it cannot be seen.
 */
static int
hll_agg_precision(FunctionCallInfo fcinfo)
{
	Datum		precision;

	if (prob_aggregate_nargs(fcinfo) == 1)
		return PROB_HLL_DEFAULT_PRECISION;
	if (!prob_aggregate_const_arg(fcinfo, 1, INT4OID, "hll precision", &precision))
	{
		/* In a window the call may be one of several (an empty frame): unknown, never a guess. */
		if (fcinfo->context != NULL && IsA(fcinfo->context, WindowAggState))
			return -1;
		return PROB_HLL_DEFAULT_PRECISION;
	}
	PROB_TRY(prob_hll_check_precision(DatumGetInt32(precision), PROB_ERR));
	return DatumGetInt32(precision);
}

/*
 * Returns a new value, never the state itself: window aggregates keep
 * updating the state after a row's result has been handed out.
 */
PG_FUNCTION_INFO_V1(hll_agg_final);
Datum
hll_agg_final(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	struct varlena *result;

	if (PG_ARGISNULL(0))
	{
		int			precision = hll_agg_precision(fcinfo);

		/* An empty window frame whose call's precision cannot be seen: NULL, never a wrong p. */
		if (precision < 0)
			PG_RETURN_NULL();
		PG_RETURN_POINTER(hll_new_empty(precision, HLL_DEFAULT_SEED));
	}
	state = PG_DETOAST_DATUM(PG_GETARG_DATUM(0));
	result = hll_finished(state);
	if (result == state)
		result = PG_DETOAST_DATUM_COPY(PointerGetDatum(state));
	PG_RETURN_POINTER(result);
}

PG_FUNCTION_INFO_V1(hll_agg_cardinality);
Datum
hll_agg_cardinality(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_INT64(0);
	PG_RETURN_INT64(hll_cardinality_of(hll_finished(PG_GETARG_VARLENA_PP(0))));
}
