/*
 * Canonical hashing of SQL values: the bytes each type is hashed from
 * (doc/FORMAT.md section 2). Values equal under the type's default equality
 * hash equal: the common types by portable encodings (equal across
 * int2/int4/int8, float/numeric spellings, text types and encodings), every
 * other type through its default hash operator class.
 */
#include "hashing.h"

#include "common.h"

#include <errno.h>
#include <stdlib.h>

#include "access/htup_details.h"
#include "catalog/pg_enum.h"
#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "nodes/execnodes.h"
#include "nodes/nodeFuncs.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"
#include "utils/uuid.h"

static void
store_le32(uint8 *out, uint32 v)
{
	for (int i = 0; i < 4; i++)
		out[i] = (uint8) (v >> (8 * i));
}

static void
store_le64(uint8 *out, uint64 v)
{
	for (int i = 0; i < 8; i++)
		out[i] = (uint8) (v >> (8 * i));
}

/* Where the database's bytes for a string are not its UTF-8 form (SQL_ASCII keeps its bytes). */
static bool
database_needs_utf8_conversion(void)
{
	int			encoding = GetDatabaseEncoding();

	return encoding != PG_UTF8 && encoding != PG_SQL_ASCII;
}

static void
init_opclass(ProbHashType *type, Oid base, MemoryContext mcxt)
{
	TypeCacheEntry *tc = lookup_type_cache(base, TYPECACHE_HASH_EXTENDED_PROC);
	Oid			proc = tc->hash_extended_proc;

	/*
	 * The type cache offers no hash for anonymous records (their fields are
	 * unknown until run time); hash_record_extended hashes them field by
	 * field and fails on a field type without hashing.
	 */
	if (base == RECORDOID)
		proc = F_HASH_RECORD_EXTENDED;
	if (!OidIsValid(proc))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_FUNCTION),
				 errmsg("values of type %s cannot be hashed", format_type_be(type->typid)),
				 errdetail("Sketches hash values so that values equal under \"=\" hash equal, which needs the type's default hash operator class; %s has none.",
						   format_type_be(base)),
				 errhint("Cast the value to a type that has one, such as text or jsonb.")));
	fmgr_info_cxt(proc, &type->hash_extended, mcxt);
	type->kind = PROB_HASH_OPCLASS;
}

void
prob_hash_type_init(ProbHashType *type, Oid typid, Oid collation, MemoryContext mcxt)
{
	Oid			base = getBaseType(typid);
	bool		byval;
	bool		deterministic;

	type->typid = typid;
	type->collation = collation;
	type->same_as_hash_id_1 = false;
	get_typlenbyval(base, &type->typlen, &byval);
	deterministic = !OidIsValid(collation) || !type_is_collatable(base) ||
		get_collation_isdeterministic(collation);
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
			type->kind = database_needs_utf8_conversion() ? PROB_HASH_TEXT_UTF8 : PROB_HASH_TEXT;
			break;
		case BPCHAROID:
			type->kind = PROB_HASH_BPCHAR;
			break;
		case NAMEOID:
			type->kind = PROB_HASH_NAME;
			break;
		case CHAROID:
			type->kind = PROB_HASH_CHAR;
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
			if (type_is_enum(base))
				type->kind = PROB_HASH_ENUM;
			else if (OidIsValid(get_element_type(base)) && type->typlen == -1)
			{
				Oid			elemtype = get_element_type(base);

				type->kind = PROB_HASH_ARRAY;
				get_typlenbyvalalign(elemtype, &type->elmlen, &type->elmbyval, &type->elmalign);
				type->element = MemoryContextAllocZero(mcxt, sizeof(ProbHashType));
				prob_hash_type_init(type->element, elemtype, collation, mcxt);
			}
			else
				init_opclass(type, base, mcxt);
			break;
	}
	/*
	 * Under a non-deterministic collation different strings compare equal.
	 * Hashing them through the collation would make them hash equal, but a
	 * sketch does not record the collation of the call that built it, and a
	 * probe under another one (a literal under the database's default) would
	 * miss: refused. (citext, and collations fixed by a composite or range
	 * type, hash through their opclass consistently.)
	 */
	if (!deterministic && (type->kind == PROB_HASH_TEXT || type->kind == PROB_HASH_TEXT_UTF8 ||
						   type->kind == PROB_HASH_BPCHAR || type->kind == PROB_HASH_NAME))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot hash %s under the non-deterministic collation \"%s\"",
						format_type_be(type->typid), get_collation_name(collation)),
				 errdetail("Strings that collation calls equal must hash equal, but a sketch does not record the collation it was built under, so probes under another collation would miss them."),
				 errhint("Hash the exact strings (x COLLATE \"C\") or a normalised form such as lower(x), the same way when building and probing, or use citext.")));
	switch (type->kind)
	{
		case PROB_HASH_INTEGER:
		case PROB_HASH_FLOAT4:
		case PROB_HASH_FLOAT8:
		case PROB_HASH_NUMERIC:
		case PROB_HASH_TEXT:
		case PROB_HASH_BYTEA:
		case PROB_HASH_UUID:
		case PROB_HASH_DATE:
		case PROB_HASH_TIMESTAMP:
		case PROB_HASH_BOOL:
			type->same_as_hash_id_1 = true;
			break;
		case PROB_HASH_BPCHAR:
			type->same_as_hash_id_1 = !database_needs_utf8_conversion();
			break;
		default:
			break;
	}
}

/* A string in the database encoding, hashed as its UTF-8 bytes. */
static uint64
hash_server_string(const char *s, size_t n, uint64 seed)
{
	char	   *utf8 = pg_server_to_any(s, (int) n, PG_UTF8);
	uint64		h;

	if (utf8 == s)
		return prob_hash_bytes(s, n, seed);
	h = prob_hash_bytes(utf8, strlen(utf8), seed);
	pfree(utf8);
	return h;
}

static uint64
hash_varlena_bytes(Datum value, bool as_string, uint64 seed)
{
	struct varlena *v = PG_DETOAST_DATUM_PACKED(value);
	uint64		h = as_string ? hash_server_string(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), seed) :
		prob_hash_bytes(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), seed);

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

/* "char" as its text form ("char"::text): none for 0, the byte if ASCII, else \ooo. */
static uint64
hash_char(char c, uint64 seed)
{
	unsigned char u = (unsigned char) c;
	char		form[4];

	if (u == 0)
		return prob_hash_bytes("", 0, seed);
	if (u < 0x80)
		return prob_hash_bytes(&c, 1, seed);
	form[0] = '\\';
	form[1] = '0' + ((u >> 6) & 3);
	form[2] = '0' + ((u >> 3) & 7);
	form[3] = '0' + (u & 7);
	return prob_hash_bytes(form, 4, seed);
}

static uint64
hash_enum_label(Datum value, uint64 seed)
{
	HeapTuple	tup = SearchSysCache1(ENUMOID, value);
	const char *label;
	uint64		h;

	if (!HeapTupleIsValid(tup))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid internal value for enum: %u", DatumGetObjectId(value))));
	label = NameStr(((Form_pg_enum) GETSTRUCT(tup))->enumlabel);
	h = hash_server_string(label, strlen(label), seed);
	ReleaseSysCache(tup);
	return h;
}

/*
 * u32 ndim; per dimension i32 length, i32 lower bound; then per element in
 * storage order 00 for NULL or 01 and the element's u64 hash under seed 0.
 * Little-endian, as array "=" compares dimensions, bounds and elements.
 */
static uint64
hash_array_elements(const ProbHashType *type, Datum value, uint64 seed)
{
	ArrayType  *array = DatumGetArrayTypeP(value);
	int			ndim = ARR_NDIM(array);
	Datum	   *elems;
	bool	   *nulls;
	int			n;
	uint8	   *bytes;
	size_t		len = 0;
	uint64		h;
	int			i;

	deconstruct_array(array, ARR_ELEMTYPE(array), type->elmlen, type->elmbyval, type->elmalign,
					  &elems, &nulls, &n);
	bytes = palloc(4 + 8 * (size_t) ndim + 9 * (size_t) n);
	store_le32(bytes, (uint32) ndim);
	len = 4;
	for (i = 0; i < ndim; i++)
	{
		store_le32(bytes + len, (uint32) ARR_DIMS(array)[i]);
		store_le32(bytes + len + 4, (uint32) ARR_LBOUND(array)[i]);
		len += 8;
	}
	for (i = 0; i < n; i++)
	{
		bytes[len++] = nulls[i] ? 0 : 1;
		if (!nulls[i])
		{
			store_le64(bytes + len, prob_hash_datum(type->element, elems[i], 0));
			len += 8;
		}
	}
	h = prob_hash_bytes(bytes, len, seed);
	pfree(bytes);
	pfree(elems);
	pfree(nulls);
	return h;
}

/* The opclass's extended hash under the seed, as 8 little-endian bytes hashed again with it. */
static uint64
hash_opclass(const ProbHashType *type, Datum value, uint64 seed)
{
	uint64		inner = DatumGetUInt64(FunctionCall2Coll((FmgrInfo *) &type->hash_extended,
														  type->collation, value,
														  Int64GetDatum((int64) seed)));
	uint8		bytes[8];

	store_le64(bytes, inner);
	return prob_hash_bytes(bytes, sizeof bytes, seed);
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
			return hash_varlena_bytes(value, false, seed);
		case PROB_HASH_TEXT_UTF8:
			return hash_varlena_bytes(value, true, seed);
		case PROB_HASH_BPCHAR:
			{
				/* char(n) compares without trailing blanks, so it hashes without them. */
				BpChar	   *v = PG_DETOAST_DATUM_PACKED(value);
				const char *s = VARDATA_ANY(v);
				size_t		n = VARSIZE_ANY_EXHDR(v);

				while (n > 0 && s[n - 1] == ' ')
					n--;
				return hash_server_string(s, n, seed);
			}
		case PROB_HASH_NAME:
			{
				const char *s = NameStr(*DatumGetName(value));

				return hash_server_string(s, strnlen(s, NAMEDATALEN), seed);
			}
		case PROB_HASH_CHAR:
			return hash_char(DatumGetChar(value), seed);
		case PROB_HASH_UUID:
			return prob_hash_bytes(DatumGetUUIDP(value)->data, UUID_LEN, seed);
		case PROB_HASH_ENUM:
			return hash_enum_label(value, seed);
		case PROB_HASH_ARRAY:
			return hash_array_elements(type, value, seed);
		case PROB_HASH_OPCLASS:
			return hash_opclass(type, value, seed);
		case PROB_HASH_INTEGER:
		case PROB_HASH_DATE:
		case PROB_HASH_TIMESTAMP:
		case PROB_HASH_BOOL:
			break;				/* handled above */
	}
	pg_unreachable();
}

void
prob_hash_check_sketch(const ProbHashType *type, const struct varlena *sketch)
{
	int			hash_id = ((const uint8 *) VARDATA_ANY(sketch))[2];

	if (hash_id != prob_hash_id() && !(hash_id == PROB_HASH_ID_V1 && type->same_as_hash_id_1))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("this sketch was built under hash id %d, which hashed type %s differently",
						hash_id, format_type_be(type->typid)),
				 errdetail("Adding or probing it now would hash the value by other rules and could miss values it holds."),
				 errhint("Rebuild the sketch from its values with this version (see the README, \"Upgrading\").")));
}

/* The type of expr before implicit binary-compatible casts (a citext column passed as text). */
static Oid
type_as_written(Node *expr)
{
	while (expr != NULL && IsA(expr, RelabelType) &&
		   ((RelabelType *) expr)->relabelformat == COERCE_IMPLICIT_CAST)
		expr = (Node *) ((RelabelType *) expr)->arg;
	return expr != NULL ? exprType(expr) : InvalidOid;
}

typedef struct WrittenType
{
	int			argno;			/* of the aggregate call */
	Oid			typid;			/* as passed to the transition function */
	Oid			written;		/* InvalidOid until a call was seen */
} WrittenType;

static void
note_written_type(void *arg, Oid aggfnoid, List *args)
{
	WrittenType *w = (WrittenType *) arg;
	Node	   *expr;
	Oid			candidate;

	if (w->argno >= list_length(args))
		return;
	expr = (Node *) list_nth(args, w->argno);
	if (exprType(expr) != w->typid)
		return;
	candidate = type_as_written(expr);
	if (OidIsValid(w->written) && candidate != w->written)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot tell whether to hash a window aggregate's argument as %s or %s",
						format_type_be(w->written), format_type_be(candidate)),
				 errhint("Cast the arguments explicitly to the type whose equality they should follow.")));
	w->written = candidate;
}

/*
 * A typed aggregate overload (bloom_agg(text), hll_add_agg(text), ...) is
 * also chosen for a type that casts to it implicitly without a function, such
 * as citext to text. The value is then hashed by the type it has as written,
 * since that type's "=" is what the probes with bloom_contains, @> and
 * hll_add (anyelement) see. Argument argno of a transition function is
 * argument argno - 1 of its aggregate. In a window, the WindowFunc calling
 * this transition function is not known: all of them that could must agree.
 */
static Oid
aggregate_arg_type_as_written(FunctionCallInfo fcinfo, int argno, Oid typid)
{
	WrittenType w = {argno - 1, typid, InvalidOid};

	if (argno < 1)
		return typid;
	(void) prob_visit_aggregate_calls(fcinfo, note_written_type, &w);
	return OidIsValid(w.written) ? w.written : typid;
}

const ProbHashType *
prob_arg_hash_type(FunctionCallInfo fcinfo, int argno, ProbHashType *cache)
{
	Oid			typid;

	if (OidIsValid(cache->typid))
		return cache;
	typid = get_fn_expr_argtype(fcinfo->flinfo, argno);
	if (OidIsValid(typid))
		typid = aggregate_arg_type_as_written(fcinfo, argno, typid);
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
	prob_hash_type_init(cache, typid, PG_GET_COLLATION(), fcinfo->flinfo->fn_mcxt);
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
