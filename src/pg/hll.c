/*
 * The hll type: I/O, typmod, functions, operators and aggregates.
 * Every SQL name here is the C symbol of the same name.
 */
#include "agg_calls.h"
#include "hashing.h"
#include "hll_family.h"
#include "memory.h"
#include "sketch.h"

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
struct varlena *
hll_finished(struct varlena *v)
{
	ProbBuffer	out;

	PROB_TRY(prob_hll_finish(PROB_BYTES(v), &prob_palloc_allocator, &out, PROB_ERR));
	return (struct varlena *) DatumGetPointer(prob_result(v, out));
}

static const ProbSketchType hll_type = {"hll", prob_hll_validate, hll_finished};

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
	PG_RETURN_POINTER(hll_apply_typmod(prob_sketch_in(&hll_type, PG_GETARG_CSTRING(0)), PG_GETARG_INT32(2)));
}

PG_FUNCTION_INFO_V1(hll_out);
Datum
hll_out(PG_FUNCTION_ARGS)
{
	PG_RETURN_CSTRING(prob_sketch_out(&hll_type, PG_GETARG_VARLENA_PP(0)));
}

PG_FUNCTION_INFO_V1(hll_recv);
Datum
hll_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(hll_apply_typmod(prob_sketch_recv(&hll_type, (StringInfo) PG_GETARG_POINTER(0)),
									   PG_GETARG_INT32(2)));
}

PG_FUNCTION_INFO_V1(hll_send);
Datum
hll_send(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(prob_sketch_send(&hll_type, PG_GETARG_VARLENA_PP(0)));
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
	PG_RETURN_POINTER(prob_sketch_from_bytea(&hll_type, PG_GETARG_VARLENA_PP(0)));
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
	if (hll_value_is_foreign(v))
		return hll_family_add(fcinfo, v);
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

PG_FUNCTION_INFO_V1(hll_info);
Datum
hll_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	ProbHllInfo info;
	ProbJson	json;

	PROB_TRY(prob_hll_info(PROB_BYTES(v), &info, PROB_ERR));
	prob_json_begin(&json);
	prob_json_header(&json, info.format_version, info.hash_id, info.seed, info.kind, v);
	prob_json_int(&json, "precision", info.precision);
	prob_json_string(&json, "representation", info.explicit_list ? "explicit" : !info.sparse ? "dense" :
					 info.hash_id == PROB_HLL_OWN_HASH_ID_MAX + 3 ? "coupons" : "sparse");
	if (info.hash_id == PROB_HLL_OWN_HASH_ID_MAX + 3)
	{
		/* DataSketches: its target type (HLL_4, HLL_6, HLL_8) and out-of-order flag. */
		prob_json_string(&json, "family", "datasketches");
		prob_json_int(&json, "target_type", info.regwidth);
		prob_json_int(&json, "out_of_order", info.expthresh);
	}
	else if (info.hash_id > PROB_HLL_OWN_HASH_ID_MAX + 1)
		prob_json_string(&json, "family", "redis");
	else if (info.hash_id > PROB_HLL_OWN_HASH_ID_MAX)
	{
		/* An imported sketch: its family and the producer's parameters (hll_family.hpp). */
		prob_json_string(&json, "family", "postgresql-hll");
		prob_json_int(&json, "regwidth", info.regwidth);
		prob_json_int(&json, "expthresh", info.expthresh);
		prob_json_int(&json, "sparseon", info.sparseon ? 1 : 0);
		prob_json_uint(&json, "explicit_hashes", info.explicit_hashes);
	}
	prob_json_uint(&json, "registers", (uint64) 1 << info.precision);
	prob_json_uint(&json, "registers_nonzero", info.registers_nonzero);
	prob_json_uint(&json, "sparse_entries", info.sparse_entries);
	prob_json_double(&json, "estimate", info.estimate);
	PG_RETURN_DATUM(prob_json_end(&json));
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

/* hll_add_agg(x [, precision]) and hll_add_hash_agg(h [, precision]): the parameters (sketch.h). */
static bool
hll_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_hll_check_state_precision(state, size, n == 0 ? PROB_HLL_DEFAULT_PRECISION : DatumGetInt32(values[0]),
										  err);
}

static struct varlena *
hll_agg_empty(int n, const Datum *values)
{
	return hll_new_empty(n == 0 ? PROB_HLL_DEFAULT_PRECISION : DatumGetInt32(values[0]), PROB_DEFAULT_SEED);
}

static const char *const hll_agg_finals[] = {"hll_agg_final", "hll_agg_cardinality", "hll_family_agg_final", NULL};

static const ProbAggregate hll_add_agg = {
	"hll_add_agg", "hll_add_agg(x, 12)", 0, 1, {{"precision", INT4OID}},
	hll_agg_check_params, hll_agg_empty, hll_agg_finals
};

/*
 * hll_trans_state's rarer cases: a group's first row, which makes the state
 * (a building one, representation 3, when the working-state policy allows,
 * else an empty value), and parameters that may change between rows.
 */
static pg_noinline struct varlena *
hll_trans_state_slow(FunctionCallInfo fcinfo, bool hashes_values)
{
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n = prob_agg_row_params(fcinfo, &hll_add_agg, 2, params);
	int			precision = n == 0 ? PROB_HLL_DEFAULT_PRECISION : DatumGetInt32(params[0]);
	ProbArgCache *cache = prob_arg_cache(fcinfo);
	ProbBuffer	out;

	if (!PG_ARGISNULL(0))
	{
		struct varlena *state = prob_detoast(PG_GETARG_DATUM(0));

		prob_agg_check_params(&hll_add_agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
		return state;
	}
	if (!cache->working_known)
	{
		cache->working = prob_agg_may_keep_working_state(fcinfo, &hll_add_agg);
		cache->working_known = true;
	}
	if (!cache->working)
		return hll_agg_empty(n, params);
	/* The kind of the values hashed here; hll_add_hash_agg's hashes come with none. */
	PROB_TRY(prob_hll_builder(precision, PROB_DEFAULT_SEED,
							  hashes_values ? prob_arg_hash_type_cached(fcinfo, 1)->value_kind : 0,
							  &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

/*
 * The state to update: the aggregate's own copy, or (when it had to be
 * detoasted) a fresh copy; either way ours to modify, with a 4-byte header.
 * Also makes sure the caller is an aggregate (the state is updated in place);
 * a plain aggregate passes that check without a call. A precision that is a
 * constant (the usual case) cannot differ between rows: no core call per row.
 */
static inline struct varlena *
hll_trans_state(FunctionCallInfo fcinfo, const char *name, bool hashes_values)
{
	if (unlikely(fcinfo->context == NULL || !IsA(fcinfo->context, AggState)))
		(void) prob_require_aggregate(fcinfo, name);
	if (likely(!PG_ARGISNULL(0)))
	{
		ProbArgCache *cache = prob_arg_cache(fcinfo);

		if (likely(prob_agg_params_constant(fcinfo, &hll_add_agg, 2, &cache->params_known,
											&cache->params_constant)))
			return prob_detoast(PG_GETARG_DATUM(0));
	}
	return hll_trans_state_slow(fcinfo, hashes_values);
}

/*
 * Adds a hash of a value of kind to an aggregate's state: in place when it is
 * dense (without a call), else through the core's guarded path, which may
 * return a new state. (A building state has its kind from the start; an
 * empty value takes it from the first hash.)
 */
static inline Datum
hll_trans_add(struct varlena *state, uint64 hash, uint16 kind)
{
	ProbBuffer	out;

	PROB_TRY(prob_hll_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, hash, kind, true,
							   &prob_palloc_allocator, &out, PROB_ERR));
	return out.data == (uint8_t *) VARDATA(state) ? PointerGetDatum(state) :
		PointerGetDatum(prob_varlena_of(out));
}

/* hll_add_trans(hll, value [, precision]): every hll_add_agg overload's transition function. */
PG_FUNCTION_INFO_V1(hll_add_trans);
Datum
hll_add_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state = hll_trans_state(fcinfo, "hll_add_trans", true);

	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	return hll_trans_add(state, hll_hash_arg(fcinfo, 1, PROB_DEFAULT_SEED),
						 prob_arg_hash_type_cached(fcinfo, 1)->value_kind);
}

PG_FUNCTION_INFO_V1(hll_add_hash_trans);
Datum
hll_add_hash_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state = hll_trans_state(fcinfo, "hll_add_hash_trans", false);

	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	return hll_trans_add(state, (uint64) PG_GETARG_INT64(1), 0);
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
		Datum		param;

		PROB_TRY(prob_hll_precision(PROB_BYTES(other), &precision, PROB_ERR));
		param = Int32GetDatum(precision);
		prob_agg_check_params(&hll_add_agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, 1, &param);
	}
	PROB_TRY(prob_hll_union((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, PROB_BYTES(other),
							true, &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_DATUM(prob_result(state, out));
}

/*
 * Final function of hll_add_agg, hll_add_hash_agg and hll_union_agg. Zero
 * rows: the empty sketch of the call's constant precision, or of the
 * default one when the call passes none (sketch.h).
 */
PG_FUNCTION_INFO_V1(hll_agg_final);
Datum
hll_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &hll_type, &hll_add_agg);
}

PG_FUNCTION_INFO_V1(hll_agg_cardinality);
Datum
hll_agg_cardinality(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0))
		PG_RETURN_INT64(0);
	PG_RETURN_INT64(hll_cardinality_of(hll_finished(PG_GETARG_VARLENA_PP(0))));
}
