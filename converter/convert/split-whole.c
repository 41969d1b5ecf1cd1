// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the whole move: no primary handler, IRQF_ONESHOT, the
 * old handler as the thread function.  Taken when there is nothing a
 * quick check could do in hard-irq context that the masked line does not
 * already do: no check of whose interrupt it is, or a check that no write
 * shown to silence the device follows on a line of its own, or on a
 * shared line whose every request the tree shows is this one.
 */
#include <stdlib.h>

#include "analyze/line-share.h"
#include "ast/cursor.h"
#include "convert/context.h"
#include "convert/fold-work.h"
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

/* What the patch says of an agreed line: who shares it, what genirq does. */
static char *agreed_text(const struct line_share *ls)
{
	return xasprintf("Who shares the line: its irq comes from %s, firmware data of the device, not from PCI, and in this module only the request at line %u of %s asks for it, once for each device the driver binds, so several instances of the driver may share it, and while the thread of one runs the line stays masked for the others too; that request now passes IRQF_SHARED | IRQF_ONESHOT. genirq makes every action of a shared line agree on IRQF_ONESHOT: if firmware wires another driver to the same line and it requests it without IRQF_ONESHOT, whichever of the two requests the line second fails with -EBUSY and \"Flags mismatch irq N\" in the log, so that driver does not probe; the line does not storm. Such a driver must request its handler with IRQF_ONESHOT too.",
			 ls->source, ls->line, ls->file);
}

/*
 * A shared line whose requesters agree (analyze/line-share.h): every
 * request of it the tree shows is this one, so all its actions will pass
 * IRQF_ONESHOT and the handler moves whole, as on a line of its own: its
 * check included when @checked, else claiming every interrupt of the line
 * as it did in hard-irq context; genirq refuses any other requester that
 * disagrees.
 * Returns 1, the plan untouched, when the line is not agreed or the
 * handler cannot run whole in the thread.
 */
static int whole_on_agreed_line(struct split_plan *plan, bool checked)
{
	const struct line_share *ls = plan->line;
	const char *why = plan->silence_why;

	if (!ls || !ls->agreed)
		return 1;
	if (split_plan_whole(plan)) {
		refusal_release(&plan->refusal);
		return 1;
	}
	plan->agreed_line = agreed_text(ls);
	if (!checked) {
		plan->why = xasprintf("the line is shared, but its irq comes from %s, not from PCI, and the module makes no other request that may share it, so the only requester of the line the tree shows is this request, once for each device; %s() has no check of whose interrupt it is to split out, so the primary handler is NULL and IRQF_SHARED | IRQF_ONESHOT keeps the line masked until the thread has run the whole handler",
				      ls->source, plan->handler);
		plan->whole_why = xasprintf("the line may be shared, and %s() never returns IRQ_NONE: it has no check of whose interrupt it is that a primary handler could make. The thread claims every interrupt of the line, as the handler did in hard-irq context.",
					    plan->handler);
		return 0;
	}
	plan->why = xasprintf("the line is shared, but its irq comes from %s, not from PCI, and the module makes no other request that may share it, so the only requester of the line the tree shows is this request, once for each device; no register write of %s() is shown to silence the device, so the primary handler is NULL and IRQF_SHARED | IRQF_ONESHOT keeps the line masked until the thread has run the whole handler, its check of whose interrupt it is included",
			      ls->source, plan->handler);
	plan->whole_why = xasprintf("the line may be shared, and no register write of the handler is shown to silence the device%s%s. A primary handler could only check whose interrupt it is, and without the line masked the device would raise it again before the thread ran. The thread makes that check itself and returns IRQ_NONE when the interrupt is not its device's, so the core's detection of unhandled interrupts still works.",
				    why ? ": " : "", why ? why : "");
	return 0;
}

int split_plan_whole_shared(struct split_plan *plan)
{
	return whole_on_agreed_line(plan, true);
}

void split_plan_work_shared(struct split_plan *plan)
{
	const struct line_share *ls = plan->line;

	free(plan->why);
	plan->why = xasprintf("%s() only queues the work item '%s', whose function %s() does the work in process context; the line is shared, but its irq comes from %s, not from PCI, and the module makes no other request that may share it, so %s() becomes the thread function with no primary handler, and IRQF_SHARED | IRQF_ONESHOT keeps the line masked until it has run",
			      plan->handler, plan->work->field_name,
			      plan->work->fn, ls->source, plan->work->fn);
	plan->agreed_line = agreed_text(ls);
}

int split_plan_whole_shared_unchecked(struct split_plan *plan)
{
	if (!cursor_fn_always_handled(plan->def))
		return 1;
	return whole_on_agreed_line(plan, false);
}
