/*
 * The C face of the C++ core: what the PostgreSQL layer (plain C) may call.
 *
 * Every function here is noexcept in effect: it runs its C++ body inside one
 * guard (capi_guard.hpp) that catches every exception, copies the message into
 * a ProbError and returns false. The caller raises ereport after the call has
 * returned, so no longjmp ever crosses a C++ frame and no ereport runs inside
 * a catch block.
 */
#ifndef PROBABILISTIC_CAPI_H
#define PROBABILISTIC_CAPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ProbErrorKind
{
	PROB_OK = 0,
	PROB_INVALID_PARAMETER = 1,
	PROB_CORRUPT = 2,
	PROB_MISMATCH = 3,
	PROB_TOO_LARGE = 4,
	PROB_OUT_OF_MEMORY = 5,
	PROB_INTERNAL = 6,
	PROB_INTERRUPTED = 7		/* the interrupt hook said so: serve it, then call again */
} ProbErrorKind;

/*
 * Why (core.hpp's Reason), for the errors whose advice the caller words in its
 * own terms: the PostgreSQL layer's hints and messages come from the reason
 * and the fields (src/pg/errors.c).
 */
typedef enum ProbErrorReason
{
	PROB_REASON_NONE = 0,
	PROB_REASON_PARAMETERS_CHANGED = 1,	/* fields: the state's parameters, the call's */
	PROB_REASON_UNKNOWN_LAYOUT = 2,
	PROB_REASON_DIFFERENT_PARAMETERS = 3,	/* field: the parameters that must agree */
	PROB_REASON_SIZED_DIFFERENTLY = 4,
	PROB_REASON_DIFFERENT_HASH_IDS = 5,
	PROB_REASON_DIFFERENT_KINDS = 6,
	PROB_REASON_VALUE_LIMIT = 7,	/* fields: the bytes it would take, the limit */
	PROB_REASON_CANNOT_GROW = 8,
	PROB_REASON_DISTINCT_LIMIT = 9, /* field: the limit */
	PROB_REASON_UNDECIDABLE = 10,
	PROB_REASON_GROWN_INTERSECTION = 11,
	PROB_REASON_FULL = 12,		/* field: the filter's capacity */
	PROB_REASON_RATE_TOO_SMALL = 13,
	PROB_REASON_PRECISION_UP = 14,
	PROB_REASON_DIFFERENT_FAMILIES = 15,	/* fields: the two hash families' names */
	/* BEGIN issue-27 countmin */
	PROB_REASON_COUNTMIN_VALUE_LIMIT = 16,	/* fields: the bytes it would take, the limit */
	PROB_REASON_COUNTMIN_TOTAL = 17	/* field: the largest total */
	/* END issue-27 */
} ProbErrorReason;

typedef struct ProbError
{
	int			kind;			/* ProbErrorKind */
	int			reason;			/* ProbErrorReason */
	char		message[512];
	char		detail[512];	/* empty when there is none */
	char		fields[2][128]; /* the reason's, empty when it has none */
} ProbError;

/*
 * allocate returns size bytes of memory the caller owns, or NULL; it must not
 * raise. deallocate, when not NULL, gives back a block allocate returned
 * (without it, blocks stay until their owner frees them all).
 */
typedef struct ProbAllocator
{
	uint8_t    *(*allocate) (void *ctx, size_t size);
	void	   *ctx;
	void		(*deallocate) (void *ctx, uint8_t *block);
} ProbAllocator;

/* Bytes of a value, without any varlena header. */
typedef struct ProbBuffer
{
	uint8_t    *data;
	size_t		size;
} ProbBuffer;

/* The seed of every aggregate and of SQL's seed arguments when left out (hash.hpp). */
#define PROB_DEFAULT_SEED 0

/* Canonical hashing (hash.hpp); these cannot fail. */
uint64_t	prob_hash_bytes(const void *data, size_t size, uint64_t seed);
uint64_t	prob_hash_int64(int64_t value, uint64_t seed);
uint64_t	prob_hash_float8(double value, uint64_t seed);
uint8_t		prob_hash_id(void);

/*
 * The kind (kind.hpp, doc/FORMAT.md 2.5) a value of ours records: 0 when none.
 * Reads the version byte and bytes 6-7, which every type places alike.
 */
bool		prob_value_kind(const uint8_t *data, size_t size, uint16_t *kind, ProbError *err);

/*
 * Installs the function long operations poll between chunks (core.hpp): it
 * must only answer whether an interrupt is pending, never raise. A call that
 * it stops fails with PROB_INTERRUPTED and may be repeated.
 */
void		prob_set_interrupt_hook(bool (*pending) (void));

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_CAPI_H */
