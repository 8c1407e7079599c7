/*
 * kll_agg's per-row rule on a working state (doc/FORMAT.md 10.6): a value
 * goes into the free slot just below level 0. Written in the subset of C and
 * C++ that both compile, so that the core (kll.cpp) and the PostgreSQL
 * layer's per-row path inline one and the same code. Nothing here allocates,
 * fails or throws: when the state has no free slot, is not a working state,
 * or the value is NaN, it returns false and the caller takes the core's full
 * path (prob_kll_add), which compacts, grows or refuses.
 */
#ifndef PROBABILISTIC_KLL_ROW_H
#define PROBABILISTIC_KLL_ROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "byte_order.h"

#define PROB_KLL_TYPE_TAG 'L'
#define PROB_KLL_HEADER_SIZE 40
#define PROB_KLL_MAX_LEVELS 61
#define PROB_KLL_OFF_FLAGS 3
#define PROB_KLL_OFF_N 8
#define PROB_KLL_OFF_MIN 16
#define PROB_KLL_OFF_MAX 24
#define PROB_KLL_OFF_LEVELS 32
#define PROB_KLL_OFF_FREE 36
#define PROB_KLL_FLAG_SORTED 1
#define PROB_KLL_FLAG_WORKING 2

static inline double
prob_kll_load_double(const uint8_t *p)
{
	uint64_t	bits = prob_load_le64(p);
	double		v;

	memcpy(&v, &bits, sizeof v);
	return v;
}

static inline void
prob_kll_store_double(uint8_t *p, double v)
{
	uint64_t	bits;

	memcpy(&bits, &v, sizeof bits);
	prob_store_le64(p, bits);
}

static inline bool
prob_kll_row_add(uint8_t *data, size_t size, double v)
{
	unsigned	levels;
	uint32_t	free_slots;
	uint64_t	n;
	uint8_t    *sizes;

	if (v != v || size < PROB_KLL_HEADER_SIZE || data[0] != PROB_KLL_TYPE_TAG ||
		!(data[PROB_KLL_OFF_FLAGS] & PROB_KLL_FLAG_WORKING))
		return false;
	levels = data[PROB_KLL_OFF_LEVELS];
	free_slots = prob_load_le32(data + PROB_KLL_OFF_FREE);
	n = prob_load_le64(data + PROB_KLL_OFF_N);
	if (free_slots == 0 || levels < 1 || levels > PROB_KLL_MAX_LEVELS || n == UINT64_MAX ||
		PROB_KLL_HEADER_SIZE + 4 * (uint64_t) levels + 8 * (uint64_t) free_slots > size)
		return false;
	sizes = data + PROB_KLL_HEADER_SIZE;
	prob_kll_store_double(sizes + 4 * levels + 8 * (uint64_t) (free_slots - 1), v);
	prob_store_le32(data + PROB_KLL_OFF_FREE, free_slots - 1);
	prob_store_le32(sizes, prob_load_le32(sizes) + 1);
	prob_store_le64(data + PROB_KLL_OFF_N, n + 1);
	if (n == 0 || v < prob_kll_load_double(data + PROB_KLL_OFF_MIN))
		prob_kll_store_double(data + PROB_KLL_OFF_MIN, v);
	if (n == 0 || prob_kll_load_double(data + PROB_KLL_OFF_MAX) < v)
		prob_kll_store_double(data + PROB_KLL_OFF_MAX, v);
	data[PROB_KLL_OFF_FLAGS] = (uint8_t) (data[PROB_KLL_OFF_FLAGS] & ~PROB_KLL_FLAG_SORTED);
	return true;
}

#endif							/* PROBABILISTIC_KLL_ROW_H */
