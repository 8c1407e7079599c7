/*
 * A binary fuse filter's per-key rules (doc/FORMAT.md 12): a hash's mix at an
 * attempt, its three positions and fingerprint, an f-bit entry of the packed
 * array, and the membership test of one hash against a value whose header
 * was checked (fuse::parse_trusted). Written in the subset of C and C++ that
 * both compile, so that the core (fuse.hpp, fuse.cpp) and the PostgreSQL
 * layer's per-call probe (fuse.c, through a ProbFuseProbe the C face prepares
 * once per filter) inline one and the same code. Nothing here allocates,
 * fails or throws.
 */
#ifndef PROBABILISTIC_FUSE_PROBE_H
#define PROBABILISTIC_FUSE_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bloom_probe.h"
#include "byte_order.h"

/* The form byte (header byte 3): a key set, a filter, an aggregate's working state. */
#define PROB_FUSE_FORM_KEYS 1
#define PROB_FUSE_FORM_FILTER 2
#define PROB_FUSE_FORM_WORKING 0x81

/* x: what a hash becomes at an attempt; the positions and the fingerprint come from it. */
static inline uint64_t
prob_fuse_mix(uint64_t hash, uint64_t attempt)
{
	return prob_bloom_fmix64(hash + (attempt + 1) * PROB_BLOOM_GOLDEN);
}

/* p0 in segments 0..C-1, p1 in the next segment, p2 in the one after: three different entries. */
static inline void
prob_fuse_positions(uint64_t x, uint64_t segment_length, uint64_t segment_count, uint64_t p[3])
{
	uint64_t	mask = segment_length - 1;

	p[0] = prob_bloom_reduce(x, segment_count * segment_length);
	p[1] = (p[0] + segment_length) ^ ((x >> 18) & mask);
	p[2] = (p[0] + 2 * segment_length) ^ (x & mask);
}

static inline uint32_t
prob_fuse_fingerprint(uint64_t x, unsigned f)
{
	return (uint32_t) ((x ^ (x >> 32)) & ((UINT64_C(1) << f) - 1));
}

/* Entry i of a packed array of `bytes` bytes, f bits an entry, least significant bit first. */
static inline uint32_t
prob_fuse_entry(const uint8_t *array, size_t bytes, uint64_t i, unsigned f)
{
	uint64_t	bit = i * f;
	size_t		at = (size_t) (bit >> 3);
	uint64_t	word = 0;

	if (at + 8 <= bytes)
		word = prob_load_le64(array + at);
	else
	{
		size_t		k;

		for (k = 0; at + k < bytes; k++)
			word |= (uint64_t) array[at + k] << (8 * k);
	}
	return (uint32_t) ((word >> (bit & 7)) & ((UINT64_C(1) << f) - 1));
}

/* A value's membership rules, read from its header once. */
typedef struct ProbFuseProbe
{
	uint64_t	seed;
	int			form;			/* PROB_FUSE_FORM_* */
	unsigned	fingerprint_bits;
	uint64_t	keys;			/* a working state's: hashes appended */
	uint64_t	segment_length;
	uint64_t	segment_count;
	uint64_t	attempt;
	const uint8_t *payload;		/* the bytes after the header */
	size_t		payload_bytes;
} ProbFuseProbe;

/* A filter's test of x at its positions: fp(x) = A[p0] ^ A[p1] ^ A[p2]. */
static inline bool
prob_fuse_filter_has(const ProbFuseProbe *probe, uint64_t x, const uint64_t p[3])
{
	unsigned	f = probe->fingerprint_bits;

	return (prob_fuse_entry(probe->payload, probe->payload_bytes, p[0], f) ^
			prob_fuse_entry(probe->payload, probe->payload_bytes, p[1], f) ^
			prob_fuse_entry(probe->payload, probe->payload_bytes, p[2], f)) == prob_fuse_fingerprint(x, f);
}

/* A filter: its test; a key set: binary search of its sorted hashes; a working state: a scan. */
static inline bool
prob_fuse_probe_contains(const ProbFuseProbe *probe, uint64_t hash)
{
	if (probe->form == PROB_FUSE_FORM_FILTER)
	{
		uint64_t	x,
					p[3];

		if (probe->keys == 0)
			return false;
		x = prob_fuse_mix(hash, probe->attempt);
		prob_fuse_positions(x, probe->segment_length, probe->segment_count, p);
		return prob_fuse_filter_has(probe, x, p);
	}
	if (probe->form == PROB_FUSE_FORM_KEYS)
	{
		uint64_t	lo = 0,
					hi = probe->keys;

		while (lo < hi)
		{
			uint64_t	mid = lo + (hi - lo) / 2;

			if (prob_load_le64(probe->payload + 8 * mid) < hash)
				lo = mid + 1;
			else
				hi = mid;
		}
		return lo < probe->keys && prob_load_le64(probe->payload + 8 * lo) == hash;
	}
	{
		uint64_t	i;

		for (i = 0; i < probe->keys; i++)
			if (prob_load_le64(probe->payload + 8 * i) == hash)
				return true;
		return false;
	}
}

#endif							/* PROBABILISTIC_FUSE_PROBE_H */
