/*
 * The PostgreSQL side of the boundary with the C++ core (the headers in src/capi). This
 * layer converts Datums, memory, errors and interrupts, reads what only the
 * server knows (an SQL value's canonical bytes, hashing.c; the aggregate call,
 * agg_calls.c) and words errors for SQL users (errors.c); every rule about a
 * sketch is the core's. Core calls return false on failure and the error is
 * raised after the call returned (PROB_TRY below, DEVELOPERS.md).
 */
#ifndef PROBABILISTIC_H
#define PROBABILISTIC_H

#include "compat.h"

#include "fmgr.h"
#include "miscadmin.h"

#include "capi/capi.h"

/* Raises a core error (errors.c). */
extern PROB_NORETURN void prob_raise(const ProbError *err) PROB_NORETURN_AFTER;
/*
 * The same, for an error of an aggregate call: a parameter that changed
 * between rows names the call ("bloom_agg") and an example of constants.
 */
extern PROB_NORETURN void prob_raise_call(const ProbError *err, const char *call,
										  const char *example) PROB_NORETURN_AFTER;

/*
 * PROB_TRY(prob_xxx(..., PROB_ERR)): call into the core and raise its error,
 * if any, once the call has returned. PROB_TRY_CALL names the aggregate call
 * it runs for (prob_raise_call).
 */
#define PROB_ERR (&prob_err_)
#define PROB_TRY(call) PROB_TRY_CALL(call, NULL, NULL)
#define PROB_TRY_CALL(call, name, example) \
	do { \
		ProbError	prob_err_; \
		while (!(call)) \
		{ \
			if (prob_err_.kind != PROB_INTERRUPTED) \
				prob_raise_call(&prob_err_, (name), (example)); \
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

/* As PG_DETOAST_DATUM, without a function call when nothing needs detoasting. */
static inline struct varlena *
prob_detoast(Datum d)
{
	struct varlena *v = (struct varlena *) DatumGetPointer(d);

	return unlikely(VARATT_IS_EXTENDED(v)) ? pg_detoast_datum(v) : v;
}

#endif							/* PROBABILISTIC_H */
