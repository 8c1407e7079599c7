/*
 * The aggregate call a transition or final function runs for, read from the
 * executor and the plan: whether it is an aggregate at all, its arguments as
 * written (constants, their count), the aggregates that share or end its
 * state, in a plain, partial, parallel or window aggregate. The code that
 * follows PostgreSQL's executor structures (AggState, Aggref, WindowAggState,
 * the plan below a Finalize step) is all here: it is what a new PostgreSQL
 * major version may break.
 */
#ifndef PROBABILISTIC_AGG_CALLS_H
#define PROBABILISTIC_AGG_CALLS_H

#include "probabilistic.h"

#include "nodes/pg_list.h"

/* The aggregate's memory context; a 0A000 error when not called by an aggregate. */
extern MemoryContext prob_require_aggregate(FunctionCallInfo fcinfo, const char *name);

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
 * For a transition function that may keep a working state (sketch.h's
 * policy): every aggregate that reads the state it is building (under an Agg
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
 * Argument argno of the aggregate call as written (x is 0; ORDER BY keys that
 * are not arguments apart), also in the Finalize step of a partial aggregate;
 * NULL when there is no such call or argument (in a window, for instance).
 */
struct Node;
extern struct Node *prob_aggregate_arg(FunctionCallInfo fcinfo, int argno);

/*
 * For the final function of an ordered-set aggregate over one sort key
 * (approx_percentile_cont(q) WITHIN GROUP (ORDER BY x ...)): true when the
 * call sorts descending (DESC, or USING the type's default btree `>`), false
 * when ascending or when not called by an aggregate. Any other ordering
 * operator is a 0A000 error naming the aggregate: its order cannot be known.
 */
extern bool prob_ordered_set_descending(FunctionCallInfo fcinfo, const char *name);

#endif							/* PROBABILISTIC_AGG_CALLS_H */
