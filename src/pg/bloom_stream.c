/*
 * bloom_members(bloom, anyarray): a batch of values probed against a filter
 * in one call (doc/STREAMS.md; what every members function shares: members.h).
 */
#include "members.h"

#include "capi/bloom_capi.h"
#include "capi/bloom_stream_capi.h"

PG_FUNCTION_INFO_V1(bloom_members);
Datum
bloom_members(PG_FUNCTION_ARGS)
{
	ProbMembersArgs args;
	ProbMembersCache *cache;
	ProbBloomParams params;
	size_t		count;

	prob_members_args(fcinfo, "bloom_members", &args);
	if (args.n == 0)
		PG_RETURN_ARRAYTYPE_P(prob_members_result(NULL, 0));
	cache = args.cache;
	PROB_TRY(prob_bloom_params(PROB_BYTES(args.filter), &params, PROB_ERR));
	prob_members_hash(fcinfo, cache, args.array, args.n, params.seed);
	PROB_TRY(prob_bloom_members(PROB_BYTES(args.filter), cache->hashes, cache->has_nulls ? cache->nulls : NULL,
								(size_t) args.n, ARR_LBOUND(args.array)[0], cache->subscripts, &count, PROB_ERR));
	PG_RETURN_ARRAYTYPE_P(prob_members_result(cache->subscripts, count));
}
