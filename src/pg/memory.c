/*
 * Memory handed to the core (memory.h).
 */
#include "memory.h"

#include "utils/memutils.h"

static uint8_t *
palloc_with_header(void *ctx, size_t size)
{
	char	   *p;

	(void) ctx;
	/* Refuse rather than let palloc raise: this runs inside a C++ frame. */
	if (size > MaxAllocSize - VARHDRSZ)
		return NULL;
	p = palloc_extended(size + VARHDRSZ, MCXT_ALLOC_NO_OOM);
	if (p == NULL)
		return NULL;
	SET_VARSIZE(p, size + VARHDRSZ);
	return (uint8_t *) p + VARHDRSZ;
}

static void
pfree_with_header(void *ctx, uint8_t *block)
{
	(void) ctx;
	pfree(block - VARHDRSZ);
}

const ProbAllocator prob_palloc_allocator = {palloc_with_header, NULL, pfree_with_header};

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
