/*
 * Module entry, the palloc allocator handed to the core, and the one place
 * where core errors become ereport.
 */
#include "probabilistic.h"

#include "utils/memutils.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/*
 * Polled by the core's long loops, inside C++ frames: it only answers whether
 * CHECK_FOR_INTERRUPTS would act now, and never raises (PROB_TRY serves it).
 */
static bool
interrupt_pending(void)
{
	return INTERRUPTS_PENDING_CONDITION() && INTERRUPTS_CAN_BE_PROCESSED();
}

void
_PG_init(void)
{
	prob_set_interrupt_hook(interrupt_pending);
}

static uint8_t *
palloc_with_header(void *ctx, size_t size)
{
	char	   *p;

	(void) ctx;
	/* Refuse rather than let palloc raise: this runs inside a C++ frame. */
	if (size > MaxAllocSize - VARHDRSZ)
		return NULL;
	p = palloc_extended(size + VARHDRSZ, MCXT_ALLOC_NO_OOM);
	if (p == NULL)
		return NULL;
	SET_VARSIZE(p, size + VARHDRSZ);
	return (uint8_t *) p + VARHDRSZ;
}

static void
pfree_with_header(void *ctx, uint8_t *block)
{
	(void) ctx;
	pfree(block - VARHDRSZ);
}

const ProbAllocator prob_palloc_allocator = {palloc_with_header, NULL, pfree_with_header};

void
prob_raise(const ProbError *err)
{
	int			code;

	switch (err->kind)
	{
		case PROB_INVALID_PARAMETER:
		case PROB_MISMATCH:
			code = ERRCODE_INVALID_PARAMETER_VALUE;
			break;
		case PROB_CORRUPT:
			code = ERRCODE_INVALID_BINARY_REPRESENTATION;
			break;
		case PROB_TOO_LARGE:
			code = ERRCODE_PROGRAM_LIMIT_EXCEEDED;
			break;
		case PROB_OUT_OF_MEMORY:
			code = ERRCODE_OUT_OF_MEMORY;
			break;
		default:
			code = ERRCODE_INTERNAL_ERROR;
			break;
	}
	ereport(ERROR,
			(errcode(code),
			 errmsg_internal("%s", err->message),
			 err->detail[0] ? errdetail_internal("%s", err->detail) : 0,
			 err->hint[0] ? errhint("%s", err->hint) : 0));
	pg_unreachable();
}
