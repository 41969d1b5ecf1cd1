/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_CONTEXT_H
#define IRQCONV_CONVERT_CONTEXT_H

#include <clang-c/Index.h>
#include <stdbool.h>

/*
 * What handler code assumes about hard-irq context, which stops holding
 * once it runs in a thread: interrupts off (the *_irqoff helpers, plain
 * spin_lock() against the handler itself), softirqs raised on the way out
 * of the interrupt, answers of in_interrupt() and friends.
 */

/* Calls that raise a softirq themselves: NAPI, tasklets, raise_softirq. */
bool is_softirq_raiser(const char *callee);
/* spin_lock_irqoff-style helpers: they leave interrupts as they are. */
bool is_irqoff_helper(const char *callee);
/* in_interrupt(), in_irq(), in_softirq(), in_hardirq(). */
bool is_context_query(const char *callee);

/*
 * Does @c raise a softirq, directly or through the functions it calls
 * whose bodies this unit has (@depth calls deep)?
 */
bool raises_softirq(CXCursor c, int depth);

/*
 * What in the body of @def would have to change for it to run in a
 * thread unchanged, as a phrase ("calls foo_irqoff(), which assumes
 * interrupts off"), or NULL when nothing.
 */
char *hardirq_assumption(CXCursor def);

#endif
