/*
 * One description per sketch type, and what the PostgreSQL layer does alike
 * for every type, written once here and driven by the descriptions:
 *
 * - I/O: the text and binary forms and the cast from bytea, validated field
 *   by field by the type's C face; a working state (below) is finished first.
 * - An aggregate's parameters (the arguments after the value): a NULL one is
 *   refused (22004), constants are read once per call site (then no row can
 *   change them and no row pays a check), any other parameter is compared
 *   with the state's on every row by the core, and a change is refused
 *   (22023, worded in errors.c with the aggregate's name).
 * - Zero rows: the aggregate's empty value for the parameters the call passes
 *   as constants; NULL when a parameter is not a constant (no guess).
 * - Working states, one policy for every type: a transition function may keep
 *   a state that is no valid value (hll's building representation, bloom's
 *   pending buffer) only when every aggregate that reads the state ends it
 *   with one of the type's final functions; under any other aggregate (a
 *   user's CREATE AGGREGATE over our transition function) it keeps a valid
 *   value from the first row, which is slower and never wrong.
 * - The *_info JSON: one writer, one number rule (doc/FORMAT.md 1).
 *
 * Each type's file keeps only what is its own.
 */
#ifndef PROBABILISTIC_SKETCH_H
#define PROBABILISTIC_SKETCH_H

#include "value_io.h"

#include "lib/stringinfo.h"

/* A parameter of an aggregate: its name in errors ("bloom_agg capacity must not be NULL") and SQL type. */
typedef struct ProbAggParam
{
	const char *name;
	Oid			type;
} ProbAggParam;

#define PROB_AGG_MAX_PARAMS 3

/* An aggregate over values that makes a sketch. */
typedef struct ProbAggregate
{
	const char *name;			/* "bloom_agg" */
	const char *example;		/* a call with constants: "bloom_agg(x, 1000000, 0.01)" */
	int			min_params;		/* the fewest a call passes */
	int			nparams;		/* the most */
	ProbAggParam params[PROB_AGG_MAX_PARAMS];
	/*
	 * The core's check that a state was made with the n values (of the
	 * params' types): fails with PROB_REASON_PARAMETERS_CHANGED when not.
	 */
	bool		(*check_params) (const void *state, size_t size, int n, const Datum *values, ProbError *err);
	/* The empty value of n parameters (0: the SQL defaults), the zero-row result. */
	struct varlena *(*make_empty) (int n, const Datum *values);
	/* The final functions (C symbols) that end a working state, NULL-terminated; NULL: it keeps none. */
	const char *const *finals;
} ProbAggregate;

/* A sketch type. */
typedef struct ProbSketchType
{
	const char *name;			/* the SQL type */
	ProbValidate validate;		/* the C face's validation of outside bytes */
	/* The value of what may be a working state (returned as is when it is none); NULL: the type keeps none. */
	struct varlena *(*finished) (struct varlena *v);
} ProbSketchType;

/* I/O of a type (the input and receive functions' typmod is the caller's). */
extern struct varlena *prob_sketch_in(const ProbSketchType *type, const char *str);
extern char *prob_sketch_out(const ProbSketchType *type, struct varlena *v);
extern struct varlena *prob_sketch_recv(const ProbSketchType *type, StringInfo buf);
extern bytea *prob_sketch_send(const ProbSketchType *type, struct varlena *v);
extern struct varlena *prob_sketch_from_bytea(const ProbSketchType *type, struct varlena *v);
/*
 * The five I/O functions of a type without a typmod, named as their SQL
 * functions: NAME_in, NAME_out, NAME_recv, NAME_send and NAME_from_bytea
 * (the bytea cast), each on the calls above with TYPE (a ProbSketchType *).
 */
#define PROB_SKETCH_IO_FUNCTIONS(NAME, TYPE) \
	PG_FUNCTION_INFO_V1(NAME##_in); \
	Datum NAME##_in(PG_FUNCTION_ARGS) \
	{ PG_RETURN_POINTER(prob_sketch_in((TYPE), PG_GETARG_CSTRING(0))); } \
	PG_FUNCTION_INFO_V1(NAME##_out); \
	Datum NAME##_out(PG_FUNCTION_ARGS) \
	{ PG_RETURN_CSTRING(prob_sketch_out((TYPE), PG_GETARG_VARLENA_PP(0))); } \
	PG_FUNCTION_INFO_V1(NAME##_recv); \
	Datum NAME##_recv(PG_FUNCTION_ARGS) \
	{ PG_RETURN_POINTER(prob_sketch_recv((TYPE), (StringInfo) PG_GETARG_POINTER(0))); } \
	PG_FUNCTION_INFO_V1(NAME##_send); \
	Datum NAME##_send(PG_FUNCTION_ARGS) \
	{ PG_RETURN_BYTEA_P(prob_sketch_send((TYPE), PG_GETARG_VARLENA_PP(0))); } \
	PG_FUNCTION_INFO_V1(NAME##_from_bytea); \
	Datum NAME##_from_bytea(PG_FUNCTION_ARGS) \
	{ PG_RETURN_POINTER(prob_sketch_from_bytea((TYPE), PG_GETARG_VARLENA_PP(0))); }

/* A final function's result: the value of the state, never the state itself (a window keeps updating it). */
extern struct varlena *prob_sketch_final_copy(const ProbSketchType *type, struct varlena *state);

/*
 * The parameters a transition function got this row: arguments first,
 * first + 1, ... that the call passes (at most agg->nparams), each refused
 * when NULL. Returns how many.
 */
extern int	prob_agg_row_params(FunctionCallInfo fcinfo, const ProbAggregate *agg, int first, Datum *values);

/*
 * Whether the aggregate call passes every parameter (transition arguments
 * from first) as a constant, in which case no row can differ from the first.
 * Cache it per call site: *known starts false.
 */
extern bool prob_agg_params_constant(FunctionCallInfo fcinfo, const ProbAggregate *agg, int first,
									 bool *known, bool *constant);

/* PROB_TRY for a core call made for aggregate agg: a changed parameter is worded for it. */
#define PROB_TRY_AGG(agg, call) PROB_TRY_CALL(call, (agg)->name, (agg)->example)

/* Refuses a state made with parameters other than the row's (the core compares). */
extern void prob_agg_check_params(const ProbAggregate *agg, const void *state, size_t size, int n,
								  const Datum *values);

/*
 * A transition function's state at a row whose n parameters (arguments from
 * first) are params: first_state of them when there is none yet, else the
 * state detoasted and, unless the call passes its parameters as constants
 * (cached in *known and *constant), checked against them.
 */
extern struct varlena *prob_agg_row_state(FunctionCallInfo fcinfo, const ProbAggregate *agg, int first, int n,
										  const Datum *params, bool *known, bool *constant,
										  struct varlena *(*first_state) (int n, const Datum *values));

/*
 * A final function's work: the state's value (a copy), or over zero rows
 * prob_agg_zero_rows's, or NULL.
 */
extern Datum prob_agg_final(FunctionCallInfo fcinfo, const ProbSketchType *type, const ProbAggregate *agg);

/*
 * A final function's result over zero rows: the aggregate's empty value for
 * the parameters the call passes, when it can read them all (constants);
 * else NULL.
 */
extern struct varlena *prob_agg_zero_rows(FunctionCallInfo fcinfo, const ProbAggregate *agg);

/* The working-state policy above, for a transition function at a call site's first row. */
extern bool prob_agg_may_keep_working_state(FunctionCallInfo fcinfo, const ProbAggregate *agg);

/*
 * The *_info JSON: an object written key by key (jsonb orders the keys), with
 * the fields every value's header has written once.
 */
typedef struct ProbJson
{
	StringInfoData text;
	bool		first;			/* nothing written at this level yet */
} ProbJson;

extern void prob_json_begin(ProbJson *json);
extern void prob_json_int(ProbJson *json, const char *key, int64 v);
extern void prob_json_uint(ProbJson *json, const char *key, uint64 v);
/* The number rule of doc/FORMAT.md 1 (prob_json_number). */
extern void prob_json_double(ProbJson *json, const char *key, double v);
extern void prob_json_string(ProbJson *json, const char *key, const char *v);
extern void prob_json_bool(ProbJson *json, const char *key, bool v);
/* A nested object or array: key NULL inside an array. */
extern void prob_json_open(ProbJson *json, const char *key, char bracket);
extern void prob_json_close(ProbJson *json, char bracket);
/*
 * format_version, hash_id, hash, seed and kind, as every type's header has
 * them, and v's bytes as a datum with a 4-byte header (however it is stored).
 */
extern void prob_json_header(ProbJson *json, int format_version, int hash_id, uint64 seed, uint16 kind,
							 const struct varlena *v);
extern Datum prob_json_end(ProbJson *json);

#endif							/* PROBABILISTIC_SKETCH_H */
