/*
 * What differs between the PostgreSQL versions we build against (15 to 18),
 * in one place: every file of the PostgreSQL layer includes postgres.h
 * through this header, and no other file tests PG_VERSION_NUM.
 */
#ifndef PROBABILISTIC_COMPAT_H
#define PROBABILISTIC_COMPAT_H

#include "postgres.h"

/* 16 moved the varlena macros (VARDATA_ANY, VARATT_IS_EXTENDED, ...) out of postgres.h. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * 18 dropped pg_attribute_noreturn(), which went after a declaration, for
 * pg_noreturn, which goes in front. PROB_NORETURN goes in front on every version.
 */
#if PG_VERSION_NUM >= 180000
#define PROB_NORETURN pg_noreturn
#else
#define PROB_NORETURN
#define PROB_NORETURN_AFTER pg_attribute_noreturn()
#endif
#ifndef PROB_NORETURN_AFTER
#define PROB_NORETURN_AFTER
#endif

/*
 * 18's get_ordering_op_properties reports a CompareType (COMPARE_LT, COMPARE_GT)
 * where earlier versions report a btree strategy number (int16); the numbers are
 * the same (BTLessStrategyNumber 1, BTGreaterStrategyNumber 5).
 */
#if PG_VERSION_NUM >= 180000
#include "access/cmptype.h"
typedef CompareType ProbOrderingStrategy;
#else
typedef int16 ProbOrderingStrategy;
#endif

#endif							/* PROBABILISTIC_COMPAT_H */
