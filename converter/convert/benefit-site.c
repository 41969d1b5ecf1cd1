// SPDX-License-Identifier: GPL-2.0
/*
 * The benefit judgement of one planned split (analyze/benefit.c): the
 * statements the thread takes over from the old handler, whether the
 * rendering folded a tasklet into it, and where the thread as rendered
 * keeps interrupts off (a spin_lock() it takes irqsave, the tail lock).
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-graph.h"
#include "convert/fold.h"
#include "convert/render-locks.h"
#include "convert/split-parts.h"
#include "convert/split.h"

static bool read_pred(const char *callee, void *data)
{
	(void)data;
	return is_device_read(callee);
}

static bool write_pred(const char *callee, void *data)
{
	(void)data;
	return is_device_write(callee);
}

struct thread_irqs {
	const struct split_plan *plan;
	struct strvec quick;	/* the quick check's locks */
};

/*
 * The call as the thread makes it: a plain spin_lock() that
 * render-locks.c rewrites, in the form it takes there.
 */
static int thread_irqs_change(CXCursor call, void *data)
{
	struct thread_irqs *ti = data;
	struct lm_lock l;
	char *who = NULL;
	int change;

	memset(&l, 0, sizeof(l));
	l.prim = lm_lock_call(call, NULL);
	if (!l.prim || l.prim->kind != LK_SPIN || l.prim->form != LF_PLAIN ||
	    !lm_lock_identity(call, &l))
		return benefit_irqs_change(call);
	change = thread_lock_form(ti->plan, &ti->quick, &l, &who) != LF_IRQSAVE ?
		 0 : l.prim->op == LO_ACQUIRE ? 1 : -1;
	free(who);
	lm_lock_release(&l);
	return change;
}

static bool is_tasklet_schedule(const char *callee)
{
	return !strcmp(callee, "tasklet_schedule");
}

/*
 * Why a tasklet the thread still schedules does not fold, for the reason
 * a declined site gives (bcm-pdc-mailbox: its tasklet_kill() comes before
 * the interrupt is freed).
 */
static void kept_why(const struct split_plan *plan, const CXCursor *moved,
		     size_t n, struct benefit *b)
{
	struct cursor_list calls = { NULL, 0, 0 };
	size_t i, k;

	for (i = 0; i < n; i++) {
		find_calls(moved[i], is_tasklet_schedule, &calls);
		for (k = 0; k < calls.nr; k++) {
			struct tasklet_fold tf;

			fold_plan_tasklet(calls.v[k], plan, &tf);
			if (tf.refusal && !strvec_has(&b->kept_why, tf.refusal))
				strvec_push(&b->kept_why, tf.refusal);
			fold_release(&tf);
		}
		cursor_list_release(&calls);
	}
}

/* The direct arm beside @call, if any, in @direct; else @other. */
static void note_arms(CXCursor scope, CXCursor call,
		      const struct tasklet_fold *tf, const char *buf,
		      struct strvec *direct, bool *found, bool *other)
{
	CXCursor arms = fold_equal_arms(scope, call, tf, buf);

	if (clang_Cursor_isNull(arms)) {
		*other = true;
		return;
	}
	*found = true;
	strvec_push_nodup(direct, fold_arms_direct(arms, tf, buf));
}

/*
 * Does every tasklet the thread folds also run directly on the other arm
 * of an `if` (`if (p->isr_as_tasklet) tasklet_schedule(&p->t); else
 * fn(&p->t);`)?  Then the driver runs that work in hard-irq context by
 * choice and the fold gains nothing; @direct says where.
 */
static bool folds_direct_only(const struct split_plan *plan,
			      const CXCursor *moved, size_t n,
			      struct strvec *direct)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool found = false, other = false;
	size_t i, k, len;
	char *buf = read_file(plan->file, &len);

	for (i = 0; buf && i < n; i++) {
		find_calls(moved[i], is_tasklet_schedule, &calls);
		for (k = 0; k < calls.nr; k++) {
			struct tasklet_fold tf;

			fold_plan_tasklet(calls.v[k], plan, &tf);
			if (!tf.refusal)
				note_arms(moved[i], calls.v[k], &tf, buf, direct,
					  &found, &other);
			fold_release(&tf);
		}
		cursor_list_release(&calls);
	}
	free(buf);
	return found && !other;
}

void split_benefit(const struct split_plan *plan, const struct edit_list *el,
		   struct benefit *b)
{
	static const struct access_preds ap = { read_pred, write_pred, NULL };
	struct thread_irqs ti = { plan, STRVEC_INIT };
	/* The thread takes the tail lock irqsave before the moved code. */
	struct benefit_irqs irqs = { NULL, &ti,
				     plan->lock_arg && !plan->whole_thread };
	CXCursor *moved = xcalloc(plan->nr_stmts + 1, sizeof(*moved));
	struct strvec direct = STRVEC_INIT;
	bool folded = false;
	size_t i, n = 0;

	for (i = 0; i < plan->nr_stmts; i++)
		if (plan->whole_thread || plan->stmts[i].role == ROLE_THREAD)
			moved[n++] = plan->stmts[i].cursor;
	/*
	 * render.c removes the tasklet_setup() of a tasklet it folds into the
	 * thread, and says so in the edit.
	 */
	for (i = 0; el && i < el->nr; i++)
		folded |= el->v[i].why &&
			  !strcmp(el->v[i].why, "tasklet setup/kill");
	/*
	 * Rendered (@el), the thread takes its locks in the forms
	 * render-locks.c decided, against the contexts its rendering left.
	 */
	if (el && plan->lm && (!plan->whole_thread || plan->whole_edited)) {
		split_quick_lock_ids(plan, &ti.quick);
		irqs.change = thread_irqs_change;
	}
	benefit_judge(plan->def, moved, n, &ap, &irqs,
		      folded && !folds_direct_only(plan, moved, n, &direct),
		      plan->lm, b);
	b->direct = direct;
	if (!folded && b->tasklets.nr)
		kept_why(plan, moved, n, b);
	strvec_clear(&ti.quick);
	/* convert/fold-work.c: the work function became the thread. */
	b->code[BENEFIT_WORK_FOLDED] = plan->work != NULL;
	free(moved);
}
