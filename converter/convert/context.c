// SPDX-License-Identifier: GPL-2.0
/*
 * Hard-irq assumptions in handler code.  The split planner asks them of a
 * handler it would move to the thread whole; the renderer, of each
 * statement it moves, to rewrite what it can (irqoff helpers, bottom-half
 * brackets) and note the rest.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/context.h"
#include "convert/cursor.h"

bool is_softirq_raiser(const char *callee)
{
	return !strcmp(callee, "napi_schedule") ||
	       !strcmp(callee, "__napi_schedule") ||
	       !strcmp(callee, "napi_schedule_irqoff") ||
	       !strcmp(callee, "__napi_schedule_irqoff") ||
	       !strcmp(callee, "raise_softirq_irqoff") ||
	       !strcmp(callee, "__raise_softirq_irqoff") ||
	       !strcmp(callee, "tasklet_schedule") ||
	       !strcmp(callee, "tasklet_hi_schedule");
}

bool is_irqoff_helper(const char *callee)
{
	return ends_with(callee, "_irqoff");
}

bool is_context_query(const char *callee)
{
	return !strcmp(callee, "in_interrupt") || !strcmp(callee, "in_irq") ||
	       !strcmp(callee, "in_softirq") || !strcmp(callee, "in_hardirq");
}

/* Calls that raise a softirq, or end in one (tx completion wakes NET_TX). */
static bool is_indirect_raiser(const char *callee)
{
	return is_softirq_raiser(callee) ||
	       !strcmp(callee, "__netif_schedule") ||
	       !strcmp(callee, "netif_tx_wake_queue") ||
	       !strcmp(callee, "netif_wake_queue") ||
	       !strcmp(callee, "netif_tx_wake_all_queues") ||
	       !strcmp(callee, "__dev_kfree_skb_irq") ||
	       !strcmp(callee, "dev_kfree_skb_irq") ||
	       !strcmp(callee, "dev_consume_skb_irq") ||
	       !strcmp(callee, "raise_softirq") ||
	       !strcmp(callee, "__tasklet_schedule") ||
	       !strcmp(callee, "__tasklet_hi_schedule");
}

/*
 * From the thread, such work would wait for ksoftirqd unless bottom halves
 * are re-enabled on the way out.
 */
bool raises_softirq(CXCursor c, int depth)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	find_calls(c, any_callee, &calls);
	for (i = 0; i < calls.nr && !hit; i++) {
		char *name = call_name(calls.v[i]);
		CXCursor def;

		hit = is_indirect_raiser(name);
		free(name);
		if (hit || depth <= 0)
			continue;
		def = clang_getCursorDefinition(clang_getCursorReferenced(calls.v[i]));
		if (!clang_Cursor_isNull(def))
			hit = raises_softirq(def, depth - 1);
	}
	cursor_list_release(&calls);
	return hit;
}

/*
 * A handler moved to the thread whole keeps its body, which its other
 * callers (pvscsi_shared_isr() calls pvscsi_isr()) run too: what would
 * have to change there for thread context, where hard irqs and bottom
 * halves are enabled, cannot be changed.
 */
char *hardirq_assumption(CXCursor def)
{
	struct cursor_list calls = { NULL, 0, 0 };
	char *why = NULL;
	size_t i;

	find_calls(def, any_callee, &calls);
	for (i = 0; i < calls.nr && !why; i++) {
		char *name = call_name(calls.v[i]);

		if (!strcmp(name, "spin_lock"))
			why = xstrdup("takes a lock with plain spin_lock(), which the thread would hold with interrupts and bottom halves enabled");
		else if (is_irqoff_helper(name))
			why = xasprintf("calls %s(), which assumes interrupts off",
					name);
		else if (is_context_query(name))
			why = xasprintf("asks %s(), which would now see thread context",
					name);
		free(name);
	}
	cursor_list_release(&calls);
	if (!why && raises_softirq(def, 2))
		why = xstrdup("raises a softirq (NAPI, a tasklet, a tx completion), which from the thread would wait for ksoftirqd unless its body were bracketed with local_bh_disable()");
	return why;
}
