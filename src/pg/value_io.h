/*
 * Outside bytes in and out: the text form of a value (\x and hexadecimal, as
 * bytea's), the binary form, the cast from bytea, each validated field by
 * field by the core; and the numbers of the *_info functions.
 */
#ifndef PROBABILISTIC_VALUE_IO_H
#define PROBABILISTIC_VALUE_IO_H

#include "probabilistic.h"

/*
 * The bytes a text form spells, or a 22P02 error naming the type. Only the
 * digits are decoded: white space and every other character are refused.
 */
extern char *prob_text_to_bytes(const char *str, const char *type_name, size_t *size);
/* The text form of size bytes; 54000 when it would pass the 1 GB limit. */
extern char *prob_bytes_to_text(const void *bytes, size_t size, const char *type_name);

/*
 * The types' I/O, shared: each type passes its C face's validation of
 * outside bytes (prob_bloom_validate and the like).
 */
typedef bool (*ProbValidate) (const uint8_t *data, size_t size, ProbError *err);
/* A new varlena of the bytes, validated field by field (22P03 naming the field). */
extern struct varlena *prob_value_from_bytes(const char *bytes, size_t size, ProbValidate validate);
/* The input function's work: the text form's bytes, validated. */
extern struct varlena *prob_value_in(const char *str, const char *type_name, ProbValidate validate);
/* The receive function's work: the rest of the message, validated. */
struct StringInfoData;
extern struct varlena *prob_value_recv(struct StringInfoData *buf, ProbValidate validate);
/* The output and send functions' work: the bytes as text, and as they are. */
extern char *prob_value_out(struct varlena *v, const char *type_name);
extern bytea *prob_value_send(struct varlena *v);
/* The cast from bytea: the same bytes, validated. */
extern struct varlena *prob_value_from_bytea(struct varlena *v, ProbValidate validate);

/*
 * A floating-point number of hll_info, bloom_info or cuckoo_info, as JSON text
 * (doc/FORMAT.md 1, one rule for all three): the shortest decimal that reads
 * back as the same binary64, whatever the session's extra_float_digits; -0 as
 * 0; null when not finite (JSON has no infinities).
 */
extern char *prob_json_number(double v);

#endif							/* PROBABILISTIC_VALUE_IO_H */
