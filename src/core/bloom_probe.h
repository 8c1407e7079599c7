/*
 * A Bloom filter's per-item rules (doc/FORMAT.md 4.5 and 4.13): the bit
 * positions of a unblocked (fixed or scalable) layer, a blocked layer's block
 * and the bits inside it, and the test and the update of one item in one
 * layer. Written in the subset of C and C++ that both compile, so that the
 * core (bloom.hpp, bloom.cpp) and the PostgreSQL layer's per-call probe
 * (bloom.c, through a ProbBloomProbe the C face prepares once per filter)
 * inline one and the same code. Nothing here allocates, fails or throws:
 * callers pass layers whose headers were checked (bloom::parse_trusted).
 */
#ifndef PROBABILISTIC_BLOOM_PROBE_H
#define PROBABILISTIC_BLOOM_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "byte_order.h"

/* A blocked layer's block: one 64-byte cache line (bloom.hpp says why). */
#define PROB_BLOOM_BLOCK_BITS 512
#define PROB_BLOOM_BLOCK_BYTES (PROB_BLOOM_BLOCK_BITS / 8)
#define PROB_BLOOM_MAX_BLOCKED_HASHES 32
#define PROB_BLOOM_PROBE_MAX_LAYERS 64
#define PROB_BLOOM_GOLDEN UINT64_C(0x9E3779B97F4A7C15)

/* The splitmix64 finalizer, from which every position is derived. */
static inline uint64_t
prob_bloom_fmix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* Multiply-shift: the top 64 bits of x * n, in 0 .. n - 1. */
static inline uint64_t
prob_bloom_reduce(uint64_t x, uint64_t n)
{
	__extension__ typedef unsigned __int128 prob_uint128;

	return (uint64_t) (((prob_uint128) x * n) >> 64);
}

/*
 * An unblocked layer's positions (FORMAT.md 4.5), walked incrementally:
 * x_i = hash + i * h2 + ((i^3 - i) / 6) * h3, position i = reduce(x_i, m).
 */
typedef struct ProbBloomPositions
{
	uint64_t	x;
	uint64_t	h2;
	uint64_t	h3;
	uint64_t	cubic_step;
	uint64_t	cubic_step_growth;
	uint64_t	bit_count;
} ProbBloomPositions;

static inline uint64_t
prob_bloom_second_hash(uint64_t hash)
{
	return prob_bloom_fmix64(hash) | 1u;
}

static inline uint64_t
prob_bloom_third_hash(uint64_t hash)
{
	return prob_bloom_fmix64(hash + PROB_BLOOM_GOLDEN);
}

static inline void
prob_bloom_positions_init(ProbBloomPositions *p, uint64_t hash, uint64_t bit_count)
{
	p->x = hash;
	p->h2 = prob_bloom_second_hash(hash);
	p->h3 = prob_bloom_third_hash(hash);
	p->cubic_step = 0;
	p->cubic_step_growth = 0;
	p->bit_count = bit_count;
}

static inline uint64_t
prob_bloom_positions_next(ProbBloomPositions *p)
{
	uint64_t	position = prob_bloom_reduce(p->x, p->bit_count);

	/* x_{i+1} - x_i = h2 + (i(i+1)/2) * h3; the second part grows by (i+1) * h3 each step. */
	p->x += p->h2 + p->cubic_step;
	p->cubic_step_growth += p->h3;
	p->cubic_step += p->cubic_step_growth;
	return position;
}

/*
 * The loads of an unblocked layer are cache misses once it outgrows the caches:
 * a batch of positions is computed (and its loads started) before any bit
 * is looked at, rather than one miss after another.
 */
#define PROB_BLOOM_BATCH 16

/* Bits pos[0 .. n - 1] of bits are all set. */
static inline bool
prob_bloom_all_set(const uint8_t *bits, const uint64_t *pos, uint32_t n)
{
	unsigned	all = 1;
	uint32_t	i;

	for (i = 0; i < n; i++)
		all &= bits[pos[i] >> 3] >> (pos[i] & 7);
	return all & 1;
}

/* Sets bits pos[0 .. n - 1] of bits; returns how many were clear (a position given twice counts once). */
static inline uint64_t
prob_bloom_set_all(uint8_t *bits, const uint64_t *pos, uint32_t n)
{
	uint64_t	newly_set = 0;
	uint32_t	i;

	for (i = 0; i < n; i++)
	{
		uint8_t		mask = (uint8_t) (1u << (pos[i] & 7));

		newly_set += !(bits[pos[i] >> 3] & mask);
		bits[pos[i] >> 3] |= mask;
	}
	return newly_set;
}

/*
 * The next batch of up to PROB_BLOOM_BATCH of the left positions, into pos;
 * returns how many. For an update, each byte's load is started for writing
 * as its position is known, before any byte is updated.
 */
static inline uint32_t
prob_bloom_unblocked_batch(ProbBloomPositions *positions, uint32_t left, uint64_t *pos, const uint8_t *bits,
						bool for_update)
{
	uint32_t	n = left < PROB_BLOOM_BATCH ? left : PROB_BLOOM_BATCH;
	uint32_t	i;

	for (i = 0; i < n; i++)
	{
		pos[i] = prob_bloom_positions_next(positions);
		if (for_update)
			__builtin_prefetch(bits + (pos[i] >> 3), 1);
	}
	return n;
}

/* The item's k bits are all set in an unblocked layer. */
static inline bool
prob_bloom_unblocked_test(const uint8_t *bits, uint64_t bit_count, uint32_t hash_count, uint64_t hash)
{
	ProbBloomPositions positions;
	uint64_t	pos[PROB_BLOOM_BATCH];
	uint32_t	done,
				n;

	prob_bloom_positions_init(&positions, hash, bit_count);
	for (done = 0; done < hash_count; done += n)
	{
		n = prob_bloom_unblocked_batch(&positions, hash_count - done, pos, bits, false);
		if (!prob_bloom_all_set(bits, pos, n))
			return false;
	}
	return true;
}

/* Sets the item's k bits in an unblocked layer; returns how many were clear. */
static inline uint64_t
prob_bloom_unblocked_set(uint8_t *bits, uint64_t bit_count, uint32_t hash_count, uint64_t hash)
{
	ProbBloomPositions positions;
	uint64_t	pos[PROB_BLOOM_BATCH];
	uint64_t	newly_set = 0;
	uint32_t	done,
				n;

	prob_bloom_positions_init(&positions, hash, bit_count);
	for (done = 0; done < hash_count; done += n)
	{
		n = prob_bloom_unblocked_batch(&positions, hash_count - done, pos, bits, true);
		newly_set += prob_bloom_set_all(bits, pos, n);
	}
	return newly_set;
}

/*
 * A blocked layer (FORMAT.md 4.13): the block is the top of hash *
 * block_count (multiply-shift); bit i of the item is in segment i of s =
 * floor(512 / k) bits, at offset (r_i * s) >> 32 for the 32-bit word r_i:
 * the low then the high half of fmix64(hash + (i / 2 + 1) * golden).
 */
static inline uint32_t
prob_bloom_segment_bits(uint32_t hash_count)
{
	return PROB_BLOOM_BLOCK_BITS / hash_count;
}

static inline uint64_t
prob_bloom_block_index(uint64_t hash, uint64_t block_count)
{
	return prob_bloom_reduce(hash, block_count);
}

/* The item's k bit indexes inside its block, into pos[0 .. k - 1] (k <= 32). */
static inline void
prob_bloom_block_bits(uint64_t hash, uint32_t hash_count, uint64_t *pos)
{
	uint64_t	s = prob_bloom_segment_bits(hash_count);
	uint32_t	i;

	for (i = 0; i < hash_count; i += 2)
	{
		uint64_t	w = prob_bloom_fmix64(hash + (uint64_t) (i / 2 + 1) * PROB_BLOOM_GOLDEN);

		pos[i] = i * s + (((w & 0xFFFFFFFFu) * s) >> 32);
		if (i + 1 < hash_count)
			pos[i + 1] = (i + 1) * s + (((w >> 32) * s) >> 32);
	}
}

static inline const uint8_t *
prob_bloom_block_of(const uint8_t *bits, uint64_t block_count, uint64_t hash)
{
	return bits + prob_bloom_block_index(hash, block_count) * PROB_BLOOM_BLOCK_BYTES;
}

/*
 * A block inside a PostgreSQL value is not aligned to a cache line: it spans
 * two. Ask for both before the positions are computed, so the misses overlap.
 */
static inline void
prob_bloom_prefetch_block(const uint8_t *block)
{
	__builtin_prefetch(block);
	__builtin_prefetch(block + PROB_BLOOM_BLOCK_BYTES - 1);
}

/* The item's block, its loads started, and its k bit indexes in it. */
static inline uint8_t *
prob_bloom_block_locate(const uint8_t *bits, uint64_t block_count, uint32_t hash_count, uint64_t hash,
						uint64_t *pos)
{
	const uint8_t *block = prob_bloom_block_of(bits, block_count, hash);

	prob_bloom_prefetch_block(block);
	prob_bloom_block_bits(hash, hash_count, pos);
	return (uint8_t *) block;
}

/* The item's k bits are all set in a blocked layer of block_count blocks. */
static inline bool
prob_bloom_block_test(const uint8_t *bits, uint64_t block_count, uint32_t hash_count, uint64_t hash)
{
	uint64_t	pos[PROB_BLOOM_MAX_BLOCKED_HASHES];
	const uint8_t *block = prob_bloom_block_locate(bits, block_count, hash_count, hash, pos);

	return prob_bloom_all_set(block, pos, hash_count);
}

/* Sets the item's k bits in a blocked layer; returns how many were clear. */
static inline uint64_t
prob_bloom_block_set(uint8_t *bits, uint64_t block_count, uint32_t hash_count, uint64_t hash)
{
	uint64_t	pos[PROB_BLOOM_MAX_BLOCKED_HASHES];
	uint8_t    *block = prob_bloom_block_locate(bits, block_count, hash_count, hash, pos);

	return prob_bloom_set_all(block, pos, hash_count);
}

/*
 * A filter read once for many probes: where each layer's bits are and what
 * positions them, and the seed values are hashed under. The pointers point
 * into the value it was prepared from (prob_bloom_probe_prepare), which must
 * outlive it.
 */
typedef struct ProbBloomProbeLayer
{
	const uint8_t *bits;
	uint64_t	bit_count;
	uint64_t	block_count;	/* blocked layers: bit_count / 512 */
	uint32_t	hash_count;
} ProbBloomProbeLayer;

typedef struct ProbBloomProbe
{
	uint64_t	seed;
	uint8_t		hash_id;
	bool		blocked;
	int			layer_count;
	ProbBloomProbeLayer layers[PROB_BLOOM_PROBE_MAX_LAYERS];
} ProbBloomProbe;

static inline bool
prob_bloom_probe_layer(const ProbBloomProbeLayer *l, bool blocked, uint64_t hash)
{
	return blocked ? prob_bloom_block_test(l->bits, l->block_count, l->hash_count, hash)
		: prob_bloom_unblocked_test(l->bits, l->bit_count, l->hash_count, hash);
}

/*
 * A layer's header (FORMAT.md 4.2) is the 32 bytes before its bits; its
 * population, a little-endian u64 at byte 16, is kept current by every add.
 */
#define PROB_BLOOM_LAYER_HEADER_SIZE 32
#define PROB_BLOOM_LAYER_BITS_SET_OFFSET 16

/* Sets the item's bits in a layer; returns how many were clear. */
static inline uint64_t
prob_bloom_layer_set(uint8_t *bits, const ProbBloomProbeLayer *l, bool blocked, uint64_t hash)
{
	return blocked ? prob_bloom_block_set(bits, l->block_count, l->hash_count, hash)
		: prob_bloom_unblocked_set(bits, l->bit_count, l->hash_count, hash);
}

/* Adds newly_set to the stored population of the layer whose bits start at bits. */
static inline void
prob_bloom_layer_count(uint8_t *bits, uint64_t newly_set)
{
	uint8_t    *p = bits - PROB_BLOOM_LAYER_HEADER_SIZE + PROB_BLOOM_LAYER_BITS_SET_OFFSET;

	if (newly_set != 0)
		prob_store_le64(p, prob_load_le64(p) + newly_set);
}

/*
 * Adds an item to a layer of a writable value in place: sets its bits and
 * adds those that were clear to the layer's stored population.
 */
static inline void
prob_bloom_layer_add(uint8_t *bits, const ProbBloomProbeLayer *l, bool blocked, uint64_t hash)
{
	prob_bloom_layer_count(bits, prob_bloom_layer_set(bits, l, blocked, hash));
}

/*
 * An aggregate's working state (FORMAT.md 4.14, bloom.hpp): a fixed or
 * blocked filter whose header's layout byte has PROB_BLOOM_BUILDING_FLAG
 * set, followed by a pending buffer: u32 count, u32 slots, then `slots`
 * u64 hashes of which the first `count` are not yet in the bits. In the
 * server's byte order: it never leaves the aggregate (final, combine and
 * output functions apply the pending hashes first) and every other reader
 * refuses it. An add appends its hash and starts the loads of the lines it
 * will set; the buffer is applied when full, by which time the early lines
 * are in cache and the late ones in flight together, instead of one miss
 * after another, row after row.
 */
#define PROB_BLOOM_BUILDING_FLAG 0x80
#define PROB_BLOOM_PENDING_HEADER_SIZE 8
#define PROB_BLOOM_PENDING_SLOTS 32

/* Starts the loads, for writing, of the lines an add of hash will set. */
static inline void
prob_bloom_prefetch_add(const uint8_t *bits, const ProbBloomProbeLayer *l, bool blocked, uint64_t hash)
{
	if (blocked)
	{
		const uint8_t *block = prob_bloom_block_of(bits, l->block_count, hash);

		__builtin_prefetch(block, 1);
		__builtin_prefetch(block + PROB_BLOOM_BLOCK_BYTES - 1, 1);
	}
	else
	{
		ProbBloomPositions positions;
		uint32_t	i;

		prob_bloom_positions_init(&positions, hash, l->bit_count);
		for (i = 0; i < l->hash_count; i++)
			__builtin_prefetch(bits + (prob_bloom_positions_next(&positions) >> 3), 1);
	}
}

static inline uint32_t
prob_bloom_pending_u32(const uint8_t *p)
{
	uint32_t	v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint64_t
prob_bloom_pending_hash(const uint8_t *pending, uint32_t i)
{
	uint64_t	h;

	memcpy(&h, pending + PROB_BLOOM_PENDING_HEADER_SIZE + 8 * (size_t) i, sizeof h);
	return h;
}

/*
 * Sets the bits of a working state's pending hashes in a layer (its own, or
 * a copy's). The population is updated once for them all: updated per hash,
 * each update would wait for that hash's lines and the next hash's update for
 * it, a chain through the whole batch that undoes the batch's overlapping of
 * misses (bench/RESULTS.md, bench/bloom.sh).
 */
static inline void
prob_bloom_pending_set_bits(uint8_t *bits, const ProbBloomProbeLayer *l, bool blocked, const uint8_t *pending)
{
	uint32_t	count = prob_bloom_pending_u32(pending);
	uint64_t	newly_set = 0;
	uint32_t	i;

	for (i = 0; i < count; i++)
		newly_set += prob_bloom_layer_set(bits, l, blocked, prob_bloom_pending_hash(pending, i));
	prob_bloom_layer_count(bits, newly_set);
}

/* Applies a working state's pending hashes to its layer and empties the buffer. */
static inline void
prob_bloom_pending_apply(uint8_t *bits, const ProbBloomProbeLayer *l, bool blocked, uint8_t *pending)
{
	uint32_t	count = 0;

	prob_bloom_pending_set_bits(bits, l, blocked, pending);
	memcpy(pending, &count, sizeof count);
}

/* Adds hash to a working state: appended (its lines' loads started), and the buffer applied once full. */
static inline void
prob_bloom_pending_add(uint8_t *bits, const ProbBloomProbeLayer *l, bool blocked, uint8_t *pending, uint64_t hash)
{
	uint32_t	count = prob_bloom_pending_u32(pending);

	prob_bloom_prefetch_add(bits, l, blocked, hash);
	memcpy(pending + PROB_BLOOM_PENDING_HEADER_SIZE + 8 * (size_t) count, &hash, sizeof hash);
	count++;
	memcpy(pending, &count, sizeof count);
	if (count == prob_bloom_pending_u32(pending + 4))
		prob_bloom_pending_apply(bits, l, blocked, pending);
}

/*
 * Where an aggregate's state keeps what a row's add touches: its one layer's
 * bits and, in a working state, the pending buffer, as offsets into the
 * state's bytes. Every state of the same parameters has the same size and
 * offsets, so one site, read from a group's first state, serves the states
 * of every group of a call site (state_size says which); a scalable filter,
 * which may grow, has no site (state_size 0). Filled by the C face
 * (prob_bloom_add_site): the layout of a state is the core's alone.
 */
typedef struct ProbBloomAddSite
{
	size_t		state_size;		/* the bytes of the states it serves; 0: none */
	size_t		bits_offset;
	size_t		pending_offset; /* 0: the states are filters */
	bool		blocked;
	ProbBloomProbeLayer layer;	/* the layer's geometry (its bits pointer is not used) */
} ProbBloomAddSite;

/* Adds hash to a state that site serves (size site->state_size), in place. */
static inline void
prob_bloom_site_add(uint8_t *state, const ProbBloomAddSite *site, uint64_t hash)
{
	uint8_t    *bits = state + site->bits_offset;

	if (site->pending_offset != 0)
		prob_bloom_pending_add(bits, &site->layer, site->blocked, state + site->pending_offset, hash);
	else
		prob_bloom_layer_add(bits, &site->layer, site->blocked, hash);
}

/* Membership: the hash is in at least one layer (or a false positive). */
static inline bool
prob_bloom_probe_contains(const ProbBloomProbe *p, uint64_t hash)
{
	int			i;

	for (i = 0; i < p->layer_count; i++)
		if (prob_bloom_probe_layer(&p->layers[i], p->blocked, hash))
			return true;
	return false;
}

#endif							/* PROBABILISTIC_BLOOM_PROBE_H */
