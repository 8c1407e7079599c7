/*
 * Joint estimates of two hll values (intersection, difference, Jaccard,
 * hll_overlap) and error bounds of one (hll_cardinality_bounds,
 * hll_relative_error). Every SQL name here is the C symbol of the same name;
 * the math is in the core (src/core/hll_joint.hpp).
 */
#include "probabilistic.h"

#include <math.h>
#include <stdlib.h>

#include "access/htup_details.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "utils/fmgrprotos.h"

#include "capi/hll_joint_capi.h"

/* The joint estimates of arguments 0 and 1; with a confidence, their bounds too. */
static ProbHllOverlap
hll_overlap_of(FunctionCallInfo fcinfo, const double *confidence)
{
	struct varlena *a = PG_GETARG_VARLENA_PP(0);
	struct varlena *b = PG_GETARG_VARLENA_PP(1);
	ProbHllOverlap o;

	PROB_TRY(prob_hll_overlap(PROB_BYTES(a), PROB_BYTES(b), confidence, &o, PROB_ERR));
	return o;
}

PG_FUNCTION_INFO_V1(hll_intersection_cardinality);
Datum
hll_intersection_cardinality(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(prob_hll_round_count(hll_overlap_of(fcinfo, NULL).intersection.value));
}

PG_FUNCTION_INFO_V1(hll_difference_cardinality);
Datum
hll_difference_cardinality(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(prob_hll_round_count(hll_overlap_of(fcinfo, NULL).a_only.value));
}

PG_FUNCTION_INFO_V1(hll_jaccard);
Datum
hll_jaccard(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(hll_overlap_of(fcinfo, NULL).jaccard.value);
}

/*
 * A double as JSON: the fewest of 15, 16 or 17 significant digits that read
 * back as the same double, null when not finite.
 */
static void
append_json_double(StringInfo s, double v)
{
	char		text[32];

	if (!isfinite(v))
	{
		appendStringInfoString(s, "null");
		return;
	}
	for (int digits = 15; digits <= 17; digits++)
	{
		snprintf(text, sizeof text, "%.*g", digits, v);
		if (strtod(text, NULL) == v)
			break;
	}
	appendStringInfoString(s, text);
}

/*
 * "name": {"estimate": ..., "standard_error": ..., "lower": ..., "upper": ...
 * [, "unclamped": ...]}; a count's bounds are integers, a ratio's (the
 * Jaccard index) doubles. unclamped, when not NULL, is the intersection's
 * signed estimate (below 0 where the estimate is 0: src/core/hll_joint.hpp).
 */
static void
append_estimate(StringInfo s, const char *name, ProbHllEstimate e, const int64_t *count_bounds,
				const double *ratio_bounds, const double *unclamped)
{
	appendStringInfo(s, "%s\"%s\": {\"estimate\": ", s->len > 1 ? ", " : "", name);
	append_json_double(s, e.value);
	appendStringInfoString(s, ", \"standard_error\": ");
	append_json_double(s, e.standard_error);
	if (count_bounds != NULL)
		appendStringInfo(s, ", \"lower\": " INT64_FORMAT ", \"upper\": " INT64_FORMAT,
						 (int64) count_bounds[0], (int64) count_bounds[1]);
	else
	{
		appendStringInfoString(s, ", \"lower\": ");
		append_json_double(s, ratio_bounds[0]);
		appendStringInfoString(s, ", \"upper\": ");
		append_json_double(s, ratio_bounds[1]);
	}
	if (unclamped != NULL)
	{
		appendStringInfoString(s, ", \"unclamped\": ");
		append_json_double(s, *unclamped);
	}
	appendStringInfoChar(s, '}');
}

PG_FUNCTION_INFO_V1(hll_overlap);
Datum
hll_overlap(PG_FUNCTION_ARGS)
{
	double		confidence = PG_GETARG_FLOAT8(2);
	ProbHllOverlap o = hll_overlap_of(fcinfo, &confidence);
	StringInfoData s;

	initStringInfo(&s);
	appendStringInfoChar(&s, '{');
	append_estimate(&s, "a", o.a, o.count_bounds[0], NULL, NULL);
	append_estimate(&s, "b", o.b, o.count_bounds[1], NULL, NULL);
	append_estimate(&s, "union", o.union_, o.count_bounds[2], NULL, NULL);
	append_estimate(&s, "intersection", o.intersection, o.count_bounds[3], NULL, &o.intersection_unclamped);
	append_estimate(&s, "a_minus_b", o.a_only, o.count_bounds[4], NULL, NULL);
	append_estimate(&s, "b_minus_a", o.b_only, o.count_bounds[5], NULL, NULL);
	append_estimate(&s, "jaccard", o.jaccard, NULL, o.jaccard_bounds, NULL);
	appendStringInfo(&s, ", \"confidence\": ");
	append_json_double(&s, confidence);
	appendStringInfoChar(&s, '}');
	PG_RETURN_DATUM(DirectFunctionCall1(jsonb_in, CStringGetDatum(s.data)));
}

static ProbHllEstimate
hll_estimate_of(struct varlena *v)
{
	ProbHllEstimate e;

	PROB_TRY(prob_hll_estimate_with_error(PROB_BYTES(v), &e, PROB_ERR));
	return e;
}

PG_FUNCTION_INFO_V1(hll_cardinality_bounds);
Datum
hll_cardinality_bounds(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	double		confidence = PG_GETARG_FLOAT8(1);
	int64_t		lower,
				upper;
	TupleDesc	desc;
	Datum		values[2];
	bool		nulls[2] = {false, false};

	PROB_TRY(prob_hll_cardinality_bounds(PROB_BYTES(v), confidence, &lower, &upper, PROB_ERR));
	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("hll_cardinality_bounds must be called where a record is expected")));
	desc = BlessTupleDesc(desc);
	values[0] = Int64GetDatum(lower);
	values[1] = Int64GetDatum(upper);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}

PG_FUNCTION_INFO_V1(hll_relative_error);
Datum
hll_relative_error(PG_FUNCTION_ARGS)
{
	ProbHllEstimate e = hll_estimate_of(PG_GETARG_VARLENA_PP(0));

	PG_RETURN_FLOAT8(e.value > 0 ? e.standard_error / e.value : 0.0);
}
