/* The C face of the binary fuse filter core (fuse.hpp). Functions return false and fill *err on failure. */
#ifndef PROBABILISTIC_FUSE_CAPI_H
#define PROBABILISTIC_FUSE_CAPI_H

#include "capi.h"
#include "core/fuse_probe.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PROB_FUSE_FORM_KEYS 1
#define PROB_FUSE_FORM_FILTER 2

/* The header of a stored value, read without touching its payload. */
typedef struct ProbFuseParams
{
	int			hash_id;
	int			form;			/* PROB_FUSE_FORM_* (a working state reads as keys) */
	int			fingerprint_bits;
	uint64_t	seed;
	double		fpr;
	uint64_t	keys;
} ProbFuseParams;

typedef struct ProbFuseInfo
{
	int			format_version;
	int			hash_id;
	uint16_t	kind;
	int			form;
	uint64_t	seed;
	double		fpr;
	int			fingerprint_bits;
	uint64_t	keys;
	uint64_t	segment_length;
	uint64_t	segment_count;
	uint64_t	attempt;
	uint64_t	array_length;
	double		estimated_fpr;	/* filter: 2^-f; key set: n / 2^64 */
	double		bits_per_key;	/* payload bits / n; 0 when n = 0 */
	size_t		bytes;
} ProbFuseInfo;

/* Full field-by-field validation, for bytes from outside (a working state is refused). */
bool		prob_fuse_validate(const uint8_t *data, size_t size, ProbError *err);
/* Header checks only (what keeps every access inside the bytes). */
bool		prob_fuse_params(const uint8_t *data, size_t size, ProbFuseParams *params, ProbError *err);
/* A key set with no keys (form 1): the aggregate's first state. Checks fpr. */
bool		prob_fuse_empty_keys(double fpr, uint64_t seed, const ProbAllocator *alloc, ProbBuffer *out,
								 ProbError *err);
/* The aggregate's state was made with this rate and seed (PROB_REASON_PARAMETERS_CHANGED if not). */
bool		prob_fuse_check_state_parameters(const uint8_t *data, size_t size, double fpr, uint64_t seed,
											 ProbError *err);
/*
 * Appends a hash to a key set, turning it into a working state (unsorted, may
 * repeat) when in_place; without in_place the result is a canonical key set in
 * new memory. The size grows: the result may be new memory either way.
 */
bool		prob_fuse_add_hash(uint8_t *data, size_t size, uint64_t hash, uint16_t kind, bool in_place,
							   const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* A working state or key set as a canonical key set (sorted, distinct); a canonical one may come back as is. */
bool		prob_fuse_canonical(uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
								ProbError *err);
/* Union of two key sets (working or canonical) into a canonical key set in new memory; filters refused. */
bool		prob_fuse_union(const uint8_t *left, size_t left_size, const uint8_t *right, size_t right_size,
							const ProbAllocator *alloc, ProbBuffer *out, ProbError *err);
/* The filter of a key set (working or canonical); a filter comes back as is. Polls interrupts. */
bool		prob_fuse_build(const uint8_t *data, size_t size, const ProbAllocator *alloc, ProbBuffer *out,
							ProbError *err);
bool		prob_fuse_contains_hash(const uint8_t *data, size_t size, uint64_t hash, bool *found, ProbError *err);
/* Many probes of one value: found[i] for hashes[i]. */
bool		prob_fuse_contains_hashes(const uint8_t *data, size_t size, const uint64_t *hashes, size_t count,
									  bool *found, ProbError *err);
/* The probe of a value (fuse_probe.h), for many calls of prob_fuse_probe_contains; it points into data. */
bool		prob_fuse_probe_prepare(const uint8_t *data, size_t size, ProbFuseProbe *probe, ProbError *err);
bool		prob_fuse_info(const uint8_t *data, size_t size, ProbFuseInfo *info, ProbError *err);

#ifdef __cplusplus
}
#endif

#endif							/* PROBABILISTIC_FUSE_CAPI_H */
