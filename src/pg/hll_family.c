/*
 * hll values of other systems' hash families (core/hll_family.hpp): hll_import,
 * hll_export, and SQL values hashed the way the family's producer hashes them
 * (hll_add on such a sketch, hll_add_agg(x, p, family)). Every SQL name here is
 * the C symbol of the same name.
 */
#include "hll_family.h"

#include "agg_calls.h"
#include "hashing.h"
#include "memory.h"
#include "sketch.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "utils/syscache.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

#include "capi/hll_capi.h"

/* core/hll_family.hpp's hash id of the Redis family. */
#define PROB_HLL_FAMILY_REDIS 4
/* ... and of the DataSketches family. */
#define PROB_HLL_FAMILY_DATASKETCHES 5
/*
 * What hll_ds_hash_datum returns for a value DataSketches' update() ignores (an empty
 * string or byte array): no coupon is 0.
 */
#define PROB_HLL_DS_SKIP 0

bool
hll_value_is_foreign(const struct varlena *v)
{
	return VARSIZE_ANY_EXHDR(v) > 2 && ((const uint8 *) VARDATA_ANY(v))[2] > PROB_HLL_OWN_HASH_ID_MAX;
}

static uint8
hll_family_of_text(text *name)
{
	char	   *s = text_to_cstring(name);
	uint8		id;

	PROB_TRY(prob_hll_family_of(s, &id, PROB_ERR));
	pfree(s);
	return id;
}

static uint64
hll_family_hash_bytes(uint8 family, const void *data, size_t size, uint64 seed)
{
	uint64		hash;

	PROB_TRY(prob_hll_family_hash(family, data, size, seed, &hash, PROB_ERR));
	return hash;
}

static void
refuse_type(Oid typid, const char *why, const char *hint)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot hash %s values as postgresql-hll does", format_type_be(typid)),
			 errdetail("%s", why), errhint("%s", hint)));
}

/*
 * postgresql-hll's hll_hash_any, which its typed functions agree with
 * (hll_hash_boolean, _smallint, _integer, _bigint, _text, _bytea): a type of
 * length 1, 2, 4 or 8 passed by value hashes its bytes as they lie in memory
 * (little-endian on x86-64 and arm64), a varlena its data bytes, any other
 * fixed-length type the bytes of its send function.
 */
/*
 * Redis hashes the bytes a client sends for an element: a string's or a
 * bytea's bytes as they are, an integer's decimal digits (what redis-cli and
 * client libraries send for a number). Other types have no one such form.
 */
static uint64
hll_redis_hash_datum(uint8 family, Oid typid, Datum value)
{
	char		category;
	bool		preferred;

	typid = getBaseType(typid);
	get_type_category_preferred(typid, &category, &preferred);
	if (typid == INT2OID || typid == INT4OID || typid == INT8OID)
	{
		char		digits[24];
		int64		v = typid == INT2OID ? DatumGetInt16(value) :
			typid == INT4OID ? DatumGetInt32(value) : DatumGetInt64(value);
		int			n = snprintf(digits, sizeof digits, INT64_FORMAT, v);

		return hll_family_hash_bytes(family, digits, (size_t) n, 0);
	}
	if (typid != BPCHAROID && (typid == BYTEAOID || (category == TYPCATEGORY_STRING && get_typlen(typid) == -1)))
	{
		struct varlena *v = PG_DETOAST_DATUM_PACKED(value);

		return hll_family_hash_bytes(family, VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), 0);
	}
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot hash %s values as Redis does", format_type_be(typid)),
			 errdetail("Redis hashes the bytes a client sends: strings, bytes and integers' decimal digits."),
			 errhint("Cast the value to text as your Redis client would send it.")));
	return 0;
}

/*
 * datasketches-cpp's hll_sketch::update overloads, which Spark's and Druid's
 * match: integers widened to an 8-byte int64, floating point as an 8-byte
 * double with -0.0 made 0.0 and every NaN Java's canonical NaN, strings as
 * their UTF-8 bytes, bytes as they are; an empty string or byte array is
 * ignored (PROB_HLL_DS_SKIP). Other types have no such rule.
 */
static uint64
hll_ds_hash_datum(uint8 family, Oid typid, Datum value, uint64 seed)
{
	char		category;
	bool		preferred;

	typid = getBaseType(typid);
	if (typid == INT2OID || typid == INT4OID || typid == INT8OID)
	{
		int64		v = typid == INT2OID ? DatumGetInt16(value) :
			typid == INT4OID ? DatumGetInt32(value) : DatumGetInt64(value);

		return hll_family_hash_bytes(family, &v, sizeof v, seed);
	}
	if (typid == FLOAT4OID || typid == FLOAT8OID)
	{
		double		d = typid == FLOAT4OID ? (double) DatumGetFloat4(value) : DatumGetFloat8(value);
		uint64		bits;

		if (d == 0.0)
			d = 0.0;
		memcpy(&bits, &d, sizeof bits);
		if (isnan(d))
			bits = UINT64CONST(0x7ff8000000000000);
		return hll_family_hash_bytes(family, &bits, sizeof bits, seed);
	}
	if (typid == BYTEAOID)
	{
		struct varlena *v = PG_DETOAST_DATUM_PACKED(value);

		/* datasketches-java and Spark ignore empty byte arrays, as every writer ignores empty strings. */
		if (VARSIZE_ANY_EXHDR(v) == 0)
			return PROB_HLL_DS_SKIP;
		return hll_family_hash_bytes(family, VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), seed);
	}
	get_type_category_preferred(typid, &category, &preferred);
	if (typid != BPCHAROID && category == TYPCATEGORY_STRING && get_typlen(typid) == -1)
	{
		struct varlena *v = PG_DETOAST_DATUM_PACKED(value);
		char	   *s = VARDATA_ANY(v);
		int			n = (int) VARSIZE_ANY_EXHDR(v);
		char	   *utf8 = pg_server_to_any(s, n, PG_UTF8);

		if (utf8 != s)
			n = (int) strlen(utf8);
		/* update() ignores an empty string. */
		if (n == 0)
			return PROB_HLL_DS_SKIP;
		return hll_family_hash_bytes(family, utf8, (size_t) n, seed);
	}
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("cannot hash %s values as DataSketches does", format_type_be(typid)),
			 errdetail("DataSketches' update() takes integers (as 8-byte longs), doubles, strings (as UTF-8) and bytes."),
			 errhint("Cast the value to bigint, double precision, text or bytea as the producer's column was.")));
	return 0;
}

static uint64
hll_family_hash_datum(uint8 family, Oid typid, Datum value, uint64 seed)
{
	int16		typlen;
	bool		byval;

	if (family == PROB_HLL_FAMILY_REDIS)
		return hll_redis_hash_datum(family, typid, value);
	if (family == PROB_HLL_FAMILY_DATASKETCHES)
		return hll_ds_hash_datum(family, typid, value, seed);
	if (typid == BPCHAROID)
		refuse_type(typid, "hll_hash_text(x) hashes character(n) without its trailing blanks, hll_hash_any(x) with them.",
					"Pass x::text to continue a sketch built with hll_hash_text(x), or rpad(x, n) for one built with "
					"hll_hash_any(x).");
	get_typlenbyval(typid, &typlen, &byval);
	if ((typlen == 1 || typlen == 2 || typlen == 4 || typlen == 8) && !byval)
		refuse_type(typid, "hll_hash_any hashes the address of such a value, not the value.",
					"Cast it to text or bytea, and hash the same cast when building with postgresql-hll.");
	switch (typlen)
	{
		case 1:
			{
				char		b = DatumGetChar(value);

				return hll_family_hash_bytes(family, &b, 1, seed);
			}
		case 2:
			{
				int16		v = DatumGetInt16(value);

				return hll_family_hash_bytes(family, &v, 2, seed);
			}
		case 4:
			{
				int32		v = DatumGetInt32(value);

				return hll_family_hash_bytes(family, &v, 4, seed);
			}
		case 8:
			{
				int64		v = DatumGetInt64(value);

				return hll_family_hash_bytes(family, &v, 8, seed);
			}
		case -1:
			{
				struct varlena *v = PG_DETOAST_DATUM_PACKED(value);

				return hll_family_hash_bytes(family, VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), seed);
			}
		case -2:
			refuse_type(typid, "hll_hash_any reads a cstring as if it were a varlena.", "Cast it to text.");
			return 0;
		default:
			{
				Oid			send;
				bool		isvarlena;
				bytea	   *b;

				getTypeBinaryOutputInfo(typid, &send, &isvarlena);
				b = OidSendFunctionCall(send, value);
				return hll_family_hash_bytes(family, VARDATA(b), VARSIZE(b) - VARHDRSZ, seed);
			}
	}
}

Datum
hll_family_add(FunctionCallInfo fcinfo, struct varlena *v)
{
	uint64		seed;
	uint64		hash;
	ProbBuffer	out;

	PROB_TRY(prob_hll_seed(PROB_BYTES(v), &seed, PROB_ERR));
	hash = hll_family_hash_datum(((const uint8 *) VARDATA_ANY(v))[2], prob_arg_type(fcinfo, 1),
								 PG_GETARG_DATUM(1), seed);
	if (hash == PROB_HLL_DS_SKIP && ((const uint8 *) VARDATA_ANY(v))[2] == PROB_HLL_FAMILY_DATASKETCHES)
		PG_RETURN_POINTER(v);
	PROB_TRY(prob_hll_add_hash(PROB_BYTES(v), hash, 0, false, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_result(v, out);
}

/* hll_import(bytes, format [, seed]) */
PG_FUNCTION_INFO_V1(hll_import);
Datum
hll_import(PG_FUNCTION_ARGS)
{
	bytea	   *bytes = PG_GETARG_BYTEA_PP(0);
	char	   *format = text_to_cstring(PG_GETARG_TEXT_PP(1));
	/* Without a seed, the producer's default: 0 (postgresql-hll), DataSketches' 9001. */
	int64		seed = PG_NARGS() > 2 ? PG_GETARG_INT64(2) : strcmp(format, "datasketches") == 0 ? 9001 : 0;
	ProbBuffer	out;

	PROB_TRY(prob_hll_import((const uint8_t *) VARDATA_ANY(bytes), VARSIZE_ANY_EXHDR(bytes), format, seed,
							 &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_POINTER(prob_varlena_of(out));
}

/* hll_export(h, format) */
PG_FUNCTION_INFO_V1(hll_export);
Datum
hll_export(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_VARLENA_PP(0);
	char	   *format = text_to_cstring(PG_GETARG_TEXT_PP(1));
	ProbBuffer	out;

	PROB_TRY(prob_hll_export(PROB_BYTES(v), format, &prob_palloc_allocator, &out, PROB_ERR));
	PG_RETURN_BYTEA_P((bytea *) prob_varlena_of(out));
}

/* hll_add_agg(x, precision, family): its parameters (sketch.h). */
static bool
hll_family_agg_check(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	uint8		family;
	char	   *name = text_to_cstring(DatumGetTextPP(values[1]));

	(void) n;
	return prob_hll_family_of(name, &family, err) &&
		prob_hll_family_check_state(state, size, DatumGetInt32(values[0]), family, err);
}

static struct varlena *
hll_family_agg_empty(int n, const Datum *values)
{
	ProbBuffer	out;

	(void) n;
	PROB_TRY(prob_hll_family_empty(hll_family_of_text(DatumGetTextPP(values[1])), DatumGetInt32(values[0]),
								   &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

static const ProbAggregate hll_family_agg = {
	"hll_add_agg", "hll_add_agg(x, 11, 'postgresql-hll')", 2, 2, {{"precision", INT4OID}, {"family", TEXTOID}},
	hll_family_agg_check, hll_family_agg_empty, NULL
};

static const ProbSketchType hll_family_type = {"hll", prob_hll_validate, hll_finished};

extern Datum hll_add_trans(PG_FUNCTION_ARGS);

/*
 * hll_add_family_trans(hll, value, precision, family): hll_add_agg(x, p,
 * family). Family 'probabilistic' is hll_add_agg(x, p) itself; another family
 * starts from its producer's empty value and adds each value hashed its way.
 */
PG_FUNCTION_INFO_V1(hll_add_family_trans);
Datum
hll_add_family_trans(PG_FUNCTION_ARGS)
{
	ProbArgCache *cache = prob_arg_cache(fcinfo);
	Datum		params[2];
	int			n;
	bool		constant;
	struct varlena *state;
	uint64		seed;
	uint64		hash;
	ProbBuffer	out;

	(void) prob_require_aggregate(fcinfo, "hll_add_family_trans");
	n = prob_agg_row_params(fcinfo, &hll_family_agg, 2, params);
	constant = prob_agg_params_constant(fcinfo, &hll_family_agg, 2, &cache->params_known, &cache->params_constant);
	if (cache->family == 0 || !constant)
	{
		uint8		family = hll_family_of_text(DatumGetTextPP(params[1]));

		if (cache->family != 0 && family != cache->family)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("hll_add_agg family changed between rows of one aggregate"),
					 errhint("Pass the family as a constant, as in hll_add_agg(x, 11, 'postgresql-hll').")));
		cache->family = family;
	}
	if (cache->family <= PROB_HLL_OWN_HASH_ID_MAX)
		return hll_add_trans(fcinfo);
	if (PG_ARGISNULL(0))
		state = hll_family_agg_empty(n, params);
	else
	{
		state = prob_detoast(PG_GETARG_DATUM(0));
		if (!constant)
			prob_agg_check_params(&hll_family_agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
	}
	if (PG_ARGISNULL(1))
		PG_RETURN_POINTER(state);
	PROB_TRY(prob_hll_seed((const uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, &seed, PROB_ERR));
	hash = hll_family_hash_datum(cache->family, prob_arg_type(fcinfo, 1), PG_GETARG_DATUM(1), seed);
	if (hash == PROB_HLL_DS_SKIP && cache->family == PROB_HLL_FAMILY_DATASKETCHES)
		PG_RETURN_POINTER(state);
	PROB_TRY(prob_hll_add_hash((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, hash, 0, true,
							   &prob_palloc_allocator, &out, PROB_ERR));
	return out.data == (uint8_t *) VARDATA(state) ? PointerGetDatum(state) : PointerGetDatum(prob_varlena_of(out));
}

/* Final function of hll_add_agg(x, p, family); zero rows: the family's empty value at p. */
PG_FUNCTION_INFO_V1(hll_family_agg_final);
Datum
hll_family_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &hll_family_type, &hll_family_agg);
}
