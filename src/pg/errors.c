/*
 * The one place where core errors become ereport: the SQLSTATE from the
 * error's kind, and the words an SQL user acts on (the calls to use, hints,
 * pg_dump's limit) from its reason and fields. The core says what is wrong
 * in its own terms and never names SQL.
 */
#include "probabilistic.h"

#include "hashing.h"

#include "lib/stringinfo.h"

/*
 * {0} and {1} stand for the error's fields, {call} and {example} for the
 * aggregate call it names, {kind0} and {kind1} for fields that are kinds, in
 * words.
 */
typedef struct ReasonWording
{
	int			reason;
	const char *message;		/* NULL: the core's */
	const char *detail;			/* NULL: the core's */
	const char *hint;
} ReasonWording;

static const ReasonWording wordings[] = {
	{PROB_REASON_PARAMETERS_CHANGED, "{call} parameters changed between rows of one aggregate",
	 "The first row passed {0}, a later row {1}.", "Pass the parameters as constants, as in {example}."},
	{PROB_REASON_UNKNOWN_LAYOUT, NULL, NULL,
	 "The layouts are 'fixed' (the fewest bits; also spelled 'classic'), 'blocked' (one cache line per item) "
	 "and 'scalable' (grows past its capacity)."},
	{PROB_REASON_DIFFERENT_PARAMETERS, NULL, NULL, "Build both with the same {0}."},
	{PROB_REASON_SIZED_DIFFERENTLY, NULL, NULL, "The filters were sized by different builds; rebuild one of them."},
	{PROB_REASON_DIFFERENT_HASH_IDS, NULL, NULL,
	 "Rebuild the older value from its source rows (see the README, \"Upgrading\")."},
	{PROB_REASON_DIFFERENT_KINDS, NULL,
	 "One holds {kind0}, the other {kind1}: values equal across two types need not have equal hashes.",
	 "Build both from values of one type (cast the column when building)."},
	{PROB_REASON_VALUE_LIMIT, NULL,
	 "It would take {0} bytes; a value holds at most {1} bytes, so that pg_dump and COPY can write its text form.",
	 "Partition the filter by time or key (one filter per day or key range), or use a larger fpr or a smaller "
	 "capacity."},
	{PROB_REASON_CANNOT_GROW, NULL, NULL,
	 "Create the filter with a larger capacity or false positive rate, or partition it by time or key."},
	{PROB_REASON_DISTINCT_LIMIT, "bloom_agg without a capacity cannot count more than {0} distinct values", NULL,
	 "Pass the capacity, as in bloom_agg(x, capacity, fpr): that builds the filter in one pass and keeps nothing "
	 "else."},
	{PROB_REASON_UNDECIDABLE, NULL, NULL,
	 "Probe the values themselves (bloom_members, or bloom @> value), or compare fixed-size filters, or scalable "
	 "filters that have not grown."},
	{PROB_REASON_GROWN_INTERSECTION, NULL, NULL,
	 "Intersect fixed-size filters, or scalable filters that have not grown."},
	{PROB_REASON_FULL, NULL, NULL, "Its capacity is {0}: create a filter with a larger capacity, or remove items first; copies of one value share two buckets, so values added many times fill it early (add each value once)."},
	{PROB_REASON_RATE_TOO_SMALL, NULL, NULL, "Fingerprints are at most 32 bits."},
	{PROB_REASON_PRECISION_UP, NULL, NULL,
	 "A sketch can be folded down to a lower precision, never up: the finer registers were never recorded."},
	{PROB_REASON_DIFFERENT_FAMILIES, NULL, NULL,
	 "Build the rows to merge with a sketch of family {0} by {0}'s hashing: hll_add(sketch, x) does on such a "
	 "sketch, and hll_add_agg(x, p, '{0}') from rows (doc/MIGRATING.md)."},
	/* BEGIN issue-27 countmin */
	{PROB_REASON_COUNTMIN_VALUE_LIMIT, NULL,
	 "It would take {0} bytes; a value holds at most {1} bytes, so that pg_dump and COPY can write its text form.",
	 "Use a larger epsilon (a row has ceil(e / epsilon) cells) or a larger delta (ceil(ln(1 / delta)) rows)."},
	{PROB_REASON_COUNTMIN_TOTAL, NULL, NULL,
	 "A countmin sketch counts a total weight of at most {0}: keep one sketch per period or key range."},
	/* END issue-27 */
};

/* The wording with its {names} replaced; NULL for NULL. */
static char *
fill(const char *wording, const ProbError *err, const char *call, const char *example)
{
	StringInfoData out;
	const char *p;

	if (wording == NULL)
		return NULL;
	initStringInfo(&out);
	for (p = wording; *p; p++)
	{
		if (strncmp(p, "{0}", 3) == 0 || strncmp(p, "{1}", 3) == 0)
		{
			appendStringInfoString(&out, err->fields[p[1] - '0']);
			p += 2;
		}
		else if (strncmp(p, "{kind0}", 7) == 0 || strncmp(p, "{kind1}", 7) == 0)
		{
			appendStringInfoString(&out, prob_kind_values_text((uint16) atoi(err->fields[p[5] - '0'])));
			p += 6;
		}
		else if (strncmp(p, "{call}", 6) == 0)
		{
			appendStringInfoString(&out, call);
			p += 5;
		}
		else if (strncmp(p, "{example}", 9) == 0)
		{
			appendStringInfoString(&out, example);
			p += 8;
		}
		else
			appendStringInfoChar(&out, *p);
	}
	return out.data;
}

void
prob_raise_call(const ProbError *err, const char *call, const char *example)
{
	int			code;
	const char *message = err->message;
	const char *detail = err->detail[0] ? err->detail : NULL;
	const char *hint = NULL;

	switch (err->kind)
	{
		case PROB_INVALID_PARAMETER:
		case PROB_MISMATCH:
			code = ERRCODE_INVALID_PARAMETER_VALUE;
			break;
		case PROB_CORRUPT:
			code = ERRCODE_INVALID_BINARY_REPRESENTATION;
			break;
		case PROB_TOO_LARGE:
			code = ERRCODE_PROGRAM_LIMIT_EXCEEDED;
			break;
		case PROB_OUT_OF_MEMORY:
			code = ERRCODE_OUT_OF_MEMORY;
			break;
		default:
			code = ERRCODE_INTERNAL_ERROR;
			break;
	}
	for (size_t i = 0; i < lengthof(wordings); i++)
	{
		const ReasonWording *w = &wordings[i];

		if (w->reason != err->reason)
			continue;
		/* A changed parameter is worded for the aggregate call that raised it. */
		if (w->reason == PROB_REASON_PARAMETERS_CHANGED && call == NULL)
			break;
		if (w->message != NULL)
			message = fill(w->message, err, call, example);
		if (w->detail != NULL)
			detail = fill(w->detail, err, call, example);
		hint = fill(w->hint, err, call, example);
		break;
	}
	ereport(ERROR,
			(errcode(code),
			 errmsg_internal("%s", message),
			 detail ? errdetail_internal("%s", detail) : 0,
			 hint ? errhint("%s", hint) : 0));
	pg_unreachable();
}

void
prob_raise(const ProbError *err)
{
	prob_raise_call(err, NULL, NULL);
}
