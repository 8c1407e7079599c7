/*
 * What the types' PostgreSQL code shares: the text form of a value (\x and
 * hexadecimal, as bytea's), and the pieces every aggregate needs.
 */
#ifndef PROBABILISTIC_COMMON_H
#define PROBABILISTIC_COMMON_H

#include "probabilistic.h"

#include "nodes/pg_list.h"

/*
 * The bytes a text form spells, or a 22P02 error naming the type. Only the
 * digits are decoded: white space and every other character are refused.
 */
extern char *prob_text_to_bytes(const char *str, const char *type_name, size_t *size);
/* The text form of size bytes; 54000 when it would pass the 1 GB limit. */
extern char *prob_bytes_to_text(const void *bytes, size_t size, const char *type_name);

/*
 * The types' I/O, shared: each type passes its C face's validation of
 * outside bytes (prob_bloom_validate and the like).
 */
typedef bool (*ProbValidate) (const uint8_t *data, size_t size, ProbError *err);
/* A new varlena of the bytes, validated field by field (22P03 naming the field). */
extern struct varlena *prob_value_from_bytes(const char *bytes, size_t size, ProbValidate validate);
/* The input function's work: the text form's bytes, validated. */
extern struct varlena *prob_value_in(const char *str, const char *type_name, ProbValidate validate);
/* The receive function's work: the rest of the message, validated. */
struct StringInfoData;
extern struct varlena *prob_value_recv(struct StringInfoData *buf, ProbValidate validate);
/* The output and send functions' work: the bytes as text, and as they are. */
extern char *prob_value_out(struct varlena *v, const char *type_name);
extern bytea *prob_value_send(struct varlena *v);
/* The cast from bytea: the same bytes, validated. */
extern struct varlena *prob_value_from_bytea(struct varlena *v, ProbValidate validate);

/*
 * A floating-point number of hll_info, bloom_info or cuckoo_info, as JSON text
 * (doc/FORMAT.md 1, one rule for all three): the shortest decimal that reads
 * back as the same binary64, whatever the session's extra_float_digits; -0 as
 * 0; null when not finite (JSON has no infinities).
 */
extern char *prob_json_number(double v);

/*
 * Allocates in the given memory context, without a header and beyond 1 GB
 * (for aggregate states the core keeps, such as bloom_agg(x)'s hash set).
 */
extern ProbAllocator prob_context_allocator(MemoryContext context);

/* The aggregate's memory context; a 0A000 error when not called by an aggregate. */
extern MemoryContext prob_require_aggregate(FunctionCallInfo fcinfo, const char *name);

/* A 22004 error "<what> must not be NULL" when isnull. */
extern void prob_require_not_null(bool isnull, const char *what);

/*
 * The aggregate call a final function belongs to, also in the Finalize step
 * of a partial aggregate (where it is found through the plan), or NULL.
 */
struct Aggref;
extern struct Aggref *prob_aggregate_call(FunctionCallInfo fcinfo);

/*
 * Argument argno of the aggregate call when it is a constant of type `type`:
 * PostgreSQL passes no argument values to a final function, so an aggregate
 * over zero rows reads its parameters off the call itself. False when there
 * is no such call or argument, or it is not such a constant (a column, a
 * parameter of a generic plan). A NULL constant is the 22004 error a first
 * row would raise.
 */
extern bool prob_aggregate_const_arg(FunctionCallInfo fcinfo, int argno, Oid type,
									 const char *what, Datum *value);

/*
 * The aggregate call as written passes a constant of type as its argument
 * argno (x is 0), for a transition function: its own call expression cannot
 * say (nodeAgg gives it Params for every argument, which
 * get_fn_expr_arg_stable never calls stable), so the Aggref is read. Only
 * under an Agg node: in a window, or for a caller without the call
 * expression, false (the caller checks every row).
 */
extern bool prob_agg_arg_is_const(FunctionCallInfo fcinfo, int argno, Oid type, const char *what);

/*
 * The aggregate calls that may be running fcinfo, a transition or final
 * function: its Aggref, or in a window, whose functions see no Aggref, every
 * aggregate WindowFunc of the node with this transition or final function.
 * visit gets each one's aggregate and argument expressions; returns how many.
 */
typedef void (*ProbAggregateCallVisitor) (void *arg, Oid aggfnoid, List *args);
extern int	prob_visit_aggregate_calls(FunctionCallInfo fcinfo, ProbAggregateCallVisitor visit,
									   void *arg);

/*
 * A 42P13 error unless every aggregate running transition function fcinfo
 * has as final function one of final_functions (C symbols of this module,
 * NULL-terminated): a transition function whose state is a working form
 * that is no valid value (hll's representation 3) must not be the
 * transition function of a user's aggregate without one.
 */
extern void prob_require_finishing_aggregate(FunctionCallInfo fcinfo, const char *const *final_functions,
											 const char *hint);

/*
 * The same as a question, for a transition function that may keep a working
 * state: every aggregate that reads the state it is building (under an Agg
 * node, every aggregate sharing it; in a window, every call with this
 * transition function) ends it with one of final_functions.
 */
extern bool prob_states_finished_by(FunctionCallInfo fcinfo, const char *const *final_functions);

/*
 * The number of arguments of the aggregate call a final function belongs to
 * (in a window: of every call that could be running, if they agree), or -1.
 */
extern int	prob_aggregate_nargs(FunctionCallInfo fcinfo);

/*
 * True when fcinfo runs as the combine function of an aggregate whose
 * transition function is another one (hll_union_trans combining
 * hll_add_agg's partial results, not hll_union_agg's).
 */
extern bool prob_combining_for_another_transfn(FunctionCallInfo fcinfo);

/*
 * A sketch argument kept across the calls of one expression (in fn_extra). A
 * sketch stored out of line reaches every call as the same TOAST pointer:
 * `FROM t, filters f WHERE f.b @> t.id` passes it once per row of t, and
 * detoasting it each time would copy the whole sketch per row. So the
 * detoasted copy is kept in fn_mcxt for as long as the calling expression
 * lives, keyed by the TOAST pointer (value OID and TOAST relation, compared
 * with memcmp as PostgreSQL itself compares them). A value OID is not reused
 * while any snapshot can still see the old value. Zeroed memory is an empty
 * ProbKeptArg.
 */
typedef struct ProbKeptArg
{
	struct varatt_external pointer;
	struct varlena *copy;		/* detoasted, in fn_mcxt; NULL until one is kept */
} ProbKeptArg;

/*
 * Argument argno, detoasted. One stored out of line is kept (replacing the
 * copy kept before); *again says whether it is the copy an earlier call kept,
 * so that what the caller derived from it is still good. Any other argument
 * is detoasted as usual and never kept (*again false): one stored inline or
 * computed per row may be another value at the same address. again may be
 * NULL when the caller derives nothing from the copy.
 */
extern struct varlena *prob_kept_arg(FunctionCallInfo fcinfo, ProbKeptArg *kept, int argno, bool *again);

#endif							/* PROBABILISTIC_COMMON_H */
