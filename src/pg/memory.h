/*
 * Memory handed to the core: allocators that never raise (they run inside C++
 * frames) and refuse what PostgreSQL could not allocate.
 */
#ifndef PROBABILISTIC_MEMORY_H
#define PROBABILISTIC_MEMORY_H

#include "probabilistic.h"

/* Allocates in CurrentMemoryContext with room for a varlena header in front. */
extern const ProbAllocator prob_palloc_allocator;

/*
 * Allocates in the given memory context, without a header and beyond 1 GB
 * (for aggregate states the core keeps, such as bloom_agg(x)'s hash set).
 */
extern ProbAllocator prob_context_allocator(MemoryContext context);

#endif							/* PROBABILISTIC_MEMORY_H */
