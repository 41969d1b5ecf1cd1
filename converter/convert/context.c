// SPDX-License-Identifier: GPL-2.0
/*
 * Hard-irq assumptions in handler code.  The split planner asks them of a
 * handler it would move to the thread whole; the renderer, of each
 * statement it moves, to rewrite what it can (irqoff helpers, bottom-half
 * brackets) and note the rest.  Locks, line control and softirqs are the
 * lock analysis's (analyze/lock-thread.h): followed through the module's
 * callees to any depth, against every other context that takes the lock.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-thread.h"
#include "ast/cursor.h"
#include "convert/context.h"

bool is_irqoff_helper(const char *callee)
{
	return ends_with(callee, "_irqoff");
}

bool is_context_query(const char *callee)
{
	return !strcmp(callee, "in_interrupt") || !strcmp(callee, "in_irq") ||
	       !strcmp(callee, "in_softirq") || !strcmp(callee, "in_hardirq");
}

/*
 * A handler moved to the thread whole keeps its body, which its other
 * callers (pvscsi_shared_isr() calls pvscsi_isr()) run too: what would
 * have to change there for thread context, where hard irqs and bottom
 * halves are enabled, cannot be changed.
 */
bool hardirq_assumption(struct lock_module *lm, CXCursor def,
			struct refusal *rf)
{
	struct cursor_list calls = { NULL, 0, 0 };
	char *handler = cursor_name(def);
	char *why = NULL;
	size_t i;

	if (!lm)
		goto others;
	lock_thread_begin(lm, def, false);
	if (lock_thread_check(lm, def, false, false, def, NULL, rf)) {
		free(handler);
		return true;
	}
others:
	find_calls(def, any_callee, &calls);
	for (i = 0; i < calls.nr && !why; i++) {
		char *name = call_name(calls.v[i]);

		if (is_irqoff_helper(name))
			why = xasprintf("calls %s(), which assumes interrupts off",
					name);
		else if (is_context_query(name))
			why = xasprintf("asks %s(), which would now see thread context",
					name);
		free(name);
	}
	cursor_list_release(&calls);
	if (!why && lm && lock_thread_raises(lm, def))
		why = xstrdup("raises a softirq (NAPI, a tasklet, a tx completion), which from the thread would wait for ksoftirqd unless its body were bracketed with local_bh_disable()");
	if (why)
		refusal_set(rf, R_WHOLE_NEEDS_CHANGE, handler, why);
	free(handler);
	free(why);
	return why != NULL;
}
