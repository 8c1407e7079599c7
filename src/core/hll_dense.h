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
/* Hash ids above this are other systems' families (hll_family.hpp), whose registers mean other things. */
#define PROB_HLL_OWN_HASH_ID_MAX 2

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

/*
 * Four 6-bit registers live in three bytes, least significant bits first.
 * Register i's six bits lie in the 16-bit little-endian word at byte
 * (i % 4) / 2 of its group, from bit 6 * (i % 4) - 8 * ((i % 4) / 2) (0, 6,
 * 4, 10): one two-byte access that never leaves the group.
 */
static inline uint8_t *
prob_hll_reg_word(const uint8_t *regs, size_t i, unsigned *shift)
{
	unsigned	k = (unsigned) (i & 3);

	*shift = 6 * k - 8 * (k >> 1);
	return (uint8_t *) regs + (i >> 2) * 3 + (k >> 1);
}

static inline unsigned
prob_hll_get_reg(const uint8_t *regs, size_t i)
{
	unsigned	shift;
	const uint8_t *w = prob_hll_reg_word(regs, i, &shift);

	return ((unsigned) (w[0] | (w[1] << 8)) >> shift) & 63u;
}

static inline void
prob_hll_set_reg(uint8_t *regs, size_t i, unsigned v)
{
	unsigned	shift;
	uint8_t    *w = prob_hll_reg_word(regs, i, &shift);
	unsigned	word = (unsigned) (w[0] | (w[1] << 8));

	word = (word & ~(63u << shift)) | ((v & 63u) << shift);
	w[0] = (uint8_t) word;
	w[1] = (uint8_t) (word >> 8);
}

/*
 * Adds a hash to a dense value in place, with only the checks that keep the
 * write inside the buffer; false when data is not a dense value of our own hashing.
 */
static inline bool
prob_hll_add_hash_dense(uint8_t *data, size_t size, uint64_t hash)
{
	int			p;
	size_t		i;
	unsigned	rank;

	if (size <= PROB_HLL_HEADER_SIZE || data[3] != PROB_HLL_REPR_DENSE || data[0] != PROB_HLL_TYPE_TAG ||
		data[2] > PROB_HLL_OWN_HASH_ID_MAX)
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
