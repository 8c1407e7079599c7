/*
 * The topk type: I/O, functions, operators and aggregates (doc/FORMAT.md 8).
 * Every SQL name here is the C symbol of the same name.
 *
 * Items are the values themselves, stored by kind (kind.hpp):
 *   bigint  (smallint, integer, bigint): 8 bytes, little-endian two's complement
 *   text    (text, varchar, sketch_text): the UTF-8 bytes
 *   uuid: its 16 bytes;  bytea: its bytes
 * Any other type is refused (cast it to one of these). topk_items(s, n) gives
 * items as text; topk_items(s, n, NULL::T) as values of T, which must be of
 * the sketch's kind (a bigint sketch also gives integer or smallint items,
 * refusing one out of range; a text sketch gives text or varchar).
 */
#include "hashing.h"
#include "memory.h"
#include "sketch.h"
#include "agg_calls.h"

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/uuid.h"

#include "capi/topk_capi.h"
#include "core/byte_order.h"

/*
 * Validation of outside bytes: the core's, then what the core leaves to this
 * layer, which knows what a kind names: the item types a topk holds, each
 * with its width, and text items in valid UTF-8.
 */
static bool
topk_corrupt(ProbError *err, const char *what)
{
	err->kind = PROB_CORRUPT;
	err->reason = PROB_REASON_NONE;
	snprintf(err->message, sizeof err->message, "invalid topk value: %s", what);
	err->detail[0] = '\0';
	err->fields[0][0] = err->fields[1][0] = '\0';
	return false;
}

static bool
topk_validate(const uint8_t *data, size_t size, ProbError *err)
{
	ProbTopkInfo info;
	ProbTopkItem *items;
	uint32_t	n;
	int			width;
	ProbAllocator alloc;

	if (!prob_topk_validate(data, size, err) || !prob_topk_info(data, size, &info, err))
		return false;
	switch (info.kind)
	{
		case 0:
			return true;
		case INT8OID:
			width = 8;
			break;
		case UUIDOID:
			width = 16;
			break;
		case TEXTOID:
		case BYTEAOID:
			width = 0;
			break;
		default:
			return topk_corrupt(err, "value kind is not one a topk holds (bigint 20, text 25, bytea 17, uuid 2950)");
	}
	if (info.width != width)
		return topk_corrupt(err, "item width does not match the value kind");
	if (info.kind != TEXTOID)
		return true;
	/* Runs in no C++ frame: the allocator may raise. */
	alloc = prob_context_allocator(CurrentMemoryContext);
	if (!prob_topk_items(data, size, &alloc, &items, &n, err))
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (!pg_verify_mbstr(PG_UTF8, (const char *) items[i].item, (int) items[i].length, true))
			return topk_corrupt(err, "a text item is not valid UTF-8");
	return true;
}

static struct varlena *
topk_finished(struct varlena *v)
{
	ProbBuffer	out;

	if (!prob_topk_is_working(PROB_BYTES(v)))
		return v;
	PROB_TRY(prob_topk_finish(PROB_BYTES(v), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

static const ProbSketchType topk_type = {"topk", topk_validate, topk_finished};

PROB_SKETCH_IO_FUNCTIONS(topk, &topk_type)

static struct varlena *
topk_new_empty(int64 size)
{
	ProbBuffer	out;

	PROB_TRY(prob_topk_empty(size, &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

PG_FUNCTION_INFO_V1(topk_empty);
Datum
topk_empty(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(topk_new_empty(PG_GETARG_INT32(0)));
}

/* The aggregates' one parameter, the size. */
static bool
topk_agg_check_params(const void *state, size_t size, int n, const Datum *values, ProbError *err)
{
	return prob_topk_check_state_size(state, size, n == 0 ? PROB_TOPK_DEFAULT_SIZE : DatumGetInt32(values[0]), err);
}

static struct varlena *
topk_agg_empty(int n, const Datum *values)
{
	return topk_new_empty(n == 0 ? PROB_TOPK_DEFAULT_SIZE : DatumGetInt32(values[0]));
}

static const char *const topk_agg_finals[] = {"topk_agg_final", "topk_weighted_agg_final", NULL};

static const ProbAggregate topk_agg = {
	"topk_agg", "topk_agg(x, 1024)", 0, 1, {{"size", INT4OID}},
	topk_agg_check_params, topk_agg_empty, topk_agg_finals
};

static const ProbAggregate topk_weighted_agg = {
	"topk_agg", "topk_agg(x, weight, 1024)", 0, 1, {{"size", INT4OID}},
	topk_agg_check_params, topk_agg_empty, topk_agg_finals
};

/* An item's bytes: the value as its kind stores it (the comment at the top). */
typedef struct TopkItem
{
	const void *bytes;
	size_t		size;
	uint8		width;
	uint8		buf[16];
} TopkItem;

static void
topk_item_of(const ProbHashType *type, Datum value, TopkItem *item)
{
	int64		i;

	switch (type->kind)
	{
		case PROB_HASH_INTEGER:
			(void) prob_datum_as_int64(type, value, &i);
			prob_store_le64(item->buf, (uint64) i);
			item->bytes = item->buf;
			item->size = item->width = 8;
			return;
		case PROB_HASH_UUID:
			memcpy(item->buf, DatumGetUUIDP(value)->data, UUID_LEN);
			item->bytes = item->buf;
			item->size = item->width = UUID_LEN;
			return;
		case PROB_HASH_BYTEA:
		case PROB_HASH_TEXT:
		case PROB_HASH_TEXT_UTF8:
			{
				struct varlena *v = PG_DETOAST_DATUM_PACKED(value);

				item->bytes = VARDATA_ANY(v);
				item->size = VARSIZE_ANY_EXHDR(v);
				item->width = 0;
				if (type->kind == PROB_HASH_TEXT_UTF8)
				{
					item->bytes = pg_server_to_any(item->bytes, (int) item->size, PG_UTF8);
					item->size = strlen(item->bytes);
				}
				return;
			}
		default:
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("topk_agg does not take values of type %s", format_type_be(type->typid)),
					 errdetail("A topk sketch stores its items as values it can return: bigint, integer, smallint, "
							   "text, varchar, uuid or bytea."),
					 errhint("Cast the values to one of those types, as in topk_agg(x::text).")));
	}
}

/*
 * The transition functions' work: topk_agg(x [, size]) (weight_arg -1) and
 * topk_agg(x, weight [, size]). The state is a working state when every
 * aggregate reading it ends it with our final functions (sketch.h), else a
 * value, continued and finished on every row (slower, never wrong).
 */
static Datum
topk_trans(FunctionCallInfo fcinfo, const ProbAggregate *agg, int weight_arg, const char *name)
{
	ProbArgCache *cache = prob_arg_cache(fcinfo);
	int			first_param = weight_arg < 0 ? 2 : 3;
	Datum		params[PROB_AGG_MAX_PARAMS];
	int			n;
	struct varlena *state;
	const ProbHashType *type;
	TopkItem	item;
	int64		weight = 1;
	ProbBuffer	out;

	if (unlikely(fcinfo->context == NULL || !IsA(fcinfo->context, AggState)))
		(void) prob_require_aggregate(fcinfo, name);
	/*
	 * The common row: an integer added to a working state with a constant
	 * size, neither growing its table nor purging (core/topk_table.h).
	 */
	if (likely(cache->working && cache->params_known && cache->params_constant && !PG_ARGISNULL(0) &&
			   !PG_ARGISNULL(1) && OidIsValid(cache->hash_type.typid) && cache->hash_type.kind == PROB_HASH_INTEGER &&
			   (weight_arg < 0 || !PG_ARGISNULL(weight_arg))))
	{
		uint8		bytes[8];
		int64		i;

		state = (struct varlena *) DatumGetPointer(PG_GETARG_DATUM(0));
		(void) prob_datum_as_int64(&cache->hash_type, PG_GETARG_DATUM(1), &i);
		prob_store_le64(bytes, (uint64) i);
		if (!VARATT_IS_EXTENDED(state) &&
			prob_topk_add8_in_place((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, bytes,
									weight_arg < 0 ? 1 : PG_GETARG_INT64(weight_arg), cache->hash_type.value_kind))
			PG_RETURN_POINTER(state);
	}
	if (!cache->working_known)
	{
		cache->working = prob_agg_may_keep_working_state(fcinfo, agg);
		cache->working_known = true;
	}
	if (PG_ARGISNULL(0))
	{
		n = prob_agg_row_params(fcinfo, agg, first_param, params);
		if (cache->working)
		{
			PROB_TRY(prob_topk_working(n == 0 ? PROB_TOPK_DEFAULT_SIZE : DatumGetInt32(params[0]),
									   &prob_palloc_allocator, &out, PROB_ERR));
			state = prob_varlena_of(out);
		}
		else
			state = topk_agg_empty(n, params);
	}
	else
	{
		state = prob_detoast(PG_GETARG_DATUM(0));
		if (!prob_agg_params_constant(fcinfo, agg, first_param, &cache->params_known, &cache->params_constant))
		{
			n = prob_agg_row_params(fcinfo, agg, first_param, params);
			prob_agg_check_params(agg, VARDATA(state), VARSIZE(state) - VARHDRSZ, n, params);
		}
	}
	if (PG_ARGISNULL(1) || (weight_arg >= 0 && PG_ARGISNULL(weight_arg)))
		PG_RETURN_POINTER(state);
	if (weight_arg >= 0)
		weight = PG_GETARG_INT64(weight_arg);
	type = prob_arg_hash_type_cached(fcinfo, 1);
	topk_item_of(type, PG_GETARG_DATUM(1), &item);
	if (!prob_topk_is_working((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ))
	{
		PROB_TRY(prob_topk_working_of((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, &prob_palloc_allocator,
									  &out, PROB_ERR));
		state = prob_varlena_of(out);
	}
	PROB_TRY(prob_topk_add((uint8_t *) VARDATA(state), VARSIZE(state) - VARHDRSZ, item.bytes, item.size, weight,
						   type->value_kind, item.width, &prob_palloc_allocator, &out, PROB_ERR));
	state = (struct varlena *) DatumGetPointer(prob_result(state, out));
	if (!cache->working)
		state = topk_finished(state);
	PG_RETURN_POINTER(state);
}

PG_FUNCTION_INFO_V1(topk_add_trans);
Datum
topk_add_trans(PG_FUNCTION_ARGS)
{
	return topk_trans(fcinfo, &topk_agg, -1, "topk_add_trans");
}

PG_FUNCTION_INFO_V1(topk_add_weighted_trans);
Datum
topk_add_weighted_trans(PG_FUNCTION_ARGS)
{
	return topk_trans(fcinfo, &topk_weighted_agg, 2, "topk_add_weighted_trans");
}

static struct varlena *
topk_merge(struct varlena *a, struct varlena *b)
{
	ProbBuffer	out;

	a = topk_finished(a);
	b = topk_finished(b);
	PROB_TRY(prob_topk_union(PROB_BYTES(a), PROB_BYTES(b), &prob_palloc_allocator, &out, PROB_ERR));
	return prob_varlena_of(out);
}

PG_FUNCTION_INFO_V1(topk_union);
Datum
topk_union(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(topk_merge(PG_GETARG_VARLENA_PP(0), PG_GETARG_VARLENA_PP(1)));
}

/* Strict: the aggregate machinery starts the state from a copy of the first non-NULL input. */
PG_FUNCTION_INFO_V1(topk_union_trans);
Datum
topk_union_trans(PG_FUNCTION_ARGS)
{
	struct varlena *state;
	struct varlena *other;

	(void) prob_require_aggregate(fcinfo, "topk_union_trans");
	state = topk_finished(PG_GETARG_VARLENA_PP(0));
	other = topk_finished(PG_GETARG_VARLENA_PP(1));
	/*
	 * Combining partial results of topk_agg (partitionwise or parallel): the
	 * size is one value per aggregate there, as between rows. topk_union_agg,
	 * whose transition function this is, takes sketches of any sizes.
	 */
	if (prob_combining_for_another_transfn(fcinfo))
	{
		ProbTopkInfo info;
		Datum		param;

		PROB_TRY(prob_topk_info(PROB_BYTES(other), &info, PROB_ERR));
		param = Int32GetDatum((int32) info.size);
		prob_agg_check_params(&topk_agg, VARDATA_ANY(state), VARSIZE_ANY_EXHDR(state), 1, &param);
	}
	PG_RETURN_POINTER(topk_merge(state, other));
}

/*
 * Final function of topk_agg(x [, size]) and topk_union_agg. Zero rows: the
 * empty sketch of the call's constant size, or of the default one.
 */
PG_FUNCTION_INFO_V1(topk_agg_final);
Datum
topk_agg_final(PG_FUNCTION_ARGS)
{
	return prob_agg_final(fcinfo, &topk_type, &topk_agg);
}

/* Final function of topk_agg(x, weight [, size]): the size is the call's third argument. */
PG_FUNCTION_INFO_V1(topk_weighted_agg_final);
Datum
topk_weighted_agg_final(PG_FUNCTION_ARGS)
{
	int			nargs;
	Datum		size;

	if (!PG_ARGISNULL(0))
		PG_RETURN_POINTER(prob_sketch_final_copy(&topk_type, PG_DETOAST_DATUM(PG_GETARG_DATUM(0))));
	nargs = prob_aggregate_nargs(fcinfo);
	if (nargs == 2)
		PG_RETURN_POINTER(topk_new_empty(PROB_TOPK_DEFAULT_SIZE));
	if (nargs == 3 && prob_aggregate_const_arg(fcinfo, 2, INT4OID, "topk_agg size", &size))
		PG_RETURN_POINTER(topk_new_empty(DatumGetInt32(size)));
	PG_RETURN_NULL();
}

PG_FUNCTION_INFO_V1(topk_count);
Datum
topk_count(PG_FUNCTION_ARGS)
{
	struct varlena *v = topk_finished(PG_GETARG_VARLENA_PP(0));
	ProbTopkInfo info;

	PROB_TRY(prob_topk_info(PROB_BYTES(v), &info, PROB_ERR));
	PG_RETURN_INT64((int64) info.total);
}

PG_FUNCTION_INFO_V1(topk_info);
Datum
topk_info(PG_FUNCTION_ARGS)
{
	struct varlena *v = topk_finished(PG_GETARG_VARLENA_PP(0));
	ProbTopkInfo info;
	ProbJson	json;

	PROB_TRY(prob_topk_info(PROB_BYTES(v), &info, PROB_ERR));
	prob_json_begin(&json);
	prob_json_header(&json, info.format_version, info.hash_id, 0, info.kind, v);
	prob_json_uint(&json, "size", info.size);
	prob_json_uint(&json, "total", info.total);
	prob_json_uint(&json, "max_error", info.offset);
	prob_json_uint(&json, "threshold", info.threshold);
	prob_json_uint(&json, "items", info.items);
	prob_json_int(&json, "item_width", info.width);
	PG_RETURN_DATUM(prob_json_end(&json));
}

/* Whether a sketch of kind gives items as values of type typid (its base type). */
static bool
topk_kind_gives(uint16 kind, Oid base)
{
	switch (kind)
	{
		case INT8OID:
			return base == INT8OID || base == INT4OID || base == INT2OID;
		case TEXTOID:
			return base == TEXTOID || base == VARCHAROID;
		default:
			return base == kind;
	}
}

/* An item as a value of type base (the sketch's kind allows it). */
static Datum
topk_item_datum(const ProbTopkItem *item, uint16 kind, Oid base)
{
	switch (kind)
	{
		case INT8OID:
			{
				int64		v = (int64) prob_load_le64(item->item);

				if (base == INT8OID)
					return Int64GetDatum(v);
				if ((base == INT4OID && (v < PG_INT32_MIN || v > PG_INT32_MAX)) ||
					(base == INT2OID && (v < PG_INT16_MIN || v > PG_INT16_MAX)))
					ereport(ERROR,
							(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
							 errmsg("topk item " INT64_FORMAT " is out of range for type %s", v,
									format_type_be(base)),
							 errhint("Ask for the items as bigint: topk_items(sketch, n, NULL::bigint).")));
				return base == INT4OID ? Int32GetDatum((int32) v) : Int16GetDatum((int16) v);
			}
		case TEXTOID:
			{
				char	   *s = pg_any_to_server((const char *) item->item, (int) item->length, PG_UTF8);

				return PointerGetDatum(cstring_to_text_with_len(s, s == (const char *) item->item ?
																(int) item->length : (int) strlen(s)));
			}
		case UUIDOID:
			{
				pg_uuid_t  *u = palloc(sizeof(pg_uuid_t));

				memcpy(u->data, item->item, UUID_LEN);
				return UUIDPGetDatum(u);
			}
		default:				/* BYTEAOID */
			{
				bytea	   *b = palloc(VARHDRSZ + item->length);

				SET_VARSIZE(b, VARHDRSZ + item->length);
				memcpy(VARDATA(b), item->item, item->length);
				return PointerGetDatum(b);
			}
	}
}

/* The text form of an item: its value's output function's. */
static Datum
topk_item_text(const ProbTopkItem *item, uint16 kind)
{
	Datum		d;
	Oid			out;
	bool		varlena;

	if (kind == TEXTOID)
		return topk_item_datum(item, kind, TEXTOID);
	d = topk_item_datum(item, kind, kind);
	getTypeOutputInfo(kind, &out, &varlena);
	return CStringGetTextDatum(OidOutputFunctionCall(out, d));
}

/*
 * topk_items(sketch [, n]) with items as text, topk_items(sketch, n, NULL::T)
 * with items of T: the n stored items of highest estimate (all when n is left
 * out), estimate descending, then the items' stored bytes ascending.
 */
PG_FUNCTION_INFO_V1(topk_items);
Datum
topk_items(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	struct varlena *v;
	int64		limit;
	bool		typed = PG_NARGS() > 2;
	Oid			base = InvalidOid;
	ProbTopkInfo info;
	ProbTopkItem *items;
	uint32_t	n;
	ProbAllocator alloc;

	/* Not strict for its NULL::T argument: a NULL sketch or n gives no rows. */
	if (PG_ARGISNULL(0) || (PG_NARGS() > 1 && PG_ARGISNULL(1)))
	{
		InitMaterializedSRF(fcinfo, 0);
		return (Datum) 0;
	}
	v = topk_finished(PG_GETARG_VARLENA_PP(0));
	limit = PG_NARGS() > 1 ? PG_GETARG_INT32(1) : PG_INT64_MAX;

	if (limit < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("topk_items n must not be negative, not " INT64_FORMAT, limit)));
	PROB_TRY(prob_topk_info(PROB_BYTES(v), &info, PROB_ERR));
	if (typed)
	{
		Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, 2);

		if (!OidIsValid(typid))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("topk_items cannot tell the type of its third argument")));
		base = getBaseType(typid);
		if (info.kind != 0 && !topk_kind_gives(info.kind, base))
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("topk sketch of %s cannot give items of type %s", prob_kind_values_text(info.kind),
							format_type_be(typid)),
					 errhint("Pass a NULL of the sketch's item type, as in topk_items(sketch, n, NULL::%s).",
							 format_type_be(info.kind))));
	}
	InitMaterializedSRF(fcinfo, 0);
	alloc = prob_context_allocator(CurrentMemoryContext);
	PROB_TRY(prob_topk_items(PROB_BYTES(v), &alloc, &items, &n, PROB_ERR));
	for (uint32_t i = 0; i < n && i < limit; i++)
	{
		Datum		values[4];
		bool		nulls[4] = {false, false, false, false};

		values[0] = typed ? topk_item_datum(&items[i], info.kind, base) : topk_item_text(&items[i], info.kind);
		values[1] = Int64GetDatum((int64) (items[i].count + info.offset));
		values[2] = Int64GetDatum((int64) items[i].count);
		values[3] = Int64GetDatum((int64) (items[i].count + info.offset));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
