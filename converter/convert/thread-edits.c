// SPDX-License-Identifier: GPL-2.0
/*
 * The edits inside the thread's statements: folded tasklets, lock forms,
 * bottom-half brackets around raised softirqs, helpers that assumed
 * interrupts off.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/kapi-raise.h"
#include "analyze/lock-graph.h"
#include "analyze/lock-thread.h"
#include "convert/context.h"
#include "convert/fold.h"
#include "convert/render-locks.h"
#include "convert/thread-edits.h"
#include "tu.h"

/* Whether the thread's edits bracket anything with local_bh_disable(). */
static bool has_bh_bracket(const struct edit_list *inner)
{
	size_t i;

	for (i = 0; i < inner->nr; i++)
		if (!strcmp(inner->v[i].why, "bh bracket"))
			return true;
	return false;
}

/*
 * Edits inside the thread's statements, and elsewhere in the file for a
 * folded tasklet.  Returns -1 after a refusal written to @why.
 */
int render_thread_edits(const struct split_plan *plan, const char *buf,
			size_t len, struct edit_list *inner,
			struct edit_list *el, bool *need_flags, bool *need_ret,
			bool *bh_region,
			struct strbuf *protos, struct strvec *notes,
			struct refusal *why)
{
	bool *wraps = xcalloc(plan->nr_stmts + 1, sizeof(*wraps));
	struct strvec bh_ids = STRVEC_INIT;
	size_t i, k, raised_note = SIZE_MAX;
	int ret;

	*need_flags = false;
	*need_ret = false;
	*bh_region = false;
	fold_mark(plan, true);
	ret = thread_lock_forms(plan, buf, inner, need_flags, &bh_ids, notes,
				why);
	if (ret)
		goto out;
	for (i = 0; i < plan->nr_stmts; i++) {
		const struct split_stmt *st = &plan->stmts[i];
		struct cursor_list calls = { NULL, 0, 0 };
		bool wrap = false;
		bool folded = false;

		if (st->role != ROLE_THREAD)
			continue;
		find_calls(st->cursor, any_callee, &calls);
		for (k = 0; k < calls.nr; k++) {
			CXCursor c = calls.v[k];
			char *name = call_name(c);
			struct cursor_range r = cursor_range(c);

			if (!strcmp(name, "tasklet_schedule")) {
				struct tasklet_fold tf;

				fold_plan_tasklet(c, plan, &tf);
				if (tf.refusal) {
					strvec_push_nodup(notes, xasprintf("Tasklet kept: %s.", tf.refusal));
					wrap = true;
				} else if (!r.in_macro) {
					char *field = cursor_name(tf.field);

					strvec_push_nodup(notes, xasprintf("Tasklet '%s' folded: %s() now runs in the thread, called directly; %s.",
									  field, tf.fn, fold_teardown_note(&tf)));
					tf.merged = fold_equal_arms(st->cursor,
								    c, &tf, buf);
					if (!clang_Cursor_isNull(tf.merged)) {
						r = cursor_range(tf.merged);
						fold_arms_note(tf.merged, &tf,
							       buf, notes);
					}
					fold_plan_retype(c, plan, buf, &tf);
					edit_add_take(inner, r.begin,
						      r.end - r.begin,
						      fold_tasklet_render(&tf, c,
							plan, buf, len, inner,
							el, protos, notes),
						      "tasklet folded");
					folded = true;
					free(field);
				}
				fold_release(&tf);
			} else if (kapi_raiser(name)) {
				wrap = true;
			}
			if (is_irqoff_helper(name) && !r.in_macro) {
				char *plain = xstrndup(name, strlen(name) -
						       strlen("_irqoff"));
				CXCursor callee = clang_getCursorReferenced(c);

				(void)callee;
				edit_add(inner, r.begin, strlen(name), plain,
					 "irqoff helper");
				strvec_push_nodup(notes, xasprintf("%s() assumed interrupts off; the thread calls %s().",
								  name, plain));
				free(plain);
			}
			if (is_context_query(name))
				strvec_push_nodup(notes, xasprintf("%s() in the moved code now sees thread context: check what it decides.",
								  name));
			free(name);
		}
		cursor_list_release(&calls);
		if (!wrap && !folded && plan->lm &&
		    lock_thread_raises(plan->lm, st->cursor))
			wrap = true;
		wraps[i] = wrap || folded;
		if ((wrap || folded) && plan->lock_arg) {
			/* local_bh_enable() must not run with irqs off */
			*bh_region = true;
			strvec_push(notes, "Softirq work the thread raises (NAPI, tx completions, tasklets) would otherwise wait for ksoftirqd: the thread's locked region is bracketed with local_bh_disable()/local_bh_enable(), outside the irqsave lock, so that it runs on the way out.");
		} else if (wrap || folded) {
			if (wrap && raised_note == SIZE_MAX) {
				raised_note = notes->nr;
				strvec_push(notes, "Softirq work the thread raises would otherwise wait for ksoftirqd: the code that raises it is bracketed with local_bh_disable()/local_bh_enable(), so that it runs on the way out.");
			}
			if (folded)
				strvec_push(notes, "The folded tasklet function runs with bottom halves disabled, as it did in the tasklet, so what it calls (locks it shares with softirq code, completion callbacks) keeps the context it expects.");
		}
	}
	if (!plan->lock_arg)
		ret = thread_bh_brackets(plan, buf, wraps, &bh_ids, inner, need_ret,
					 notes, why);
	if (!ret && raised_note != SIZE_MAX && !has_bh_bracket(inner)) {
		free(notes->v[raised_note]);
		notes->v[raised_note] = xstrdup("Softirq work the thread raises runs when the thread's spin_unlock_bh() ends the region that raised it, so it needs no bracket of its own.");
	}
out:
	free(wraps);
	fold_mark(plan, false);
	strvec_clear(&bh_ids);
	return ret;
}
