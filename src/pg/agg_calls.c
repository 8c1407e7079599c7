/*
 * The aggregate call a function runs for (agg_calls.h).
 */
#include "agg_calls.h"

#include "access/htup_details.h"
#include "access/nbtree.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "commands/defrem.h"
#include "executor/nodeAgg.h"
#include "nodes/execnodes.h"
#include "nodes/nodeFuncs.h"
#include "nodes/plannodes.h"
#include "optimizer/optimizer.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/regproc.h"
#include "utils/syscache.h"

MemoryContext
prob_require_aggregate(FunctionCallInfo fcinfo, const char *name)
{
	MemoryContext aggcontext;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s can only be called as an aggregate's transition function", name)));
	return aggcontext;
}

/* A 22004 error "<what> must not be NULL" when isnull. */
static void
require_not_null(bool isnull, const char *what)
{
	if (isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not be NULL", what)));
}

/*
 * The arguments of an Aggref as written: its args list also holds, as resjunk
 * entries after them, the ORDER BY expressions that are not arguments
 * (kll_agg(x ORDER BY t)); those are no parameter of the call.
 */
static List *
call_args(Aggref *aggref)
{
	List	   *args = NIL;
	ListCell   *lc;

	foreach(lc, aggref->args)
	{
		TargetEntry *tle = lfirst_node(TargetEntry, lc);

		if (!tle->resjunk)
			args = lappend(args, tle->expr);
	}
	return args;
}

static Const *
argno_const(List *args, int argno, Oid type)
{
	Node	   *expr = argno < list_length(args) ? (Node *) list_nth(args, argno) : NULL;

	return expr != NULL && IsA(expr, Const) && ((Const *) expr)->consttype == type ? (Const *) expr : NULL;
}

typedef struct ConstArg
{
	int			argno;
	Oid			type;
	int			found;			/* calls whose argument is such a constant */
	int			others;			/* calls whose argument is not */
	Const	   *arg;
} ConstArg;

static void
note_const_arg(void *arg, Oid aggfnoid, List *args)
{
	ConstArg   *c = (ConstArg *) arg;
	Const	   *expr = argno_const(args, c->argno, c->type);

	if (expr == NULL)
		c->others++;
	else if (c->found++ == 0)
		c->arg = expr;
	else if (!equal(expr, c->arg))
		c->others++;
}

/*
 * In a window a final function sees no Aggref (an empty frame asks it for
 * the result of no rows): the window's aggregate calls with this final
 * function, one of which is running, must all have the same constant there.
 */
static Const *
window_const_arg(FunctionCallInfo fcinfo, int argno, Oid type)
{
	ConstArg	c = {argno, type, 0, 0, NULL};

	if (fcinfo->context == NULL || !IsA(fcinfo->context, WindowAggState))
		return NULL;
	(void) prob_visit_aggregate_calls(fcinfo, note_const_arg, &c);
	return c.others == 0 ? c.arg : NULL;
}

bool
prob_aggregate_const_arg(FunctionCallInfo fcinfo, int argno, Oid type, const char *what, Datum *value)
{
	Aggref	   *aggref = prob_aggregate_call(fcinfo);
	Const	   *arg;

	if (aggref == NULL)
	{
		arg = window_const_arg(fcinfo, argno, type);
		if (arg == NULL)
			return false;
		require_not_null(arg->constisnull, what);
		*value = arg->constvalue;
		return true;
	}
	arg = argno_const(call_args(aggref), argno, type);
	if (arg == NULL)
		return false;
	require_not_null(arg->constisnull, what);
	*value = arg->constvalue;
	return true;
}

Node *
prob_aggregate_arg(FunctionCallInfo fcinfo, int argno)
{
	Aggref	   *aggref = prob_aggregate_call(fcinfo);
	List	   *args = aggref == NULL ? NIL : call_args(aggref);

	return argno < list_length(args) ? (Node *) list_nth(args, argno) : NULL;
}

bool
prob_agg_arg_is_const(FunctionCallInfo fcinfo, int argno, Oid type, const char *what)
{
	Datum		value;

	return fcinfo->context != NULL && IsA(fcinfo->context, AggState) &&
		prob_aggregate_const_arg(fcinfo, argno, type, what, &value);
}

/*
 * The aggregate call with the arguments as written. In a parallel plan the
 * final function runs in a Finalize step, whose Aggref has one argument: a
 * reference to the partial result coming up from the plan below. The partial
 * step's Aggref, which has the call's arguments, is found by following that
 * reference down through the nodes that pass it on (Gather, Sort, Append, ...).
 * NULL when it cannot be found.
 */
Aggref *
prob_aggregate_call(FunctionCallInfo fcinfo)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	Plan	   *plan;
	Expr	   *expr;

	if (aggref == NULL || !DO_AGGSPLIT_COMBINE(aggref->aggsplit))
		return aggref;
	if (fcinfo->context == NULL || !IsA(fcinfo->context, AggState) || list_length(aggref->args) != 1)
		return NULL;
	plan = ((AggState *) fcinfo->context)->ss.ps.plan;
	expr = linitial_node(TargetEntry, aggref->args)->expr;
	while (IsA(expr, Var) && ((Var *) expr)->varno == OUTER_VAR)
	{
		AttrNumber	attno = ((Var *) expr)->varattno;

		if (IsA(plan, Append))
			plan = linitial(((Append *) plan)->appendplans);
		else if (IsA(plan, MergeAppend))
			plan = linitial(((MergeAppend *) plan)->mergeplans);
		else
			plan = outerPlan(plan);
		if (plan == NULL || attno < 1 || attno > list_length(plan->targetlist))
			return NULL;
		expr = list_nth_node(TargetEntry, plan->targetlist, attno - 1)->expr;
	}
	return IsA(expr, Aggref) ? (Aggref *) expr : NULL;
}

static Oid
aggregate_transfn(Oid aggfnoid, Oid *finalfn)
{
	HeapTuple	tup = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(aggfnoid));
	Oid			transfn = InvalidOid;

	*finalfn = InvalidOid;
	if (HeapTupleIsValid(tup))
	{
		transfn = ((Form_pg_aggregate) GETSTRUCT(tup))->aggtransfn;
		*finalfn = ((Form_pg_aggregate) GETSTRUCT(tup))->aggfinalfn;
		ReleaseSysCache(tup);
	}
	return transfn;
}

int
prob_visit_aggregate_calls(FunctionCallInfo fcinfo, ProbAggregateCallVisitor visit, void *arg)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	int			visited = 0;
	ListCell   *lc;

	if (aggref != NULL)
	{
		List	   *args = call_args(aggref);

		visit(arg, aggref->aggfnoid, args);
		list_free(args);
		return 1;
	}
	if (fcinfo->context == NULL || !IsA(fcinfo->context, WindowAggState))
		return 0;
	foreach(lc, ((WindowAggState *) fcinfo->context)->funcs)
	{
		WindowFunc *wfunc = ((WindowFuncExprState *) lfirst(lc))->wfunc;
		Oid			finalfn;

		if (aggregate_transfn(wfunc->winfnoid, &finalfn) == fcinfo->flinfo->fn_oid ||
			finalfn == fcinfo->flinfo->fn_oid)
		{
			visit(arg, wfunc->winfnoid, wfunc->args);
			visited++;
		}
	}
	return visited;
}

/* A text attribute of a pg_proc row, or NULL. */
static char *
proc_text_attr(HeapTuple tup, AttrNumber attno)
{
	bool		isnull;
	Datum		d = SysCacheGetAttr(PROCOID, tup, attno, &isnull);

	return isnull ? NULL : TextDatumGetCString(d);
}

/*
 * Aggregate aggfnoid, running transition function fcinfo, ends its state with
 * a C function of this module among final_functions.
 */
static bool
aggregate_finishes_state(FunctionCallInfo fcinfo, Oid aggfnoid, const char *const *final_functions)
{
	Oid			finalfn;
	bool		ok = false;

	/*
	 * An aggregate whose own transition function is another one calls this
	 * one from inside (Citus's worker_partial_agg, with the state going to
	 * its own combine step, through the type's output function): not a
	 * user's aggregate over this function.
	 */
	if (aggregate_transfn(aggfnoid, &finalfn) != fcinfo->flinfo->fn_oid)
		return true;
	if (OidIsValid(finalfn))
	{
		HeapTuple	final_tup = SearchSysCache1(PROCOID, ObjectIdGetDatum(finalfn));
		HeapTuple	trans_tup = SearchSysCache1(PROCOID, ObjectIdGetDatum(fcinfo->flinfo->fn_oid));

		if (HeapTupleIsValid(final_tup) && HeapTupleIsValid(trans_tup) &&
			((Form_pg_proc) GETSTRUCT(final_tup))->prolang == ClanguageId)
		{
			char	   *symbol = proc_text_attr(final_tup, Anum_pg_proc_prosrc);
			char	   *module = proc_text_attr(final_tup, Anum_pg_proc_probin);
			char	   *own_module = proc_text_attr(trans_tup, Anum_pg_proc_probin);

			for (const char *const *f = final_functions; *f != NULL && !ok; f++)
				ok = symbol != NULL && strcmp(symbol, *f) == 0;
			ok = ok && module != NULL && own_module != NULL && strcmp(module, own_module) == 0;
		}
		if (HeapTupleIsValid(final_tup))
			ReleaseSysCache(final_tup);
		if (HeapTupleIsValid(trans_tup))
			ReleaseSysCache(trans_tup);
	}
	return ok;
}

typedef struct FinishedCheck
{
	FunctionCallInfo fcinfo;
	const char *const *final_functions;
	bool		all;
} FinishedCheck;

static void
note_finishing(void *arg, Oid aggfnoid, List *args)
{
	FinishedCheck *check = (FinishedCheck *) arg;

	check->all = check->all && aggregate_finishes_state(check->fcinfo, aggfnoid, check->final_functions);
}

bool
prob_states_finished_by(FunctionCallInfo fcinfo, const char *const *final_functions)
{
	FinishedCheck check = {fcinfo, final_functions, true};

	if (fcinfo->context != NULL && IsA(fcinfo->context, AggState))
	{
		AggState   *aggstate = (AggState *) fcinfo->context;
		int			transno;

		/* Aggregates that differ only in their final function share one state: each reads it. */
		if (aggstate->curpertrans == NULL)
			return false;
		transno = aggstate->curpertrans - aggstate->pertrans;
		for (int i = 0; i < aggstate->numaggs && check.all; i++)
			if (aggstate->peragg[i].transno == transno)
				note_finishing(&check, aggstate->peragg[i].aggref->aggfnoid, NIL);
		return check.all;
	}
	return prob_visit_aggregate_calls(fcinfo, note_finishing, &check) > 0 && check.all;
}

bool
prob_combining_for_another_transfn(FunctionCallInfo fcinfo)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	Oid			finalfn;

	return aggref != NULL && DO_AGGSPLIT_COMBINE(aggref->aggsplit) &&
		aggregate_transfn(aggref->aggfnoid, &finalfn) != fcinfo->flinfo->fn_oid;
}

static void
note_nargs(void *arg, Oid aggfnoid, List *args)
{
	int		   *nargs = (int *) arg;

	if (*nargs == 0)
		*nargs = list_length(args);
	else if (*nargs != list_length(args))
		*nargs = -1;
}

int
prob_aggregate_nargs(FunctionCallInfo fcinfo)
{
	Aggref	   *aggref = prob_aggregate_call(fcinfo);
	int			nargs = 0;

	if (aggref != NULL)
		return list_length(call_args(aggref));
	if (fcinfo->context == NULL || !IsA(fcinfo->context, WindowAggState))
		return -1;
	(void) prob_visit_aggregate_calls(fcinfo, note_nargs, &nargs);
	return nargs > 0 ? nargs : -1;
}

bool
prob_ordered_set_descending(FunctionCallInfo fcinfo, const char *name)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	SortGroupClause *sort;
	Oid			opfamily;
	Oid			opcintype;
	ProbOrderingStrategy strategy;
	Oid			type;
	Oid			opclass;

	if (aggref == NULL || list_length(aggref->aggorder) != 1)
		return false;
	sort = linitial_node(SortGroupClause, aggref->aggorder);
	type = exprType((Node *) get_sortgroupclause_expr(sort, aggref->args));
	opclass = GetDefaultOpClass(type, BTREE_AM_OID);
	if (get_ordering_op_properties(sort->sortop, &opfamily, &opcintype, &strategy) &&
		OidIsValid(opclass) && opfamily == get_opclass_family(opclass) &&
		(strategy == BTLessStrategyNumber || strategy == BTGreaterStrategyNumber))
		return strategy == BTGreaterStrategyNumber;
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("%s cannot sort by operator %s", name, format_operator(sort->sortop)),
			 errhint("Write ORDER BY x, ORDER BY x DESC, USING < or USING >.")));
	return false;
}
