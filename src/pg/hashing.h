/*
 * Canonical hashing of SQL values (hashing.c): which bytes or integer each
 * type is hashed from (doc/FORMAT.md section 2), and the type of a function's
 * argument, resolved once per call site. The one rule: values equal under
 * the type's default equality hash equal, in every function and aggregate.
 */
#ifndef PROBABILISTIC_HASHING_H
#define PROBABILISTIC_HASHING_H

#include "probabilistic.h"

/* The rules of hash id 1 (0.1.0 and 0.2.0); values keep the id they were built with. */
#define PROB_HASH_ID_V1 1

typedef enum ProbHashKind
{
	/* Portable rules (FORMAT.md 2.1): a client can reproduce them. */
	PROB_HASH_INTEGER,			/* int2, int4, int8 */
	PROB_HASH_FLOAT4,
	PROB_HASH_FLOAT8,
	PROB_HASH_NUMERIC,
	PROB_HASH_TEXT,				/* text, varchar whose stored bytes are its UTF-8 form */
	PROB_HASH_TEXT_UTF8,		/* text, varchar in a database of another encoding */
	PROB_HASH_BPCHAR,
	PROB_HASH_NAME,
	PROB_HASH_CHAR,				/* "char", as its text form */
	PROB_HASH_BYTEA,
	PROB_HASH_UUID,
	PROB_HASH_DATE,
	PROB_HASH_TIMESTAMP,		/* timestamp, timestamptz */
	PROB_HASH_BOOL,
	PROB_HASH_ENUM,				/* its label */
	PROB_HASH_ARRAY,			/* dimensions, then element by element */
	/* PostgreSQL-internal (FORMAT.md 2.3): the default hash opclass's extended hash. */
	PROB_HASH_OPCLASS
} ProbHashKind;

struct ProbValueRule;

typedef struct ProbHashType
{
	Oid			typid;			/* as called (may be a domain); InvalidOid: unresolved */
	Oid			collation;
	ProbHashKind kind;
	int16		typlen;
	bool		same_as_hash_id_1;	/* hashes as hash id 1 did */
	/* The kind a sketch of these values records (kind.hpp, FORMAT.md 2.5). */
	uint16		value_kind;
	/* How these values are hashed against the last sketch prepared for (prob_hash_prepare). */
	struct ProbValueRule *rule;
	MemoryContext mcxt;			/* where the rule lives: the caller's, outliving the type */
	int32		record_typmod_checked;	/* an anonymous record's row type whose fields hash */
	/* PROB_HASH_ARRAY */
	struct ProbHashType *element;
	int16		elmlen;
	bool		elmbyval;
	char		elmalign;
	/* PROB_HASH_OPCLASS: the type's HASHEXTENDED_PROC */
	FmgrInfo	hash_extended;
} ProbHashType;

/* Resolves the rule of typid under collation; lookups live in mcxt. */
extern void prob_hash_type_init(ProbHashType *type, Oid typid, Oid collation,
								MemoryContext mcxt);
extern uint64 prob_hash_datum(const ProbHashType *type, Datum value, uint64 seed);

/*
 * Before adding values of type to, or probing, an existing sketch (the
 * header of any of our values, with its hash id and kind): resolves how
 * they are compared with the values the sketch holds, as PostgreSQL's "="
 * between the two types would compare them (FORMAT.md 2.5), and keeps that
 * rule in type for prob_hash_for_sketch. Raises when the sketch's hash id
 * hashed this type otherwise, or when "=" between the sketch's values and
 * these is not one a hash can answer (naming both types and the cast to use).
 */
extern void prob_hash_prepare(const ProbHashType *type, const struct varlena *sketch);

/* True when the prepared rule hashes values by their own rule (prob_hash_datum). */
extern bool prob_hash_prepared_own(const ProbHashType *type);

/*
 * A kind as *_info shows it, a JSON value: null when none is recorded, the
 * family's type ("bigint" for every integer type), "other" or "mixed".
 */
extern char *prob_kind_json(uint16 kind);
/* The same in words: "bigint values", "values of several types". */
extern char *prob_kind_values_text(uint16 kind);

/* The kind of the sketch last prepared for. */
extern uint16 prob_hash_prepared_kind(const ProbHashType *type);

/*
 * The hash of value against the sketch last prepared for, under seed. An add
 * (adding) must leave a value that every later probe "=" calls equal to it
 * finds: one no value of the sketch's kind equals (2.5 for integers, a
 * non-midnight timestamp for dates) is refused rather than hashed.
 */
extern uint64 prob_hash_for_sketch(const ProbHashType *type, Datum value, uint64 seed, bool adding);

/*
 * The canonical integer of integer-like kinds (integers, date, timestamps,
 * bool), so per-row paths can hand the core an int64 to hash and add in one call.
 */
static inline bool
prob_datum_as_int64(const ProbHashType *type, Datum value, int64 *out)
{
	switch (type->kind)
	{
		case PROB_HASH_INTEGER:
			*out = type->typlen == 2 ? DatumGetInt16(value) :
				type->typlen == 4 ? DatumGetInt32(value) : DatumGetInt64(value);
			return true;
		case PROB_HASH_DATE:
			*out = DatumGetInt32(value);
			return true;
		case PROB_HASH_TIMESTAMP:
			*out = DatumGetInt64(value);
			return true;
		case PROB_HASH_BOOL:
			*out = DatumGetBool(value) ? 1 : 0;
			return true;
		default:
			return false;
	}
}

/*
 * The hashing rule for argument argno, cached in *cache (typid InvalidOid
 * means not yet resolved). The type comes from the call expression, or,
 * where a caller such as Citus passes none, from the function's declared
 * argument type; a polymorphic argument with neither is an error. The
 * collation is the call's.
 */
extern const ProbHashType *prob_arg_hash_type(FunctionCallInfo fcinfo, int argno,
											  ProbHashType *cache);
/* The type of argument argno, resolved as prob_arg_hash_type resolves it (without its rule). */
extern Oid	prob_arg_type(FunctionCallInfo fcinfo, int argno);

/*
 * The kind of the values an aggregate's final function sees hashed: that of
 * the aggregate call's first argument (0 when the call cannot be seen).
 */
extern uint16 prob_aggregate_value_kind(FunctionCallInfo fcinfo);

/*
 * A value of a numeric input type (smallint, integer, bigint, real, double
 * precision, numeric) as float8, for the aggregates that read numbers
 * (ddsketch_agg, kll_agg: named in the error for any other type).
 */
extern double prob_datum_as_float8(Oid type, Datum d, const char *aggregate);

/*
 * fn_extra of a function that needs nothing else there: the hashing rule of
 * one argument and, for a transition function, whether the call's
 * parameters are constants, so that a row with constant
 * parameters is not checked against the state.
 */
typedef struct ProbArgCache
{
	ProbHashType hash_type;
	bool		params_known;	/* params_constant is set (prob_agg_params_constant) */
	bool		params_constant;
	bool		working_known;	/* working is set */
	bool		working;		/* states may be working states (sketch.h) */
	uint8		family;			/* hll_add_agg(x, p, family): its hash id, 0 until known */
	bool		call_checked;	/* the call as written passed its checks (agebloom_agg's time) */
} ProbArgCache;

static inline ProbArgCache *
prob_arg_cache(FunctionCallInfo fcinfo)
{
	ProbArgCache *cache = (ProbArgCache *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL))
		return cache;
	fcinfo->flinfo->fn_extra = cache =
		MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(ProbArgCache));
	return cache;
}

static inline const ProbHashType *
prob_arg_hash_type_cached(FunctionCallInfo fcinfo, int argno)
{
	ProbArgCache *cache = prob_arg_cache(fcinfo);

	if (likely(OidIsValid(cache->hash_type.typid)))
		return &cache->hash_type;
	return prob_arg_hash_type(fcinfo, argno, &cache->hash_type);
}

#endif							/* PROBABILISTIC_HASHING_H */
