/*
 * What every sketch type does alike (sketch.h).
 */
#include "sketch.h"

#include "agg_calls.h"
#include "hashing.h"

#include "nodes/execnodes.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/json.h"

struct varlena *
prob_sketch_in(const ProbSketchType *type, const char *str)
{
	return prob_value_in(str, type->name, type->validate);
}

/* The value of v when the type keeps working states, else v. */
static struct varlena *
finished(const ProbSketchType *type, struct varlena *v)
{
	return type->finished != NULL ? type->finished(v) : v;
}

char *
prob_sketch_out(const ProbSketchType *type, struct varlena *v)
{
	return prob_value_out(finished(type, v), type->name);
}

struct varlena *
prob_sketch_recv(const ProbSketchType *type, StringInfo buf)
{
	return prob_value_recv(buf, type->validate);
}

bytea *
prob_sketch_send(const ProbSketchType *type, struct varlena *v)
{
	return prob_value_send(finished(type, v));
}

struct varlena *
prob_sketch_from_bytea(const ProbSketchType *type, struct varlena *v)
{
	return prob_value_from_bytea(v, type->validate);
}

struct varlena *
prob_sketch_final_copy(const ProbSketchType *type, struct varlena *state)
{
	struct varlena *result = finished(type, state);

	return result == state ? (struct varlena *) PG_DETOAST_DATUM_COPY(PointerGetDatum(state)) : result;
}

/* A 22004 error naming the aggregate's parameter. */
static void
require_param(bool isnull, const ProbAggregate *agg, int i)
{
	if (isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s %s must not be NULL", agg->name, agg->params[i].name)));
}

static char *
param_name(const ProbAggregate *agg, int i)
{
	return psprintf("%s %s", agg->name, agg->params[i].name);
}

int
prob_agg_row_params(FunctionCallInfo fcinfo, const ProbAggregate *agg, int first, Datum *values)
{
	int			n = Min(PG_NARGS() - first, agg->nparams);

	for (int i = 0; i < n; i++)
	{
		require_param(PG_ARGISNULL(first + i), agg, i);
		values[i] = PG_GETARG_DATUM(first + i);
	}
	return Max(n, 0);
}

bool
prob_agg_params_constant(FunctionCallInfo fcinfo, const ProbAggregate *agg, int first, bool *known,
						 bool *constant)
{
	if (likely(*known))
		return *constant;
	*constant = true;
	/* The transition function's argument first + i is the aggregate call's first - 1 + i. */
	for (int i = 0; i < agg->nparams && first + i < PG_NARGS() && *constant; i++)
		*constant = prob_agg_arg_is_const(fcinfo, first - 1 + i, agg->params[i].type, param_name(agg, i));
	*known = true;
	return *constant;
}

void
prob_agg_check_params(const ProbAggregate *agg, const void *state, size_t size, int n, const Datum *values)
{
	PROB_TRY_AGG(agg, agg->check_params(state, size, n, values, PROB_ERR));
}

struct varlena *
prob_agg_row_state(FunctionCallInfo fcinfo, const ProbAggregate *agg, int first, int n, const Datum *params,
				   bool *known, bool *constant, struct varlena *(*first_state) (int n, const Datum *values))
{
	struct varlena *state;

	if (PG_ARGISNULL(0))
		return first_state(n, params);
	state = prob_detoast(PG_GETARG_DATUM(0));
	/* Constants cannot differ from the first row's: no core call per row. */
	if (!prob_agg_params_constant(fcinfo, agg, first, known, constant))
		prob_agg_check_params(agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
	return state;
}

struct varlena *
prob_agg_zero_rows(FunctionCallInfo fcinfo, const ProbAggregate *agg)
{
	int			nargs = prob_aggregate_nargs(fcinfo);
	Datum		values[PROB_AGG_MAX_PARAMS];

	/*
	 * In a window whose calls differ, or where the call cannot be seen:
	 * unknown, never a guess. Fewer parameters: another aggregate with this
	 * final function (bloom_union_agg's has none).
	 */
	if (nargs < 1 + agg->min_params)
		return NULL;
	for (int i = 0; i < nargs - 1 && i < agg->nparams; i++)
		if (!prob_aggregate_const_arg(fcinfo, i + 1, agg->params[i].type, param_name(agg, i), &values[i]))
			return NULL;
	return agg->make_empty(Min(nargs - 1, agg->nparams), values);
}

Datum
prob_agg_final(FunctionCallInfo fcinfo, const ProbSketchType *type, const ProbAggregate *agg)
{
	struct varlena *empty;

	if (!PG_ARGISNULL(0))
		PG_RETURN_POINTER(prob_sketch_final_copy(type, PG_DETOAST_DATUM(PG_GETARG_DATUM(0))));
	empty = prob_agg_zero_rows(fcinfo, agg);
	if (empty == NULL)
		PG_RETURN_NULL();
	PG_RETURN_POINTER(empty);
}

bool
prob_agg_may_keep_working_state(FunctionCallInfo fcinfo, const ProbAggregate *agg)
{
	return agg->finals != NULL && prob_states_finished_by(fcinfo, agg->finals);
}

static void
json_key(ProbJson *json, const char *key)
{
	if (!json->first)
		appendStringInfoString(&json->text, ", ");
	json->first = false;
	if (key != NULL)
	{
		escape_json(&json->text, key);
		appendStringInfoString(&json->text, ": ");
	}
}

void
prob_json_begin(ProbJson *json)
{
	initStringInfo(&json->text);
	appendStringInfoChar(&json->text, '{');
	json->first = true;
}

void
prob_json_int(ProbJson *json, const char *key, int64 v)
{
	json_key(json, key);
	appendStringInfo(&json->text, INT64_FORMAT, v);
}

void
prob_json_uint(ProbJson *json, const char *key, uint64 v)
{
	json_key(json, key);
	appendStringInfo(&json->text, UINT64_FORMAT, v);
}

void
prob_json_double(ProbJson *json, const char *key, double v)
{
	json_key(json, key);
	appendStringInfoString(&json->text, prob_json_number(v));
}

void
prob_json_string(ProbJson *json, const char *key, const char *v)
{
	json_key(json, key);
	escape_json(&json->text, v);
}

void
prob_json_bool(ProbJson *json, const char *key, bool v)
{
	json_key(json, key);
	appendStringInfoString(&json->text, v ? "true" : "false");
}

void
prob_json_open(ProbJson *json, const char *key, char bracket)
{
	json_key(json, key);
	appendStringInfoChar(&json->text, bracket);
	json->first = true;
}

void
prob_json_close(ProbJson *json, char bracket)
{
	appendStringInfoChar(&json->text, bracket);
	json->first = false;
}

void
prob_json_header(ProbJson *json, int format_version, int hash_id, uint64 seed, uint16 kind,
				 const struct varlena *v)
{
	prob_json_int(json, "format_version", format_version);
	prob_json_int(json, "hash_id", hash_id);
	/*
	 * Hash ids above 2 are hll's foreign families (core/hll_family.hpp): postgresql-hll 3,
	 * Redis 4, DataSketches 5 (MurmurHash3_x64_128's both words).
	 */
	prob_json_string(json, "hash", hash_id == 3 || hash_id == 5 ? "murmur3-x64-128" : hash_id == 4 ? "murmur64a" : "xxh3-64");
	/* Seeds are u64 in the format and bigint in SQL: shown as SQL passes them. */
	prob_json_int(json, "seed", (int64) seed);
	json_key(json, "kind");
	appendStringInfoString(&json->text, prob_kind_json(kind));
	prob_json_uint(json, "bytes", VARSIZE_ANY_EXHDR(v) + VARHDRSZ);
}

Datum
prob_json_end(ProbJson *json)
{
	appendStringInfoChar(&json->text, '}');
	return DirectFunctionCall1(jsonb_in, CStringGetDatum(json->text.data));
}
