/*
 * A topk aggregate's working state (topk.hpp, topk.cpp): its layout and the
 * per-row add of an 8-byte item (the integers) that neither grows the table
 * nor purges, the common case. Written in the subset of C and C++ that both
 * compile, so that the core and the PostgreSQL layer's per-row path (outside
 * the guard, through the C face, topk_capi.h) inline one and the same code.
 * Nothing here allocates, fails or throws.
 *
 * The working state: a value's header up to byte 32 (tag, byte 1 =
 * PROB_TOPK_WORKING_VERSION, hash id, width, kind, size k, total N, offset
 * D), then u32 live counters at 32, u32 slot count (a power of two) at 36,
 * u32 arena bytes used at 40, u32 arena capacity at 44; slots of 16 bytes
 * (u64 count, 0 = free; then for width 8 the item itself, else u32 arena
 * offset and u32 length) from 48; the arena after the slots. Open addressing
 * with linear probing; at most half the slots are live.
 */
#ifndef PROBABILISTIC_TOPK_TABLE_H
#define PROBABILISTIC_TOPK_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bloom_probe.h"
#include "byte_order.h"

#define PROB_TOPK_TYPE_TAG 'K'
#define PROB_TOPK_WORKING_VERSION 0xA5
#define PROB_TOPK_MAX_TOTAL UINT64_C(0x7FFFFFFFFFFFFFFF)
#define PROB_TOPK_OFF_WIDTH 3
#define PROB_TOPK_OFF_KIND 6
#define PROB_TOPK_OFF_SIZE 8
#define PROB_TOPK_OFF_TOTAL 16
#define PROB_TOPK_OFF_LIVE 32
#define PROB_TOPK_OFF_SLOTS 36
#define PROB_TOPK_OFF_USED 40
#define PROB_TOPK_OFF_CAPACITY 44
#define PROB_TOPK_WORK_HEADER 48
#define PROB_TOPK_SLOT_BYTES 16

/* The table's hash of an 8-byte item (never stored): the splitmix64 finalizer. */
static inline uint64_t
prob_topk_hash8(uint64_t x)
{
	return prob_bloom_fmix64(x);
}

/*
 * Adds weight of an 8-byte item (its stored bytes, little-endian) of kind
 * `kind` to a working state of width 8 in place, when it is the common case:
 * a state whose layout keeps every access inside its bytes, already holding
 * weight of that kind, a positive weight that keeps the total in range, and
 * either the item already counted or a new counter that needs neither a
 * larger table (at most half the slots live) nor a purge (at most 2k
 * counters). That is exactly what the core's add does then (topk.cpp).
 * Returns false, and changes nothing, for every other case: the caller takes
 * the core's guarded path, which handles or refuses it.
 */
static inline bool
prob_topk_add8_in_place(uint8_t *data, size_t size, const uint8_t *item, int64_t weight, uint16_t kind)
{
	uint64_t	total;
	uint64_t	x;
	uint32_t	slots;
	uint32_t	live;
	uint32_t	mask;
	uint32_t	i;
	uint8_t    *slot;

	if (size < PROB_TOPK_WORK_HEADER || data[0] != PROB_TOPK_TYPE_TAG || data[1] != PROB_TOPK_WORKING_VERSION ||
		data[PROB_TOPK_OFF_WIDTH] != 8 || weight <= 0)
		return false;
	total = prob_load_le64(data + PROB_TOPK_OFF_TOTAL);
	if (total == 0 || total > PROB_TOPK_MAX_TOTAL || (uint64_t) weight > PROB_TOPK_MAX_TOTAL - total ||
		((uint16_t) data[PROB_TOPK_OFF_KIND] | (uint16_t) (data[PROB_TOPK_OFF_KIND + 1] << 8)) != kind)
		return false;
	slots = prob_load_le32(data + PROB_TOPK_OFF_SLOTS);
	live = prob_load_le32(data + PROB_TOPK_OFF_LIVE);
	if (slots < 2 || (slots & (slots - 1)) != 0 || 2 * (uint64_t) live > slots ||
		PROB_TOPK_WORK_HEADER + (size_t) slots * PROB_TOPK_SLOT_BYTES +
		prob_load_le32(data + PROB_TOPK_OFF_CAPACITY) != size)
		return false;
	x = prob_load_le64(item);
	mask = slots - 1;
	i = (uint32_t) prob_topk_hash8(x) & mask;
	for (;;)
	{
		uint64_t	c;

		slot = data + PROB_TOPK_WORK_HEADER + (size_t) i * PROB_TOPK_SLOT_BYTES;
		c = prob_load_le64(slot);
		if (c == 0)
			break;
		if (prob_load_le64(slot + 8) == x)
		{
			prob_store_le64(slot, c + (uint64_t) weight);
			prob_store_le64(data + PROB_TOPK_OFF_TOTAL, total + (uint64_t) weight);
			return true;
		}
		i = (i + 1) & mask;
	}
	if (2 * ((uint64_t) live + 1) > slots || (uint64_t) live + 1 > 2 * prob_load_le64(data + PROB_TOPK_OFF_SIZE))
		return false;
	prob_store_le64(slot, (uint64_t) weight);
	memcpy(slot + 8, item, 8);
	prob_store_le32(data + PROB_TOPK_OFF_LIVE, live + 1);
	prob_store_le64(data + PROB_TOPK_OFF_TOTAL, total + (uint64_t) weight);
	return true;
}

#endif							/* PROBABILISTIC_TOPK_TABLE_H */
