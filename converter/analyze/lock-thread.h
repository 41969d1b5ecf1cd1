/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_LOCK_THREAD_H
#define IRQCONV_ANALYZE_LOCK_THREAD_H

#include "analyze/lock-graph.h"
#include "model/reasons.h"

/*
 * What code moved from a hard-irq handler into its irq thread meets: the
 * locks it and its callees take, against every other context that takes
 * them; raw locks; line control of its own line; softirqs raised down the
 * chain.  Each problem is a refusal with a reason code.
 */

/*
 * The contexts of @lm without the handler @handler as a root; when it is
 * @split, its direct callers call its quick check instead (callsite.c), so
 * no context reaches through it either.
 */
void lock_thread_begin(struct lock_module *lm, CXCursor handler, bool split);

/*
 * The form the thread must take @l in: LF_IRQSAVE when hard-irq code takes
 * it elsewhere (or its identity is in @quick, the quick check's locks),
 * LF_BH when softirq code does, else LF_PLAIN; *@who says who, or NULL.
 */
enum lock_form lock_thread_needs(const struct lock_module *lm,
				 const struct lm_lock *l,
				 const struct strvec *quick, char **who);

/*
 * Is there a problem in the code @code (a statement or a function body) in
 * the thread of @handler?  With @edited, @code's own lock calls are the
 * renderer's to change and only its callees are checked.  With @irqs_off
 * (the thread holds the handler's lock with spin_lock_irqsave()), only
 * the locks of @quick, which it holds, count.  The first problem goes to
 * @rf with its code (lock-plain-in-callee, raw-lock, own-line-disable).
 */
bool lock_thread_check(struct lock_module *lm, CXCursor code, bool edited,
		       bool irqs_off, CXCursor handler,
		       const struct strvec *quick, struct refusal *rf);

/*
 * @fn, a tasklet function the thread will call directly, is no longer a
 * root of softirq context (@folded), or is again.
 */
void lock_thread_fold(struct lock_module *lm, CXCursor fn, bool folded);

/* Whether @code raises a softirq, itself or anywhere down its callees. */
bool lock_thread_raises(struct lock_module *lm, CXCursor code);

/* The primitive's name in form @form: spin_lock -> spin_lock_bh. */
char *lock_form_name(const struct kapi_lock *prim, enum lock_form form);

#endif
