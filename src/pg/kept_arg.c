/*
 * A sketch argument kept across calls (kept_arg.h).
 */
#include "kept_arg.h"

#include "access/detoast.h"

struct varlena *
prob_kept_arg(FunctionCallInfo fcinfo, ProbKeptArg *kept, int argno, bool *again)
{
	struct varlena *arg = PG_GETARG_RAW_VARLENA_P(argno);
	struct varatt_external pointer;
	struct varlena *copy;
	MemoryContext old;

	if (again != NULL)
		*again = false;
	if (!VARATT_IS_EXTERNAL_ONDISK(arg))
		return PG_DETOAST_DATUM_PACKED(PointerGetDatum(arg));
	VARATT_EXTERNAL_GET_POINTER(pointer, arg);
	if (kept->copy != NULL && memcmp(&pointer, &kept->pointer, sizeof(pointer)) == 0)
	{
		if (again != NULL)
			*again = true;
		return kept->copy;
	}
	old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	copy = detoast_attr(arg);
	MemoryContextSwitchTo(old);
	if (kept->copy != NULL)
		pfree(kept->copy);
	kept->copy = copy;
	kept->pointer = pointer;
	return copy;
}

struct varlena *
prob_kept_sketch(FunctionCallInfo fcinfo, ProbKeptSketch *kept, int argno, uint64 (*seed_of) (struct varlena *),
				 uint64 *seed)
{
	bool		again;
	struct varlena *v = prob_kept_arg(fcinfo, &kept->kept, argno, &again);

	if (again && kept->seed_known)
	{
		*seed = kept->seed;
		return v;
	}
	/* Not known until read: seed_of may raise. */
	kept->seed_known = false;
	*seed = seed_of(v);
	if (v == kept->kept.copy)
	{
		kept->seed = *seed;
		kept->seed_known = true;
	}
	return v;
}
