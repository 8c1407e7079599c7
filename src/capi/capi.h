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

typedef struct ProbError
{
	int			kind;			/* ProbErrorKind */
	char		message[512];
	char		detail[512];	/* empty when there is none */
	char		hint[256];		/* empty when there is none */
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
