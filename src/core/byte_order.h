/*
 * Little-endian loads and stores, the byte order of every stored format,
 * independent of the host's: in C, for the core (core.hpp, bloom_probe.h)
 * and the PostgreSQL layer (hashing.c's canonical bytes) alike. On a
 * little-endian host each is a single move: a byte-wise store followed by a
 * wide load stalls store-to-load forwarding on the per-row hashing path.
 */
#ifndef PROBABILISTIC_BYTE_ORDER_H
#define PROBABILISTIC_BYTE_ORDER_H

#include <stdint.h>
#include <string.h>

#define PROB_LITTLE_ENDIAN_HOST (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)

static inline uint32_t
prob_load_le32(const uint8_t *p)
{
	uint32_t	v;

	if (PROB_LITTLE_ENDIAN_HOST)
	{
		memcpy(&v, p, sizeof v);
		return v;
	}
	return (uint32_t) p[0] | ((uint32_t) p[1] << 8) | ((uint32_t) p[2] << 16) | ((uint32_t) p[3] << 24);
}

static inline uint64_t
prob_load_le64(const uint8_t *p)
{
	uint64_t	v;

	if (PROB_LITTLE_ENDIAN_HOST)
	{
		memcpy(&v, p, sizeof v);
		return v;
	}
	return (uint64_t) prob_load_le32(p) | ((uint64_t) prob_load_le32(p + 4) << 32);
}

static inline void
prob_store_le32(uint8_t *p, uint32_t v)
{
	if (PROB_LITTLE_ENDIAN_HOST)
	{
		memcpy(p, &v, sizeof v);
		return;
	}
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t) (v >> (8 * i));
}

static inline void
prob_store_le64(uint8_t *p, uint64_t v)
{
	if (PROB_LITTLE_ENDIAN_HOST)
	{
		memcpy(p, &v, sizeof v);
		return;
	}
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t) (v >> (8 * i));
}

#endif							/* PROBABILISTIC_BYTE_ORDER_H */
