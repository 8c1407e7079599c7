/*
 * Outside bytes in and out (value_io.h).
 */
#include "value_io.h"

#include <math.h>

#include "common/shortest_dec.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

char *
prob_text_to_bytes(const char *str, const char *type_name, size_t *size)
{
	size_t		len = strlen(str);
	size_t		digits;
	char	   *bytes;

	if (len < 2 || str[0] != '\\' || str[1] != 'x')
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: \"%.40s\"", type_name, str),
				 errdetail("A value of type %s is written as \\x followed by hexadecimal digits.",
						   type_name)));
	/* Checked here: hex_decode would skip white space and report bad digits as 22023. */
	digits = strspn(str + 2, "0123456789abcdefABCDEF");
	if (2 + digits < len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: invalid hexadecimal digit at position %zu",
						type_name, digits + 3)));
	if (digits % 2 != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input syntax for type %s: odd number of hexadecimal digits", type_name)));
	bytes = palloc(digits / 2 + 1);
	*size = hex_decode(str + 2, digits, bytes);
	return bytes;
}

char *
prob_bytes_to_text(const void *bytes, size_t size, const char *type_name)
{
	char	   *out;

	if (size > (MaxAllocSize - 3) / 2)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("a %s value of %zu bytes is too large for its text form", type_name, size),
				 errdetail("Its hexadecimal text would pass PostgreSQL's 1 GB limit."),
				 errhint("Use binary COPY, or a client that reads values in binary.")));
	out = palloc(2 * size + 3);
	out[0] = '\\';
	out[1] = 'x';
	hex_encode(bytes, size, out + 2);
	out[2 + 2 * size] = '\0';
	return out;
}

struct varlena *
prob_value_from_bytes(const char *bytes, size_t size, ProbValidate validate)
{
	struct varlena *v = palloc(size + VARHDRSZ);

	SET_VARSIZE(v, size + VARHDRSZ);
	memcpy(VARDATA(v), bytes, size);
	PROB_TRY(validate(PROB_BYTES(v), PROB_ERR));
	return v;
}

struct varlena *
prob_value_in(const char *str, const char *type_name, ProbValidate validate)
{
	size_t		size;
	char	   *bytes = prob_text_to_bytes(str, type_name, &size);

	return prob_value_from_bytes(bytes, size, validate);
}

struct varlena *
prob_value_recv(StringInfo buf, ProbValidate validate)
{
	int			size = buf->len - buf->cursor;

	return prob_value_from_bytes(pq_getmsgbytes(buf, size), size, validate);
}

char *
prob_value_out(struct varlena *v, const char *type_name)
{
	return prob_bytes_to_text(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), type_name);
}

bytea *
prob_value_send(struct varlena *v)
{
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));
	return pq_endtypsend(&buf);
}

struct varlena *
prob_value_from_bytea(struct varlena *v, ProbValidate validate)
{
	PROB_TRY(validate(PROB_BYTES(v), PROB_ERR));
	return v;
}

char *
prob_json_number(double v)
{
	char	   *text;

	if (!isfinite(v))
		return pstrdup("null");
	text = palloc(DOUBLE_SHORTEST_DECIMAL_LEN);
	double_to_shortest_decimal_buf(v + 0.0, text);	/* + 0.0: -0 prints as 0 */
	return text;
}
