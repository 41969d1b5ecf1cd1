// SPDX-License-Identifier: GPL-2.0
/*
 * Calls whose meaning depends on the context the handler runs in:
 *   irqs_off_calls  helpers valid only with interrupts off (*_irqoff)
 *   context_checks  in_interrupt(), in_irq(), ... (true in hard irq only)
 *   line_control    disable_irq(), synchronize_irq(), ... on an irq line
 *   may_sleep       calls that may sleep (wrong in the old handler already)
 *   demux           dispatch to other irqs (kapi-hardirq.def, HI_DEMUX); the
 *                   verdict follows callees too (hardirq-only.c)
 */
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/hardirq-only.h"

static const char *const context_checks[] = {
	"in_interrupt", "in_irq", "in_hardirq", "in_softirq", "in_atomic",
	"in_task", "in_serving_softirq", "irqs_disabled", NULL,
};

static const char *const line_control[] = {
	"disable_irq", "disable_irq_nosync", "disable_hardirq", "enable_irq",
	"synchronize_irq", "synchronize_hardirq", NULL,
};

static const char *const may_sleep[] = {
	"msleep", "ssleep", "usleep_range", "usleep_range_state",
	"msleep_interruptible", "schedule", "schedule_timeout",
	"wait_for_completion", "wait_for_completion_timeout",
	"mutex_lock", "mutex_lock_interruptible", "might_sleep",
	"__might_sleep", "down", "down_interruptible", NULL,
};

static void context_call(struct analysis_ctx *ctx, const struct an_call *c,
			 void *data)
{
	(void)data;
	if (ends_with(c->written, "_irqoff") || ends_with(c->callee, "_irqoff"))
		an_add(ctx, FACT_IRQOFF, ends_with(c->written, "_irqoff") ?
		       c->written : c->callee, c->cursor);
	if (name_in(c->written, context_checks))
		an_add(ctx, FACT_CONTEXT, c->written, c->cursor);
	if (an_call_is(c, line_control))
		an_add(ctx, FACT_LINE, c->callee, c->cursor);
	if (an_call_is(c, may_sleep))
		an_add(ctx, FACT_SLEEP, name_in(c->written, may_sleep) ?
		       c->written : c->callee, c->cursor);
	if (kapi_hardirq_class(c->callee, NULL) == HI_DEMUX ||
	    kapi_hardirq_class(c->written, NULL) == HI_DEMUX)
		an_add(ctx, FACT_DEMUX, c->callee, c->cursor);
}

void analyze_context(struct analysis_ctx *ctx)
{
	an_for_each_call(ctx, context_call, NULL);
}
