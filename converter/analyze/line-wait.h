/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_LINE_WAIT_H
#define IRQCONV_ANALYZE_LINE_WAIT_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "model/reasons.h"

struct lock_module;

/*
 * Does the module wait for @handler's line where it may not sleep:
 * disable_irq() or synchronize_irq() of that line while it holds a
 * spinlock or has interrupts off?  A hard-irq handler is waited for by
 * spinning; an irq thread with wait_event() (kernel/irq/manage.c,
 * synchronize_irq()), which sleeps.  The refusal names the function, the
 * call and the lock (line-wait-atomic).
 */
bool line_waits_atomic(struct lock_module *lm, CXCursor handler,
		       struct refusal *why);

#endif
