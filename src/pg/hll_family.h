/*
 * hll values of other systems' hash families (core/hll_family.hpp), in
 * PostgreSQL: hll_import, hll_export, and SQL values hashed the producer's way.
 */
#ifndef PROBABILISTIC_HLL_FAMILY_H
#define PROBABILISTIC_HLL_FAMILY_H

#include "probabilistic.h"

/* The stored value is of another system's hash family (header byte 2). */
extern bool hll_value_is_foreign(const struct varlena *v);

/* hll_add(v, argument 1) for such a value: the argument hashed as the family's producer hashes it. */
extern Datum hll_family_add(FunctionCallInfo fcinfo, struct varlena *v);

/* hll.c: the canonical value of what may be an aggregate's working state. */
extern struct varlena *hll_finished(struct varlena *v);

#endif							/* PROBABILISTIC_HLL_FAMILY_H */
