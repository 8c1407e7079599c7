/*
 * The numbers of the kinds of values a sketch holds (doc/FORMAT.md 2.5), in
 * the subset of C and C++ that both compile, so that the core (kind.hpp) and
 * the PostgreSQL layer (src/pg/hashing.c, which finds a value's kind) share
 * one copy of the ranges and of the rule that numbers a type outside the
 * built-in catalog. Nothing here allocates, fails or throws.
 */
#ifndef PROBABILISTIC_KIND_H
#define PROBABILISTIC_KIND_H

#include <stdbool.h>
#include <stdint.h>

/* No kind recorded (a sketch with no value, or one built from hashes only). */
#define PROB_KIND_NONE 0
/* 1 ... 9999: a PostgreSQL built-in type, by its OID. */
#define PROB_KIND_MAX_BUILTIN 9999
/* 10000 ... 65533: a type outside the built-in catalog, numbered from its names. */
#define PROB_KIND_MIN_OUTSIDE 10000
#define PROB_KIND_MAX_OUTSIDE 0xFFFD
/* 0.5.0 to 0.8.0: a type outside the built-in catalog, not known which. */
#define PROB_KIND_OTHER 0xFFFE
/* Values of several kinds, unioned together. */
#define PROB_KIND_MIXED 0xFFFF

static inline bool
prob_kind_is_outside(uint16_t kind)
{
	return kind >= PROB_KIND_MIN_OUTSIDE && kind <= PROB_KIND_MAX_OUTSIDE;
}

/*
 * The kind of a type outside the built-in catalog from the XXH3-64 (seed 0)
 * of its identity (the bytes FORMAT.md 2.5 lists: its extension's name, a 0
 * byte, its name, "[]" for an array of it): 10000 + hash mod 55534.
 */
static inline uint16_t
prob_kind_outside_of_hash(uint64_t identity_hash)
{
	return (uint16_t) (PROB_KIND_MIN_OUTSIDE +
					   identity_hash % (uint64_t) (PROB_KIND_MAX_OUTSIDE - PROB_KIND_MIN_OUTSIDE + 1));
}

#endif							/* PROBABILISTIC_KIND_H */
