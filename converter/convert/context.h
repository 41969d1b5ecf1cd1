/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_CONTEXT_H
#define IRQCONV_CONVERT_CONTEXT_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "model/reasons.h"

struct lock_module;

/*
 * What handler code assumes about hard-irq context, which stops holding
 * once it runs in a thread: interrupts off (the *_irqoff helpers, locks
 * taken without keeping out the other contexts that take them), softirqs
 * raised on the way out of the interrupt, answers of in_interrupt() and
 * friends, disable_irq() of its own line.
 */

/* spin_lock_irqoff-style helpers: they leave interrupts as they are. */
bool is_irqoff_helper(const char *callee);
/* in_interrupt(), in_irq(), in_softirq(), in_hardirq(). */
bool is_context_query(const char *callee);

/*
 * What in the body of @def, or the functions of the module @lm it calls,
 * would have to change for it to run in a thread unchanged: true with the
 * refusal in @rf (a lock code, or whole-needs-change).
 */
bool hardirq_assumption(struct lock_module *lm, CXCursor def,
			struct refusal *rf);

#endif
