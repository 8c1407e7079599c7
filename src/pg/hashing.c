/*
 * Canonical hashing of SQL values: the bytes each type is hashed from
 * (doc/FORMAT.md), so equal values hash equal across int2/int4/int8,
 * float/numeric spellings and text types.
 */
#include "hashing.h"

#include <errno.h>
#include <stdlib.h>

#include "catalog/pg_type.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

void
prob_hash_type_init(ProbHashType *type, Oid typid)
{
	Oid			base = getBaseType(typid);
	bool		byval;

	type->typid = typid;
	get_typlenbyval(base, &type->typlen, &byval);
	switch (base)
	{
		case INT2OID:
		case INT4OID:
		case INT8OID:
			type->kind = PROB_HASH_INTEGER;
			break;
		case FLOAT4OID:
			type->kind = PROB_HASH_FLOAT4;
			break;
		case FLOAT8OID:
			type->kind = PROB_HASH_FLOAT8;
			break;
		case NUMERICOID:
			type->kind = PROB_HASH_NUMERIC;
			break;
		case TEXTOID:
		case VARCHAROID:
			type->kind = PROB_HASH_TEXT;
			break;
		case BPCHAROID:
			type->kind = PROB_HASH_BPCHAR;
			break;
		case BYTEAOID:
			type->kind = PROB_HASH_BYTEA;
			break;
		case UUIDOID:
			type->kind = PROB_HASH_UUID;
			break;
		case DATEOID:
			type->kind = PROB_HASH_DATE;
			break;
		case TIMESTAMPOID:
		case TIMESTAMPTZOID:
			type->kind = PROB_HASH_TIMESTAMP;
			break;
		case BOOLOID:
			type->kind = PROB_HASH_BOOL;
			break;
		default:
			if (byval)
				type->kind = PROB_HASH_FALLBACK_BYVAL;
			else if (type->typlen > 0)
				type->kind = PROB_HASH_FALLBACK_FIXED;
			else if (type->typlen == -1)
				type->kind = PROB_HASH_FALLBACK_VARLENA;
			else
				type->kind = PROB_HASH_FALLBACK_CSTRING;
			break;
	}
}

static uint64
hash_varlena_bytes(Datum value, uint64 seed)
{
	struct varlena *v = PG_DETOAST_DATUM_PACKED(value);
	uint64		h = prob_hash_bytes(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), seed);

	if ((Pointer) v != DatumGetPointer(value))
		pfree(v);
	return h;
}

/* Integral numerics in int64 range hash as integers; the rest as their normalised decimal text. */
static uint64
hash_canonical_numeric(Datum value, uint64 seed)
{
	Numeric		num = DatumGetNumeric(value);
	char	   *text = numeric_normalize(num);
	uint64		h;

	if (strchr(text, '.') == NULL && !numeric_is_nan(num) && !numeric_is_inf(num))
	{
		char	   *end;
		long long	v;

		errno = 0;
		v = strtoll(text, &end, 10);
		if (errno == 0 && *end == '\0')
		{
			pfree(text);
			return prob_hash_int64((int64_t) v, seed);
		}
	}
	h = prob_hash_bytes(text, strlen(text), seed);
	pfree(text);
	return h;
}

uint64
prob_hash_datum(const ProbHashType *type, Datum value, uint64 seed)
{
	int64		integer;

	if (prob_datum_as_int64(type, value, &integer))
		return prob_hash_int64(integer, seed);
	switch (type->kind)
	{
		case PROB_HASH_FLOAT4:
			return prob_hash_float8((double) DatumGetFloat4(value), seed);
		case PROB_HASH_FLOAT8:
			return prob_hash_float8(DatumGetFloat8(value), seed);
		case PROB_HASH_NUMERIC:
			return hash_canonical_numeric(value, seed);
		case PROB_HASH_TEXT:
		case PROB_HASH_BYTEA:
		case PROB_HASH_FALLBACK_VARLENA:
			return hash_varlena_bytes(value, seed);
		case PROB_HASH_BPCHAR:
			{
				/* char(n) compares without trailing blanks, so it hashes without them. */
				BpChar	   *v = PG_DETOAST_DATUM_PACKED(value);
				const char *s = VARDATA_ANY(v);
				size_t		n = VARSIZE_ANY_EXHDR(v);

				while (n > 0 && s[n - 1] == ' ')
					n--;
				return prob_hash_bytes(s, n, seed);
			}
		case PROB_HASH_UUID:
			return prob_hash_bytes(DatumGetUUIDP(value)->data, UUID_LEN, seed);
		case PROB_HASH_INTEGER:
		case PROB_HASH_DATE:
		case PROB_HASH_TIMESTAMP:
		case PROB_HASH_BOOL:
			break;				/* handled above */
		case PROB_HASH_FALLBACK_BYVAL:
			{
				/* The value's typlen low-order bytes, little-endian. */
				uint8		bytes[8];
				uint64		v = (uint64) value;
				int			i;

				for (i = 0; i < type->typlen; i++)
					bytes[i] = (uint8) (v >> (8 * i));
				return prob_hash_bytes(bytes, type->typlen, seed);
			}
		case PROB_HASH_FALLBACK_FIXED:
			return prob_hash_bytes(DatumGetPointer(value), type->typlen, seed);
		case PROB_HASH_FALLBACK_CSTRING:
			return prob_hash_bytes(DatumGetCString(value), strlen(DatumGetCString(value)), seed);
	}
	pg_unreachable();
}

const ProbHashType *
prob_arg_hash_type(FunctionCallInfo fcinfo, int argno, ProbHashType *cache)
{
	Oid			typid;

	if (OidIsValid(cache->typid))
		return cache;
	typid = get_fn_expr_argtype(fcinfo->flinfo, argno);
	if (!OidIsValid(typid))
	{
		/* Citus calls transition functions without the call expression. */
		Oid		   *argtypes;
		int			nargs;

		get_func_signature(fcinfo->flinfo->fn_oid, &argtypes, &nargs);
		if (argno < nargs && !IsPolymorphicType(argtypes[argno]))
			typid = argtypes[argno];
		if (!OidIsValid(typid))
			ereport(ERROR,
					(errcode(ERRCODE_INDETERMINATE_DATATYPE),
					 errmsg("could not determine the type of the value to hash"),
					 errdetail("The caller passed no call expression, so the type of an anyelement argument is unknown."),
					 errhint("Cast the argument to a concrete type such as bigint, text or uuid, which have their own overloads.")));
	}
	prob_hash_type_init(cache, typid);
	return cache;
}

PG_FUNCTION_INFO_V1(sketch_hash);
Datum
sketch_hash(PG_FUNCTION_ARGS)
{
	const ProbHashType *type = prob_arg_hash_type_cached(fcinfo, 0);
	uint64		seed = PG_NARGS() > 1 ? (uint64) PG_GETARG_INT64(1) : 0;

	PG_RETURN_INT64((int64) prob_hash_datum(type, PG_GETARG_DATUM(0), seed));
}
