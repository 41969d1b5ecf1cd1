/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_RENDER_LOCKS_H
#define IRQCONV_CONVERT_RENDER_LOCKS_H

#include "convert/split.h"

/*
 * Edits in @inner that make the thread's own spin_lock()/spin_unlock()
 * calls the form other contexts taking the lock require; *@need_flags when
 * one became irqsave, the identities of those that became _bh in @bh_ids.
 * -1 with @why when a lock needs a form convert does not write.
 */
int thread_lock_forms(const struct split_plan *plan, const char *buf,
		      struct edit_list *inner, bool *need_flags,
		      struct strvec *bh_ids, struct strvec *notes,
		      struct refusal *why);

/*
 * The form the thread takes the lock @l in, when thread_lock_forms()
 * rewrites its plain spin_lock(): LF_IRQSAVE, LF_BH, or LF_PLAIN when the
 * call stays as written; *@who says who else takes it, or NULL.  Valid
 * once the plan is rendered (the module's contexts as that left them).
 */
enum lock_form thread_lock_form(const struct split_plan *plan,
				const struct strvec *quick,
				const struct lm_lock *l, char **who);

/*
 * local_bh_disable()/local_bh_enable() around each thread statement that
 * raises a softirq (@wrap, per statement), or around the whole region of
 * statements holding a lock when it is raised inside one (none when that
 * lock is taken with spin_lock_bh(): its unlock runs the softirq); a
 * `return f();` that raises one returns a new local `ret` (*@need_ret).
 */
int thread_bh_brackets(const struct split_plan *plan, const char *buf,
		       const bool *wrap, const struct strvec *bh_ids,
		       struct edit_list *inner, bool *need_ret,
		       struct strvec *notes, struct refusal *why);

#endif
