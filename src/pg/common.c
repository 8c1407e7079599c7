/*
 * What the types' PostgreSQL code shares (common.h).
 */
#include "common.h"

#include "executor/nodeAgg.h"
#include "nodes/execnodes.h"
#include "nodes/plannodes.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

char *
prob_text_to_bytes(const char *str, const char *type_name, size_t *size)
{
	size_t		len = strlen(str);
	size_t		digits;
	char	   *bytes;

	if (len < 2 || str[0] != '\\' || str[1] != 'x')
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: \"%.40s\"", type_name, str),
				 errdetail("A value of type %s is written as \\x followed by hexadecimal digits.",
						   type_name)));
	/* Checked here: hex_decode would skip white space and report bad digits as 22023. */
	digits = strspn(str + 2, "0123456789abcdefABCDEF");
	if (2 + digits < len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: invalid hexadecimal digit at position %zu",
						type_name, digits + 3)));
	if (digits % 2 != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: odd number of hexadecimal digits", type_name)));
	bytes = palloc(digits / 2 + 1);
	*size = hex_decode(str + 2, digits, bytes);
	return bytes;
}

char *
prob_bytes_to_text(const void *bytes, size_t size, const char *type_name)
{
	char	   *out;

	if (size > (MaxAllocSize - 3) / 2)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a %s value of %zu bytes is too large for its text form", type_name, size),
				 errdetail("Its hexadecimal text would pass PostgreSQL's 1 GB limit."),
				 errhint("Use binary COPY, or a client that reads values in binary.")));
	out = palloc(2 * size + 3);
	out[0] = '\\';
	out[1] = 'x';
	hex_encode(bytes, size, out + 2);
	out[2 + 2 * size] = '\0';
	return out;
}

/* Runs inside a C++ frame: refuses rather than raise. */
static uint8_t *
context_allocate(void *ctx, size_t size)
{
	if (!AllocHugeSizeIsValid(size))
		return NULL;
	return MemoryContextAllocExtended((MemoryContext) ctx, size, MCXT_ALLOC_HUGE | MCXT_ALLOC_NO_OOM);
}

static void
context_deallocate(void *ctx, uint8_t *block)
{
	(void) ctx;
	pfree(block);
}

ProbAllocator
prob_context_allocator(MemoryContext context)
{
	ProbAllocator alloc = {context_allocate, context, context_deallocate};

	return alloc;
}

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

void
prob_require_not_null(bool isnull, const char *what)
{
	if (isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not be NULL", what)));
}

bool
prob_aggregate_const_arg(FunctionCallInfo fcinfo, int argno, Oid type, const char *what, Datum *value)
{
	Aggref	   *aggref = prob_aggregate_call(fcinfo);
	Const	   *arg;

	if (aggref == NULL || list_length(aggref->args) <= argno)
		return false;
	arg = (Const *) list_nth_node(TargetEntry, aggref->args, argno)->expr;
	if (!IsA(arg, Const) || arg->consttype != type)
		return false;
	prob_require_not_null(arg->constisnull, what);
	*value = arg->constvalue;
	return true;
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
