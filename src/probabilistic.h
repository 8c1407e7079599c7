/*
 * Shared pieces of the PostgreSQL layer. This layer only converts Datums,
 * memory and errors; every computation happens in the C++ core behind
 * core/capi.h. Core calls return false on failure and the error is raised
 * here, after the call returned (see PROB_TRY).
 */
#ifndef PROBABILISTIC_H
#define PROBABILISTIC_H

#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"

#include "core/capi.h"

/* Allocates in CurrentMemoryContext with room for a varlena header in front. */
extern const ProbAllocator prob_palloc_allocator;

extern void prob_raise(const ProbError *err) pg_attribute_noreturn();

/*
 * PROB_TRY(prob_xxx(..., PROB_ERR)): call into the core and raise its error,
 * if any, once the call has returned.
 */
#define PROB_ERR (&prob_err_)
#define PROB_TRY(call) \
	do { \
		ProbError	prob_err_; \
		while (!(call)) \
		{ \
			if (prob_err_.kind != PROB_INTERRUPTED) \
				prob_raise(&prob_err_); \
			/* The core stopped for a pending interrupt (core.hpp): serve it; \
			 * if that returns, the call is safe to run again. */ \
			CHECK_FOR_INTERRUPTS(); \
		} \
	} while (0)

/* The varlena that holds a buffer the core allocated through prob_palloc_allocator. */
static inline struct varlena *
prob_varlena_of(ProbBuffer buf)
{
	return (struct varlena *) (buf.data - VARHDRSZ);
}

/* Bytes of a detoasted (possibly short-header) varlena. */
#define PROB_BYTES(v) ((uint8_t *) VARDATA_ANY(v)), VARSIZE_ANY_EXHDR(v)

/*
 * The datum to return for a core result: the input itself when the core
 * handed back the input's bytes, else the new varlena.
 */
static inline Datum
prob_result(struct varlena *input, ProbBuffer out)
{
	if (input != NULL && out.data == (uint8_t *) VARDATA_ANY(input))
		return PointerGetDatum(input);
	return PointerGetDatum(prob_varlena_of(out));
}

/*
 * The aggregate call a final function belongs to, also in the Finalize step
 * of a partial aggregate (where it is found through the plan), or NULL.
 */
struct Aggref;
extern struct Aggref *prob_aggregate_call(FunctionCallInfo fcinfo);

/* Canonical hashing of SQL values (hashing.c). */
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

/* As PG_DETOAST_DATUM, without a function call when nothing needs detoasting. */
static inline struct varlena *
prob_detoast(Datum d)
{
	struct varlena *v = (struct varlena *) DatumGetPointer(d);

	return unlikely(VARATT_IS_EXTENDED(v)) ? pg_detoast_datum(v) : v;
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

#endif							/* PROBABILISTIC_H */
