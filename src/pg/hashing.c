/*
 * Canonical hashing of SQL values: the bytes each type is hashed from
 * (doc/FORMAT.md section 2). Values equal under the type's default equality
 * hash equal: the common types by portable encodings (equal across
 * int2/int4/int8, float/numeric spellings, text types and encodings), every
 * other type through its default hash operator class.
 */
#include "hashing.h"

#include "core/byte_order.h"
#include "core/kind.h"

#include "agg_calls.h"
#include "memory.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "access/htup_details.h"
#include "access/transam.h"
#include "catalog/dependency.h"
#include "catalog/pg_enum.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "executor/executor.h"
#include "mb/pg_wchar.h"
#include "nodes/execnodes.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "parser/parse_coerce.h"
#include "parser/parse_oper.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/fmgroids.h"
#include "utils/json.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"
#include "utils/uuid.h"

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

/*
 * The kind of a type outside the built-in catalog (FORMAT.md 2.5), the same
 * in every database and after a dump and restore: derived from names, never
 * from OIDs or schemas. Its identity is the UTF-8 bytes of the name of the
 * extension the type belongs to (none: no bytes), a 0 byte, the type's name,
 * then "[]" for an array of it; the kind is 10000 + XXH3-64 (seed 0) of the
 * identity modulo 55534 (core/kind.h).
 */
static uint16
outside_kind(Oid base, bool array)
{
	Oid			extension = getExtensionOfObject(TypeRelationId, base);
	char	   *extname = OidIsValid(extension) ? get_extension_name(extension) : NULL;
	HeapTuple	tup = SearchSysCache1(TYPEOID, ObjectIdGetDatum(base));
	StringInfoData identity;
	const char *name;
	char	   *utf8;

	if (!HeapTupleIsValid(tup))
		elog(ERROR, "cache lookup failed for type %u", base);
	initStringInfo(&identity);
	if (extname != NULL)
	{
		utf8 = pg_server_to_any(extname, (int) strlen(extname), PG_UTF8);
		appendStringInfoString(&identity, utf8);
	}
	appendStringInfoChar(&identity, '\0');
	name = NameStr(((Form_pg_type) GETSTRUCT(tup))->typname);
	utf8 = pg_server_to_any(name, (int) strlen(name), PG_UTF8);
	appendStringInfoString(&identity, utf8);
	ReleaseSysCache(tup);
	if (array)
		appendStringInfoString(&identity, "[]");
	return prob_kind_outside_of_hash(prob_hash_bytes(identity.data, identity.len, 0));
}

/* sketch_text's I/O is text's. */
PG_FUNCTION_INFO_V1(sketch_text_in);
Datum
sketch_text_in(PG_FUNCTION_ARGS)
{
	return textin(fcinfo);
}

PG_FUNCTION_INFO_V1(sketch_text_out);
Datum
sketch_text_out(PG_FUNCTION_ARGS)
{
	return textout(fcinfo);
}

PG_FUNCTION_INFO_V1(sketch_text_recv);
Datum
sketch_text_recv(PG_FUNCTION_ARGS)
{
	return textrecv(fcinfo);
}

PG_FUNCTION_INFO_V1(sketch_text_send);
Datum
sketch_text_send(PG_FUNCTION_ARGS)
{
	return textsend(fcinfo);
}

/*
 * sketch_text, the argument type of the string overloads of the aggregates
 * (text, varchar, char(n) and name convert to it implicitly; citext, whose
 * "=" is its own, does not, and takes the anyelement forms): it hashes as
 * text. Known by its input function, which is ours.
 */
static bool
is_sketch_text(Oid base)
{
	HeapTuple	tup = SearchSysCache1(TYPEOID, ObjectIdGetDatum(base));
	FmgrInfo	input;
	Oid			typinput;

	if (!HeapTupleIsValid(tup))
		return false;
	typinput = ((Form_pg_type) GETSTRUCT(tup))->typinput;
	ReleaseSysCache(tup);
	fmgr_info(typinput, &input);
	return input.fn_addr == sketch_text_in;
}

/*
 * The kind a sketch of these values records (FORMAT.md 2.5): the built-in
 * type that represents the family of types whose values compare (and hash)
 * alike, or the kind derived from the names of a type outside the built-in
 * catalog (outside_kind).
 */
static uint16
value_kind_of(const ProbHashType *type, Oid base)
{
	switch (type->kind)
	{
		case PROB_HASH_INTEGER:
			return INT8OID;
		case PROB_HASH_FLOAT4:
		case PROB_HASH_FLOAT8:
			return FLOAT8OID;
		case PROB_HASH_TEXT:
		case PROB_HASH_TEXT_UTF8:
		case PROB_HASH_BPCHAR:
		case PROB_HASH_NAME:
		case PROB_HASH_CHAR:
			return TEXTOID;
		case PROB_HASH_ENUM:
			return outside_kind(base, false);
		case PROB_HASH_ARRAY:
			{
				Oid			array = InvalidOid;

				if (type->element->value_kind <= PROB_KIND_MAX_BUILTIN)
					array = get_array_type(type->element->value_kind);
				return OidIsValid(array) && array < FirstGenbkiObjectId ? (uint16) array :
					outside_kind(getBaseType(type->element->typid), true);
			}
		default:
			break;
	}
	switch (base)
	{
		case OIDOID:
		case REGPROCOID:
		case REGPROCEDUREOID:
		case REGOPEROID:
		case REGOPERATOROID:
		case REGCLASSOID:
		case REGTYPEOID:
		case REGCONFIGOID:
		case REGDICTIONARYOID:
		case REGNAMESPACEOID:
		case REGROLEOID:
		case REGCOLLATIONOID:
			return OIDOID;
		case CIDROID:
			return INETOID;
		default:
			break;
	}
	if (base == RECORDOID || get_typtype(base) == TYPTYPE_COMPOSITE)
		return RECORDOID;
	return base < FirstGenbkiObjectId ? (uint16) base : outside_kind(base, false);
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
	type->rule = NULL;
	type->mcxt = mcxt;
	type->record_typmod_checked = -2;
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
			else if (base >= FirstGenbkiObjectId && is_sketch_text(base))
				type->kind = database_needs_utf8_conversion() ? PROB_HASH_TEXT_UTF8 : PROB_HASH_TEXT;
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
						base >= FirstGenbkiObjectId ? "text" : format_type_be(type->typid),
						get_collation_name(collation)),
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
	type->value_kind = value_kind_of(type, base);
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

/* A numeric's normalised decimal text, and whether it is an integer in int64 range (*integer). */
static char *
numeric_text_or_int64(Numeric num, bool *is_integer, int64 *integer)
{
	char	   *text = numeric_normalize(num);

	*is_integer = false;
	if (strchr(text, '.') == NULL && !numeric_is_nan(num) && !numeric_is_inf(num))
	{
		char	   *end;
		long long	v;

		errno = 0;
		v = strtoll(text, &end, 10);
		*is_integer = errno == 0 && *end == '\0';
		*integer = (int64) v;
	}
	return text;
}

/* Integral numerics in int64 range hash as integers; the rest as their normalised decimal text. */
static uint64
hash_canonical_numeric(Datum value, uint64 seed)
{
	bool		is_integer;
	int64		integer;
	char	   *text = numeric_text_or_int64(DatumGetNumeric(value), &is_integer, &integer);
	uint64		h = is_integer ? prob_hash_int64(integer, seed) : prob_hash_bytes(text, strlen(text), seed);

	pfree(text);
	return h;
}

/* A numeric that is an integer in bigint's range: what an integer sketch can hold. */
static bool
numeric_is_int64(Datum value)
{
	bool		is_integer;
	int64		integer;

	pfree(numeric_text_or_int64(DatumGetNumeric(value), &is_integer, &integer));
	return is_integer;
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
	prob_store_le32(bytes, (uint32) ndim);
	len = 4;
	for (i = 0; i < ndim; i++)
	{
		prob_store_le32(bytes + len, (uint32) ARR_DIMS(array)[i]);
		prob_store_le32(bytes + len + 4, (uint32) ARR_LBOUND(array)[i]);
		len += 8;
	}
	for (i = 0; i < n; i++)
	{
		bytes[len++] = nulls[i] ? 0 : 1;
		if (!nulls[i])
		{
			prob_store_le64(bytes + len, prob_hash_datum(type->element, elems[i], 0));
			len += 8;
		}
	}
	h = prob_hash_bytes(bytes, len, seed);
	pfree(bytes);
	pfree(elems);
	pfree(nulls);
	return h;
}

/*
 * An anonymous record's fields are known only from its value: one without a
 * hash function (an untyped literal in ROW(1, 'x')) is refused here, with the
 * field named, rather than deep in hash_record_extended. The last row type
 * checked is remembered.
 */
static void
check_record_fields(const ProbHashType *type, Datum value)
{
	HeapTupleHeader rec = DatumGetHeapTupleHeader(value);
	int32		typmod = HeapTupleHeaderGetTypMod(rec);
	TupleDesc	desc;

	if (HeapTupleHeaderGetTypeId(rec) != RECORDOID || typmod == type->record_typmod_checked)
		return;
	desc = lookup_rowtype_tupdesc(RECORDOID, typmod);
	for (int i = 0; i < desc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(desc, i);

		if (!att->attisdropped &&
			!OidIsValid(lookup_type_cache(att->atttypid, TYPECACHE_HASH_EXTENDED_PROC)->hash_extended_proc))
		{
			Oid			field_type = att->atttypid;

			ReleaseTupleDesc(desc);
			ereport(ERROR,
					(errcode(ERRCODE_UNDEFINED_FUNCTION),
					 errmsg("values of type record cannot be hashed: field %d has type %s, which has no hash function",
							i + 1, format_type_be(field_type)),
					 errdetail("Sketches hash a row field by field, so that rows equal under \"=\" hash equal."),
					 errhint("Cast the field to a type with a hash operator class, as in ROW(1, 'x'::text).")));
		}
	}
	ReleaseTupleDesc(desc);
	((ProbHashType *) type)->record_typmod_checked = typmod;
}

/* The opclass's extended hash under the seed, as 8 little-endian bytes hashed again with it. */
static uint64
hash_opclass(const ProbHashType *type, Datum value, uint64 seed)
{
	uint64		inner;
	uint8		bytes[8];

	if (type->typid == RECORDOID)
		check_record_fields(type, value);
	inner = DatumGetUInt64(FunctionCall2Coll((FmgrInfo *) &type->hash_extended,
														  type->collation, value,
														  Int64GetDatum((int64) seed)));
	prob_store_le64(bytes, inner);
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

/*
 * How values of one type are compared with the values a sketch of another
 * kind holds (FORMAT.md 2.5): as PostgreSQL's "=" between a column of the
 * sketch's kind and a value of this type would compare them. The probe side
 * of "=" may convert the value (numeric to double precision for a column of
 * floats): the value is converted the same way, then hashed by the rule of
 * the converted type, which is the sketch's. "=" that converts the sketch's
 * side instead (a numeric column compared as double precision), or that
 * depends on the session (time zones), cannot be answered from hashes and
 * is refused. A few cross-type operators whose sides hash by different
 * rules are converted by hand (date and timestamp, xid and integer).
 */
typedef enum ProbRuleAction
{
	PROB_RULE_OWN,				/* the value's own rule */
	PROB_RULE_CONVERT,			/* convert (if any), then hash by target's rule */
	PROB_RULE_INT_FROM_FLOAT,	/* an integer sketch compared as floats: exact below bound */
	PROB_RULE_DATE_FROM_TIMESTAMP,	/* a date sketch probed with timestamps */
	PROB_RULE_TIMESTAMP_FROM_DATE,	/* a timestamp sketch probed with dates */
	PROB_RULE_XID_FROM_INT4		/* an xid sketch probed with integers */
} ProbRuleAction;

typedef struct ProbValueRule
{
	uint16		sketch_kind;	/* the rule is for sketches of this kind ... */
	uint8		hash_id;		/* ... and this hash id */
	ProbRuleAction action;
	MemoryContext mcxt;			/* everything below; replaced with the rule */
	ExprState  *convert;		/* the probe side's implicit conversion, or NULL */
	ExprContext *econtext;
	ProbHashType *target;		/* the converted value's rule */
	double		bound;			/* PROB_RULE_INT_FROM_FLOAT: |integral value| below it */
} ProbValueRule;

/* A built-in kind written by another server may name no type of this one. */
static bool
type_exists(Oid typid)
{
	return SearchSysCacheExists1(TYPEOID, ObjectIdGetDatum(typid));
}

/* "the numeric values this sketch holds", ...: a kind as messages show it. */
static const char *
kind_text(uint16 kind)
{
	return kind == PROB_KIND_OTHER ? "values this sketch holds, of a type that is not built in" :
		kind == PROB_KIND_MIXED ? "values this sketch holds, of several types" :
		prob_kind_is_outside(kind) ? psprintf("values this sketch holds, of a type that is not built in (kind %u)", kind) :
		psprintf("%s values this sketch holds", format_type_be(kind));
}

/* Checks the sketch's hash id: values of hash id 1 take only the types whose rule did not change. */
static void
check_hash_id(const ProbHashType *type, int hash_id)
{
	if (hash_id != prob_hash_id() && !(hash_id == PROB_HASH_ID_V1 && type->same_as_hash_id_1))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("this sketch was built under hash id %d, which hashed type %s differently",
						hash_id, format_type_be(type->typid)),
				 errdetail("Adding or probing it now would hash the value by other rules and could miss values it holds."),
				 errhint("Rebuild the sketch from its values with this version (see the README, \"Upgrading\").")));
}

static PROB_NORETURN void refuse(const ProbHashType *type, uint16 kind, int code, const char *detail,
								  const char *hint) PROB_NORETURN_AFTER;

static void
refuse(const ProbHashType *type, uint16 kind, int code, const char *detail, const char *hint)
{
	ereport(ERROR,
			(errcode(code),
			 errmsg("cannot compare a value of type %s with the %s",
					format_type_be(type->typid), kind_text(kind)),
			 errdetail_internal("%s", detail),
			 errhint("%s", hint)));
}

/* Casting the column's values of kind to ltype changes no hash: the family is one, or integers become numeric. */
static bool
column_cast_keeps_hashes(uint16 kind, Oid ltype, MemoryContext mcxt)
{
	ProbHashType l;

	if (ltype == kind)
		return true;
	if (kind == INT8OID && ltype == NUMERICOID)
		return true;			/* integral numerics hash as integers */
	prob_hash_type_init(&l, ltype, InvalidOid, mcxt);
	return l.value_kind == kind;
}

/* The rule for values of type against a sketch of kind (a built-in type), resolved through "=". */
static void
resolve_builtin(const ProbHashType *type, uint16 kind, ProbValueRule *rule)
{
	Oid			sketch_type = (Oid) kind;
	Oid			probe_type = getBaseType(type->typid);
	Operator	tup = oper(NULL, list_make1(makeString("=")), sketch_type, probe_type, true, -1);
	Form_pg_operator op;
	Oid			ltype,
				rtype;
	ProbHashType *target;
	char	   *probe_name = format_type_be(type->typid);
	char	   *sketch_name = format_type_be(sketch_type);

	if (tup == NULL)
		refuse(type, kind, ERRCODE_UNDEFINED_FUNCTION,
			   psprintf("There is no operator = between %s and %s.", sketch_name, probe_name),
			   psprintf("Cast the value to %s.", sketch_name));
	op = (Form_pg_operator) GETSTRUCT(tup);
	ltype = op->oprleft;
	rtype = op->oprright;
	ReleaseSysCache(tup);

	/* The sketch's side: compared as ltype, which must hash its values as the sketch did. */
	if (!column_cast_keeps_hashes(kind, ltype, rule->mcxt))
	{
		Oid			cast_fn = InvalidOid;

		if (kind == INT8OID && (ltype == FLOAT8OID || ltype == FLOAT4OID))
			rule->action = PROB_RULE_INT_FROM_FLOAT;
		else if (find_coercion_pathway(ltype, sketch_type, COERCION_IMPLICIT, &cast_fn) == COERCION_PATH_FUNC &&
				 func_volatile(cast_fn) != PROVOLATILE_IMMUTABLE)
			refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
				   psprintf("PostgreSQL compares them by converting the sketch's values to %s in a way that depends "
							"on the session (its TimeZone or catalog), so the same values would equal different ones in different sessions.",
							format_type_be(ltype)),
				   psprintf("Convert the value to %s yourself, saying what you mean (for a time zone, with AT TIME ZONE), and probe with that.",
							sketch_name));
		else
			refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
				   psprintf("PostgreSQL compares them by converting the sketch's values to %s, which "
							"several of them may convert to alike, so a hash cannot find every value equal to this one.",
							format_type_be(ltype)),
				   psprintf("Cast the value to %s (value::%s), or build the sketch from the column cast to %s.",
							sketch_name, sketch_name, format_type_be(ltype)));
	}
	else
		rule->action = PROB_RULE_CONVERT;

	/* The probe's side: converted to rtype as "=" would; a conversion that depends on the session is refused. */
	if (rtype != probe_type)
	{
		CaseTestExpr *placeholder = makeNode(CaseTestExpr);
		Node	   *expr;
		MemoryContext old = MemoryContextSwitchTo(rule->mcxt);

		placeholder->typeId = probe_type;
		placeholder->typeMod = -1;
		placeholder->collation = type->collation;
		expr = coerce_to_target_type(NULL, (Node *) placeholder, probe_type, rtype, -1,
									 COERCION_IMPLICIT, COERCE_IMPLICIT_CAST, -1);
		if (expr == NULL)
			refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
				   psprintf("PostgreSQL's = between them converts the value to %s, which this build cannot do here.",
							format_type_be(rtype)),
				   psprintf("Cast the value to %s.", sketch_name));
		if (contain_mutable_functions(expr))
			refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
				   psprintf("PostgreSQL's = converts the value to %s in a way that depends on the session "
							"(its TimeZone or catalog), so the same value would equal different ones in different sessions.",
							format_type_be(rtype)),
				   psprintf("Convert the value to %s yourself, saying what you mean (for a time zone, with AT TIME ZONE), and probe with that.",
							sketch_name));
		if (!IsA(expr, RelabelType) && expr != (Node *) placeholder)
		{
			rule->convert = ExecInitExpr((Expr *) expr, NULL);
			rule->econtext = CreateStandaloneExprContext();
		}
		MemoryContextSwitchTo(old);
	}
	target = MemoryContextAllocZero(rule->mcxt, sizeof(ProbHashType));
	rule->target = target;

	/* The operator itself: both sides must hash alike, or be converted by hand. */
	prob_hash_type_init(target, rtype, type->collation, rule->mcxt);
	if (rule->action == PROB_RULE_INT_FROM_FLOAT)
	{
		rule->bound = ltype == FLOAT4OID ? 0x1p24 : 0x1p53;
		return;
	}
	if (ltype == rtype || column_cast_keeps_hashes((uint16) target->value_kind, ltype, rule->mcxt))
		return;
	if (ltype == DATEOID && rtype == TIMESTAMPOID)
		rule->action = PROB_RULE_DATE_FROM_TIMESTAMP;
	else if (ltype == TIMESTAMPOID && rtype == DATEOID)
		rule->action = PROB_RULE_TIMESTAMP_FROM_DATE;
	else if (ltype == XIDOID && rtype == INT4OID)
	{
		rule->action = PROB_RULE_XID_FROM_INT4;
		prob_hash_type_init(target, XIDOID, InvalidOid, rule->mcxt);
	}
	else
		refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
			   psprintf("PostgreSQL compares %s with %s by an operator that depends on the session (its TimeZone) "
						"or that this extension cannot answer from hashes.",
						format_type_be(ltype), format_type_be(rtype)),
			   psprintf("Cast the value to %s yourself, saying what you mean (for a time zone, with AT TIME ZONE), and probe with that.",
						sketch_name));
}

void
prob_hash_prepare(const ProbHashType *type, const struct varlena *sketch)
{
	const uint8 *bytes = (const uint8 *) VARDATA_ANY(sketch);
	int			hash_id = bytes[2];
	uint16		kind;
	ProbValueRule *rule = type->rule;
	ProbHashType *mutable_type = (ProbHashType *) type;

	PROB_TRY(prob_value_kind(PROB_BYTES(sketch), &kind, PROB_ERR));
	if (likely(rule != NULL && rule->sketch_kind == kind && rule->hash_id == hash_id))
		return;
	check_hash_id(type, hash_id);
	if (rule == NULL)
	{
		rule = MemoryContextAllocZero(type->mcxt, sizeof(ProbValueRule));
		mutable_type->rule = rule;
	}
	if (rule->mcxt != NULL)
	{
		if (rule->econtext != NULL)
			FreeExprContext(rule->econtext, true);
		MemoryContextDelete(rule->mcxt);
	}
	/* Not a valid rule until resolved: resolving may raise. */
	rule->hash_id = 0;
	rule->mcxt = AllocSetContextCreate(type->mcxt, "probabilistic value rule",
									   ALLOCSET_SMALL_SIZES);
	rule->convert = NULL;
	rule->econtext = NULL;
	rule->target = NULL;
	rule->action = PROB_RULE_OWN;
	if (kind == PROB_KIND_MIXED)
		refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
			   "The sketch is a union of sketches of different types, so no one \"=\" says which of its values a probe equals.",
			   "Probe sketches built from values of one type, or rebuild this one from one column.");
	if (kind != PROB_KIND_NONE && kind <= PROB_KIND_MAX_BUILTIN && !type_exists(kind))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("this sketch records values of type %u, which is not a type of this server", kind),
				 errdetail("The kind is a PostgreSQL built-in type OID (doc/FORMAT.md 2.5); a sketch written by a "
						   "server that has this type cannot be compared with values here."),
				 errhint("Rebuild the sketch from its values on this server.")));
	if (kind != PROB_KIND_NONE && kind != type->value_kind)
	{
		/*
		 * 65534 (0.5.0 to 0.8.0) is some type outside the catalog, not known
		 * which: values of any such type are hashed by their own rule, as
		 * then. A kind of its own (10000 ... 65533) is one type, by name: a
		 * value of another is refused, as "=" between the two, if any, is
		 * not one this server can find from the sketch's kind.
		 */
		bool		value_outside = prob_kind_is_outside(type->value_kind);

		if (kind == PROB_KIND_OTHER && value_outside)
		{
			/* hashed by its own rule, as before 0.9.0 */
		}
		else if (kind == PROB_KIND_OTHER || prob_kind_is_outside(kind))
		{
			if (value_outside)
				refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
					   psprintf("The sketch holds values of another type defined outside PostgreSQL's built-in catalog "
								"(values of %s have kind %u, doc/FORMAT.md 2.5), and \"=\" between two such types "
								"cannot be answered from hashes.", format_type_be(type->typid), type->value_kind),
					   "Cast the value to the sketch's type.");
			refuse(type, kind, ERRCODE_DATATYPE_MISMATCH,
				   "The sketch holds values of a type defined outside PostgreSQL's built-in catalog (an extension's type or an enum), whose \"=\" with this type cannot be known.",
				   "Cast the value to the sketch's type.");
		}
		else
			resolve_builtin(type, kind, rule);
	}
	rule->sketch_kind = kind;
	rule->hash_id = (uint8) hash_id;
}

bool
prob_hash_prepared_own(const ProbHashType *type)
{
	return type->rule == NULL || type->rule->action == PROB_RULE_OWN;
}

/* A built-in kind's type name; a kind from another server may be no type of this one: said, not failed. */
static char *
kind_type_name(uint16 kind)
{
	return type_exists(kind) ? format_type_be(kind) : psprintf("unknown type %u", kind);
}

char *
prob_kind_json(uint16 kind)
{
	StringInfoData out;

	if (kind == PROB_KIND_NONE)
		return "null";
	if (kind == PROB_KIND_OTHER)
		return "\"other\"";
	if (kind == PROB_KIND_MIXED)
		return "\"mixed\"";
	if (prob_kind_is_outside(kind))
		return psprintf("\"other %u\"", kind);
	initStringInfo(&out);
	escape_json(&out, kind_type_name(kind));
	return out.data;
}

char *
prob_kind_values_text(uint16 kind)
{
	if (kind == PROB_KIND_NONE)
		return pstrdup("values of no recorded type");
	if (kind == PROB_KIND_OTHER)
		return pstrdup("values of a type that is not built in");
	if (prob_kind_is_outside(kind))
		return psprintf("values of a type that is not built in (kind %u)", kind);
	if (kind == PROB_KIND_MIXED)
		return pstrdup("values of several types");
	return psprintf("%s values", kind_type_name(kind));
}

uint16
prob_hash_prepared_kind(const ProbHashType *type)
{
	return type->rule == NULL ? PROB_KIND_NONE : type->rule->sketch_kind;
}

/* The value converted as the probe side of "=" converts it. */
static Datum
converted(const ProbValueRule *rule, Datum value)
{
	bool		isnull;
	Datum		result;

	if (rule->convert == NULL)
		return value;
	ResetExprContext(rule->econtext);
	rule->econtext->caseValue_datum = value;
	rule->econtext->caseValue_isNull = false;
	result = ExecEvalExprSwitchContext(rule->convert, rule->econtext, &isnull);
	if (isnull)
		elog(ERROR, "the conversion of a non-NULL probe returned NULL");
	return result;
}

/* An add of a value that no value of the sketch's kind equals: refused, as it could not be found again. */
static PROB_NORETURN void refuse_add(const ProbHashType *type, uint16 kind, const char *what) PROB_NORETURN_AFTER;

static void
refuse_add(const ProbHashType *type, uint16 kind, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("cannot add this %s value to a sketch of %s values: %s",
					format_type_be(type->typid), format_type_be(kind), what),
			 errdetail("A sketch holds values of its kind; probes of other types are compared with them as \"=\" does, "
					   "and none would find this one."),
			 errhint("Convert the value to %s yourself (rounding it as you mean), or build a sketch of %s values.",
					 format_type_be(kind), format_type_be(type->typid))));
}

uint64
prob_hash_for_sketch(const ProbHashType *type, Datum value, uint64 seed, bool adding)
{
	const ProbValueRule *rule = type->rule;
	Datum		v;

	if (rule == NULL || rule->action == PROB_RULE_OWN)
		return prob_hash_datum(type, value, seed);
	v = converted(rule, value);
	switch (rule->action)
	{
		case PROB_RULE_OWN:
		case PROB_RULE_CONVERT:
			/* An integer sketch holds integers: a numeric that is not one would hash apart from its equals. */
			if (adding && rule->sketch_kind == INT8OID && rule->target->kind == PROB_HASH_NUMERIC &&
				!numeric_is_int64(v))
				refuse_add(type, rule->sketch_kind, "no integer equals it");
			break;
		case PROB_RULE_INT_FROM_FLOAT:
			{
				double		d = rule->target->kind == PROB_HASH_FLOAT4 ? (double) DatumGetFloat4(v) : DatumGetFloat8(v);

				if (adding && !(isfinite(d) && d == trunc(d)))
					refuse_add(type, rule->sketch_kind, "no integer equals it");
				/* Several integers round to an integral double of this size: which is meant cannot be known. */
				if (isfinite(d) && d == trunc(d) && fabs(d) >= rule->bound)
					ereport(ERROR,
							(errcode(ERRCODE_DATATYPE_MISMATCH),
							 errmsg("cannot compare the %s value %.17g exactly with the integer values this sketch holds",
									format_type_be(type->typid), d),
							 errdetail("PostgreSQL compares them as floating-point numbers, to which integers of this size round, so several integers equal it."),
							 errhint("Cast the value to bigint or numeric.")));
				return prob_hash_float8(d, seed);
			}
		case PROB_RULE_DATE_FROM_TIMESTAMP:
			{
				Timestamp	ts = DatumGetTimestamp(v);

				if (TIMESTAMP_IS_NOBEGIN(ts))
					return prob_hash_int64(PG_INT32_MIN, seed);
				if (TIMESTAMP_IS_NOEND(ts))
					return prob_hash_int64(PG_INT32_MAX, seed);
				/* A midnight is that date; any other time equals no date (hashed as itself, for adds). */
				if (ts % USECS_PER_DAY == 0)
					return prob_hash_int64(ts / USECS_PER_DAY, seed);
				if (adding)
					refuse_add(type, rule->sketch_kind, "no date equals a time that is not a midnight");
				return prob_hash_int64(ts, seed);
			}
		case PROB_RULE_TIMESTAMP_FROM_DATE:
			{
				DateADT		d = DatumGetDateADT(v);

				if (DATE_IS_NOBEGIN(d))
					return prob_hash_int64(PG_INT64_MIN, seed);
				if (DATE_IS_NOEND(d))
					return prob_hash_int64(PG_INT64_MAX, seed);
				return prob_hash_int64((int64) d * USECS_PER_DAY, seed);
			}
		case PROB_RULE_XID_FROM_INT4:
			return prob_hash_datum(rule->target, TransactionIdGetDatum((TransactionId) DatumGetInt32(v)), seed);
	}
	return prob_hash_datum(rule->target, v, seed);
}

static void
note_first_arg_type(void *arg, Oid aggfnoid, List *args)
{
	Oid		   *typid = (Oid *) arg;

	if (args != NIL)
		*typid = exprType((Node *) linitial(args));
}

uint16
prob_aggregate_value_kind(FunctionCallInfo fcinfo)
{
	Aggref	   *aggref = prob_aggregate_call(fcinfo);
	Oid			typid = InvalidOid;
	ProbHashType type;

	if (aggref != NULL)
	{
		if (aggref->args != NIL)
			typid = exprType((Node *) linitial_node(TargetEntry, aggref->args)->expr);
	}
	else
		(void) prob_visit_aggregate_calls(fcinfo, note_first_arg_type, &typid);
	if (!OidIsValid(typid))
		return PROB_KIND_NONE;
	prob_hash_type_init(&type, typid, InvalidOid, CurrentMemoryContext);
	return type.value_kind;
}

const ProbHashType *
prob_arg_hash_type(FunctionCallInfo fcinfo, int argno, ProbHashType *cache)
{
	if (OidIsValid(cache->typid))
		return cache;
	prob_hash_type_init(cache, prob_arg_type(fcinfo, argno), PG_GET_COLLATION(), fcinfo->flinfo->fn_mcxt);
	return cache;
}

Oid
prob_arg_type(FunctionCallInfo fcinfo, int argno)
{
	Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, argno);

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
	return typid;
}

PG_FUNCTION_INFO_V1(sketch_hash);
Datum
sketch_hash(PG_FUNCTION_ARGS)
{
	const ProbHashType *type = prob_arg_hash_type_cached(fcinfo, 0);
	uint64		seed = PG_NARGS() > 1 ? (uint64) PG_GETARG_INT64(1) : 0;

	PG_RETURN_INT64((int64) prob_hash_datum(type, PG_GETARG_DATUM(0), seed));
}

/* A value of any of the numeric input types as float8 (bigint and numeric rounded to the nearest). */
double
prob_datum_as_float8(Oid type, Datum d, const char *aggregate)
{
	switch (type)
	{
		case INT2OID:
			return (double) DatumGetInt16(d);
		case INT4OID:
			return (double) DatumGetInt32(d);
		case INT8OID:
			return (double) DatumGetInt64(d);
		case FLOAT4OID:
			return (double) DatumGetFloat4(d);
		case FLOAT8OID:
			return DatumGetFloat8(d);
		case NUMERICOID:
			return DatumGetFloat8(DirectFunctionCall1(numeric_float8, d));
		default:
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("%s does not take values of type %s", aggregate, format_type_be(type)),
					 errhint("Cast the values to double precision.")));
	}
	return 0;					/* not reached */
}
