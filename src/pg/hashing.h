/*
 * Canonical hashing of SQL values (hashing.c): which bytes or integer each
 * type is hashed from (doc/FORMAT.md section 2), and the type of a function's
 * argument, resolved once per call site.
 */
#ifndef PROBABILISTIC_HASHING_H
#define PROBABILISTIC_HASHING_H

#include "probabilistic.h"

typedef enum ProbHashKind
{
	PROB_HASH_INTEGER,			/* int2, int4, int8 */
	PROB_HASH_FLOAT4,
	PROB_HASH_FLOAT8,
	PROB_HASH_NUMERIC,
	PROB_HASH_TEXT,				/* text, varchar, name-free string types */
	PROB_HASH_BPCHAR,
	PROB_HASH_BYTEA,
	PROB_HASH_UUID,
	PROB_HASH_DATE,
	PROB_HASH_TIMESTAMP,		/* timestamp, timestamptz */
	PROB_HASH_BOOL,
	PROB_HASH_FALLBACK_BYVAL,
	PROB_HASH_FALLBACK_FIXED,
	PROB_HASH_FALLBACK_VARLENA,
	PROB_HASH_FALLBACK_CSTRING
} ProbHashKind;

typedef struct ProbHashType
{
	Oid			typid;
	ProbHashKind kind;
	int16		typlen;
} ProbHashType;

extern void prob_hash_type_init(ProbHashType *type, Oid typid);
extern uint64 prob_hash_datum(const ProbHashType *type, Datum value, uint64 seed);

/*
 * The canonical integer of integer-like kinds (integers, date, timestamps,
 * bool), so per-row paths can hand the core an int64 to hash and add in one call.
 */
static inline bool
prob_datum_as_int64(const ProbHashType *type, Datum value, int64 *out)
{
	switch (type->kind)
	{
		case PROB_HASH_INTEGER:
			*out = type->typlen == 2 ? DatumGetInt16(value) :
				type->typlen == 4 ? DatumGetInt32(value) : DatumGetInt64(value);
			return true;
		case PROB_HASH_DATE:
			*out = DatumGetInt32(value);
			return true;
		case PROB_HASH_TIMESTAMP:
			*out = DatumGetInt64(value);
			return true;
		case PROB_HASH_BOOL:
			*out = DatumGetBool(value) ? 1 : 0;
			return true;
		default:
			return false;
	}
}

/*
 * The hashing rule for argument argno, cached in *cache (typid InvalidOid
 * means not yet resolved). The type comes from the call expression, or,
 * where a caller such as Citus passes none, from the function's declared
 * argument type; a polymorphic argument with neither is an error.
 */
extern const ProbHashType *prob_arg_hash_type(FunctionCallInfo fcinfo, int argno,
											  ProbHashType *cache);

/* fn_extra as a ProbHashType cache, for functions that need nothing else there. */
static inline const ProbHashType *
prob_arg_hash_type_cached(FunctionCallInfo fcinfo, int argno)
{
	ProbHashType *cache = (ProbHashType *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && OidIsValid(cache->typid)))
		return cache;
	if (cache == NULL)
		fcinfo->flinfo->fn_extra = cache =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(ProbHashType));
	return prob_arg_hash_type(fcinfo, argno, cache);
}

#endif							/* PROBABILISTIC_HASHING_H */
