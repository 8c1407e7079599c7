/*
 * A count-min sketch's per-row rules (doc/FORMAT.md 7.3 and 7.4): a hash's
 * cell in each row, conservative update and the estimate. Written in the
 * subset of C and C++ that both compile, so that the core (countmin.cpp) and
 * the PostgreSQL layer's per-row path (through the C face, countmin_capi.h)
 * inline one and the same code. Nothing here allocates, fails or throws.
 */
#ifndef PROBABILISTIC_COUNTMIN_CELLS_H
#define PROBABILISTIC_COUNTMIN_CELLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bloom_probe.h"
#include "byte_order.h"

#define PROB_COUNTMIN_TYPE_TAG 'M'
#define PROB_COUNTMIN_HEADER_SIZE 48
#define PROB_COUNTMIN_MAX_DEPTH 32
#define PROB_COUNTMIN_MAX_TOTAL UINT64_C(0x7FFFFFFFFFFFFFFF)
#define PROB_COUNTMIN_OFF_DEPTH 4
#define PROB_COUNTMIN_OFF_WIDTH 32
#define PROB_COUNTMIN_OFF_TOTAL 40
/* Byte 1 of an aggregate's working state (countmin.hpp): no format version. */
#define PROB_COUNTMIN_WORKING_VERSION 0xA5

/* Row r's cell for a hash, 0 .. width - 1. */
static inline uint64_t
prob_countmin_index(uint64_t hash, unsigned row, uint64_t width)
{
	return prob_bloom_reduce(prob_bloom_fmix64(hash + ((uint64_t) row + 1) * PROB_BLOOM_GOLDEN), width);
}

/* Its byte offset from the first cell. */
static inline size_t
prob_countmin_cell(uint64_t hash, unsigned row, uint64_t width)
{
	return (size_t) (8 * ((uint64_t) row * width + prob_countmin_index(hash, row, width)));
}

/* The estimate: the smallest of the hash's cells in `depth` rows of `width`. */
static inline uint64_t
prob_countmin_min_cell(const uint8_t *cells, unsigned depth, uint64_t width, uint64_t hash)
{
	uint64_t	least = UINT64_MAX;

	for (unsigned r = 0; r < depth; r++)
	{
		uint64_t	cell = prob_load_le64(cells + prob_countmin_cell(hash, r, width));

		if (cell < least)
			least = cell;
	}
	return least;
}

/*
 * Conservative update of weight c > 0 for a hash: every cell of the hash
 * below min + c becomes min + c. The caller has checked that the total plus c
 * stays within PROB_COUNTMIN_MAX_TOTAL (every cell is at most the total, so no
 * cell passes it either) and updates the total.
 */
static inline void
prob_countmin_update_cells(uint8_t *cells, unsigned depth, uint64_t width, uint64_t hash, uint64_t c)
{
	size_t		at[PROB_COUNTMIN_MAX_DEPTH];
	uint64_t	least = UINT64_MAX;
	uint64_t	v;

	for (unsigned r = 0; r < depth; r++)
	{
		uint64_t	cell;

		at[r] = prob_countmin_cell(hash, r, width);
		cell = prob_load_le64(cells + at[r]);
		if (cell < least)
			least = cell;
	}
	v = least + c;
	/*
	 * Every cell is written, the larger of it and v: whether a cell is below
	 * v is a coin toss the branch predictor loses (a third of the add's time),
	 * and its line is already in cache.
	 */
	for (unsigned r = 0; r < depth; r++)
	{
		uint64_t	cell = prob_load_le64(cells + at[r]);

		prob_store_le64(cells + at[r], cell < v ? v : cell);
	}
}

/*
 * An aggregate's per-row add, in place, when it is the common case: a value
 * (not a working state) whose layout keeps every access inside its bytes (the checks of
 * countmin::parse_trusted that do), already holding weight (so the add
 * records no kind), a positive weight that keeps the total in range. Returns
 * false, and changes nothing, for every other case: the caller takes the
 * core's guarded path, which handles or refuses it.
 */
static inline bool
prob_countmin_add_in_place(uint8_t *data, size_t size, uint64_t hash, int64_t weight)
{
	unsigned	depth;
	uint64_t	width;
	uint64_t	total;

	if (size < PROB_COUNTMIN_HEADER_SIZE || data[0] != PROB_COUNTMIN_TYPE_TAG ||
		data[1] == PROB_COUNTMIN_WORKING_VERSION || weight <= 0)
		return false;
	depth = data[PROB_COUNTMIN_OFF_DEPTH];
	width = prob_load_le64(data + PROB_COUNTMIN_OFF_WIDTH);
	total = prob_load_le64(data + PROB_COUNTMIN_OFF_TOTAL);
	/* No division on the per-row path: width < 2^55 and depth <= 32 keep 8 * width * depth exact. */
	if (depth < 1 || depth > PROB_COUNTMIN_MAX_DEPTH || width == 0 ||
		width > (size - PROB_COUNTMIN_HEADER_SIZE) / 8 || width >= UINT64_C(1) << 55 ||
		PROB_COUNTMIN_HEADER_SIZE + 8 * width * depth != size)
		return false;
	if (total == 0 || total > PROB_COUNTMIN_MAX_TOTAL || (uint64_t) weight > PROB_COUNTMIN_MAX_TOTAL - total)
		return false;
	prob_countmin_update_cells(data + PROB_COUNTMIN_HEADER_SIZE, depth, width, hash, (uint64_t) weight);
	prob_store_le64(data + PROB_COUNTMIN_OFF_TOTAL, total + (uint64_t) weight);
	return true;
}

#endif							/* PROBABILISTIC_COUNTMIN_CELLS_H */
