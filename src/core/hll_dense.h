/*
 * hll's dense representation (doc/FORMAT.md): 2^p six-bit registers after
 * the 16-byte header, four packed into three bytes. Written in the subset of
 * C and C++ that both compile, so that the core (hll.hpp) and the
 * PostgreSQL layer's per-row path (through the C face, hll_capi.h) inline
 * one and the same code. Nothing here allocates, fails or throws.
 */
#ifndef PROBABILISTIC_HLL_DENSE_H
#define PROBABILISTIC_HLL_DENSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROB_HLL_TYPE_TAG 'H'
#define PROB_HLL_REPR_DENSE 2
#define PROB_HLL_HEADER_SIZE 16
#define PROB_HLL_MIN_PRECISION 4
#define PROB_HLL_MAX_PRECISION 18
#define PROB_HLL_DEFAULT_PRECISION 14

static inline size_t
prob_hll_dense_payload_size(int p)
{
	return ((size_t) 6 << p) / 8;
}

/* Largest register value at precision p: 64 - p hash bits, plus one for all-zero. */
static inline unsigned
prob_hll_max_rank(int p)
{
	return (unsigned) (65 - p);
}

/* The register a hash selects (its top p bits) and the rank it offers there. */
static inline uint32_t
prob_hll_dense_index(uint64_t hash, int p)
{
	return (uint32_t) (hash >> (64 - p));
}

static inline unsigned
prob_hll_dense_rank(uint64_t hash, int p)
{
	uint64_t	w = hash << p;

	return w == 0 ? prob_hll_max_rank(p) : (unsigned) __builtin_clzll(w) + 1;
}

/* Four 6-bit registers live in three bytes, least significant bits first. */
static inline unsigned
prob_hll_get_reg(const uint8_t *regs, size_t i)
{
	const uint8_t *g = regs + (i >> 2) * 3;
	uint32_t	w = g[0] | ((uint32_t) g[1] << 8) | ((uint32_t) g[2] << 16);

	return (w >> ((i & 3) * 6)) & 63u;
}

static inline void
prob_hll_set_reg(uint8_t *regs, size_t i, unsigned v)
{
	uint8_t    *g = regs + (i >> 2) * 3;
	uint32_t	w = g[0] | ((uint32_t) g[1] << 8) | ((uint32_t) g[2] << 16);
	unsigned	shift = (unsigned) (i & 3) * 6;

	w = (w & ~(63u << shift)) | ((uint32_t) (v & 63u) << shift);
	g[0] = (uint8_t) w;
	g[1] = (uint8_t) (w >> 8);
	g[2] = (uint8_t) (w >> 16);
}

/*
 * Adds a hash to a dense value in place, with only the checks that keep the
 * write inside the buffer; false when data is not a dense value.
 */
static inline bool
prob_hll_add_hash_dense(uint8_t *data, size_t size, uint64_t hash)
{
	int			p;
	size_t		i;
	unsigned	rank;

	if (size <= PROB_HLL_HEADER_SIZE || data[3] != PROB_HLL_REPR_DENSE || data[0] != PROB_HLL_TYPE_TAG)
		return false;
	p = data[4];
	if (p < PROB_HLL_MIN_PRECISION || p > PROB_HLL_MAX_PRECISION ||
		size != PROB_HLL_HEADER_SIZE + prob_hll_dense_payload_size(p))
		return false;
	i = prob_hll_dense_index(hash, p);
	rank = prob_hll_dense_rank(hash, p);
	if (prob_hll_get_reg(data + PROB_HLL_HEADER_SIZE, i) < rank)
		prob_hll_set_reg(data + PROB_HLL_HEADER_SIZE, i, rank);
	return true;
}

#endif							/* PROBABILISTIC_HLL_DENSE_H */
