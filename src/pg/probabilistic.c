/*
 * Module entry: the interrupt hook the core polls.
 */
#include "probabilistic.h"


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
