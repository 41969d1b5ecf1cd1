// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the whole move: no primary handler, IRQF_ONESHOT, the
 * old handler as the thread function.  Taken when there is nothing a
 * quick check could do in hard-irq context that the masked line does not
 * already do: no check of whose interrupt it is, or a check that no write
 * shown to silence the device follows on a line of its own.
 */
#include <stdlib.h>

#include "convert/context.h"
#include "convert/split-parts.h"
#include "convert/whole-edits.h"
#include "tu.h"

int split_plan_whole(struct split_plan *plan)
{
	if (hardirq_assumption(plan->lm, plan->def, &plan->refusal)) {
		if (!whole_editable(plan) ||
		    !clang_Cursor_isNull(find_call(plan->def,
						   is_context_query))) {
			plan->strategy = SPLIT_NONE;
			return -1;
		}
		/* render: lock forms, the tasklet folded, brackets */
		refusal_release(&plan->refusal);
		plan->whole_edited = true;
	}
	plan->whole_thread = true;
	plan->strategy = SPLIT_ONESHOT;
	return 0;
}

/*
 * A quick check that would silence nothing on an exclusive line only reads
 * the status and hands it to the thread through a new atomic_t: the masked
 * line already keeps the device quiet, so the handler moves whole, its
 * check included (IRQ_NONE from the thread counts for the spurious
 * detector as from a primary).  When the body cannot run in the thread
 * unchanged nor be edited for it, the split with a quick check is still
 * planned (returns 1), as before.
 */
int split_plan_whole_checked(struct split_plan *plan)
{
	const char *why = plan->silence_why;

	if (split_plan_whole(plan)) {
		refusal_release(&plan->refusal);
		return 1;
	}
	plan->why = xasprintf("the line is not shared and no register write of %s() is shown to silence the device, so a quick check could only read the status and hand it to the thread: the primary handler is NULL and IRQF_ONESHOT keeps the line masked until the thread has run the whole handler, its check of whose interrupt it is included",
			      plan->handler);
	plan->whole_why = xasprintf("the line is not shared, and no register write of the handler is shown to silence the device%s%s. A primary handler could only check whose interrupt it is and hand the status it read to the thread; the thread makes that check itself and returns IRQ_NONE when the interrupt is not its device's.",
				    why ? ": " : "", why ? why : "");
	return 0;
}
