// SPDX-License-Identifier: GPL-2.0
/*
 * Rendering the thread, its locks and bottom-half brackets: a spin_lock()
 * the moved code takes becomes the form the thread needs (irqsave where
 * hard-irq code takes the lock too, _bh where softirq code does:
 * analyze/lock-thread.h), and softirq work the thread raises is bracketed
 * with local_bh_disable()/local_bh_enable() outside any lock it holds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-thread.h"
#include "convert/render-locks.h"
#include "convert/split-parts.h"

struct lock_decision {
	char *id;
	enum lock_form form;
	char *who;
};

struct decisions {
	struct lock_decision *v;
	size_t nr;
};

static struct lock_decision *decided(struct decisions *d, const char *id)
{
	size_t i;

	for (i = 0; i < d->nr; i++)
		if (!strcmp(d->v[i].id, id))
			return &d->v[i];
	return NULL;
}

static void decisions_release(struct decisions *d)
{
	size_t i;

	for (i = 0; i < d->nr; i++) {
		free(d->v[i].id);
		free(d->v[i].who);
	}
	free(d->v);
}

enum lock_form thread_lock_form(const struct split_plan *plan,
				const struct strvec *quick,
				const struct lm_lock *l, char **who)
{
	enum lock_form need = lock_thread_needs(plan->lm, l, quick, who);

	/* Inside the tail lock's irqsave region only that lock matters. */
	if (plan->lock_arg && !plan->whole_thread && !strvec_has(quick, l->id))
		need = LF_PLAIN;
	return need;
}

/* The form the thread needs for @l; -1 after a refusal in @why. */
static int decide(const struct split_plan *plan, const struct strvec *quick,
		  CXCursor call, struct lm_lock *l, struct decisions *d,
		  struct refusal *why)
{
	enum lock_form need;
	char *who = NULL, *form;

	if (decided(d, l->id))
		return 0;
	need = thread_lock_form(plan, quick, l, &who);
	if (need == LF_PLAIN || l->prim->form == LF_IRQSAVE ||
	    l->prim->form == LF_IRQ || (need == LF_BH && l->prim->form == LF_BH)) {
		free(who);
		return 0;
	}
	if (l->prim->kind != LK_SPIN || l->prim->form != LF_PLAIN ||
	    cursor_range(call).in_macro) {
		form = lock_form_name(l->prim, need);
		refusal_set(why, R_LOCK_NEEDS_FORM, plan->handler, l->name,
			    l->prim->name, who, form);
		free(form);
		free(who);
		return -1;
	}
	d->v = xrealloc(d->v, (d->nr + 1) * sizeof(*d->v));
	d->v[d->nr].id = xstrdup(l->id);
	d->v[d->nr].form = need;
	d->v[d->nr].who = who;
	d->nr++;
	return 0;
}

/* Every lock call of the thread's statements, with its identity. */
static void thread_lock_calls(const struct split_plan *plan,
			      struct cursor_list *out)
{
	size_t i, k;

	for (i = 0; i < plan->nr_stmts; i++) {
		struct cursor_list calls = { NULL, 0, 0 };

		if (plan->stmts[i].role != ROLE_THREAD)
			continue;
		find_calls(plan->stmts[i].cursor, any_callee, &calls);
		for (k = 0; k < calls.nr; k++)
			if (lm_lock_call(calls.v[k], NULL))
				cursor_list_push(out, calls.v[k]);
		cursor_list_release(&calls);
	}
}

static char *new_call(const struct lm_lock *l, enum lock_form form,
		      const char *arg)
{
	char *name = lock_form_name(l->prim, form);
	char *ret = form == LF_IRQSAVE ? xasprintf("%s(%s, flags)", name, arg) :
		    xasprintf("%s(%s)", name, arg);

	free(name);
	return ret;
}

static void note_decision(const struct split_plan *plan, const char *arg,
			  const struct lock_decision *ld,
			  const struct lm_lock *l, struct strvec *notes)
{
	char *name = lock_form_name(l->prim, ld->form);

	if (!strcmp(ld->who, "the quick check takes it in hard-irq context"))
		strvec_push_nodup(notes, xasprintf("%s is also taken by the quick check in hard-irq context: the thread takes it with %s().",
						   arg, name));
	else
		strvec_push_nodup(notes, xasprintf("%s (%s) is taken in other contexts too: %s. %s() took it with %s() in hard-irq context; the thread takes it with %s().",
						   arg, l->name, ld->who,
						   plan->handler, l->prim->name,
						   name));
	free(name);
}

int thread_lock_forms(const struct split_plan *plan, const char *buf,
		      struct edit_list *inner, bool *need_flags,
		      struct strvec *bh_ids, struct strvec *notes,
		      struct refusal *why)
{
	struct strvec quick = STRVEC_INIT;
	struct cursor_list calls = { NULL, 0, 0 };
	struct decisions d = { NULL, 0 };
	size_t i, nr_irqsave = 0;
	int ret = 0;

	if (!plan->lm)
		return 0;
	split_quick_lock_ids(plan, &quick);
	lock_thread_begin(plan->lm, plan->def, true);
	thread_lock_calls(plan, &calls);
	for (i = 0; i < calls.nr && !ret; i++) {
		struct lm_lock l;

		memset(&l, 0, sizeof(l));
		l.prim = lm_lock_call(calls.v[i], NULL);
		if (l.prim->op == LO_ACQUIRE &&
		    lm_lock_identity(calls.v[i], &l))
			ret = decide(plan, &quick, calls.v[i], &l, &d, why);
		lm_lock_release(&l);
	}
	for (i = 0; i < d.nr; i++) {
		nr_irqsave += d.v[i].form == LF_IRQSAVE;
		if (d.v[i].form == LF_BH)
			strvec_push(bh_ids, d.v[i].id);
	}
	if (!ret && nr_irqsave > 1) {
		refusal_set(why, R_LOCK_NESTED_IRQSAVE, plan->handler);
		ret = -1;
	}
	for (i = 0; i < calls.nr && !ret; i++) {
		struct lm_lock l;
		struct lock_decision *ld;
		struct cursor_range r = cursor_range(calls.v[i]);

		memset(&l, 0, sizeof(l));
		l.prim = lm_lock_call(calls.v[i], NULL);
		if (l.prim->kind == LK_SPIN && l.prim->form == LF_PLAIN &&
		    lm_lock_identity(calls.v[i], &l) &&
		    (ld = decided(&d, l.id))) {
			char *arg = first_arg_text(calls.v[i], buf);

			edit_add_take(inner, r.begin, r.end - r.begin,
				      new_call(&l, ld->form, arg), "lock form");
			*need_flags |= ld->form == LF_IRQSAVE;
			if (l.prim->op == LO_ACQUIRE)
				note_decision(plan, arg, ld, &l, notes);
			free(arg);
		}
		lm_lock_release(&l);
	}
	cursor_list_release(&calls);
	decisions_release(&d);
	strvec_clear(&quick);
	return ret;
}

/* Acquisitions minus releases written in @stmt itself. */
static int held_change(CXCursor stmt)
{
	struct cursor_list calls = { NULL, 0, 0 };
	int n = 0;
	size_t i;

	find_calls(stmt, any_callee, &calls);
	for (i = 0; i < calls.nr; i++) {
		const struct kapi_lock *k = lm_lock_call(calls.v[i], NULL);

		if (k)
			n += k->op == LO_ACQUIRE ? 1 : -1;
	}
	cursor_list_release(&calls);
	return n;
}

/* The first lock @stmt takes, if the thread takes it with spin_lock_bh(). */
static bool opens_bh(CXCursor stmt, const struct strvec *bh_ids)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	find_calls(stmt, any_callee, &calls);
	for (i = 0; i < calls.nr; i++) {
		struct lm_lock l;

		memset(&l, 0, sizeof(l));
		l.prim = lm_lock_call(calls.v[i], NULL);
		if (!l.prim || l.prim->op != LO_ACQUIRE)
			continue;
		hit = lm_lock_identity(calls.v[i], &l) && strvec_has(bh_ids, l.id);
		lm_lock_release(&l);
		break;
	}
	cursor_list_release(&calls);
	return hit;
}

static void bracket(const struct split_plan *plan, size_t from, size_t to,
		    const char *buf, struct edit_list *inner)
{
	size_t first = split_line_start(buf,
				cursor_range(plan->stmts[from].cursor).begin);

	edit_add(inner, first, 0, "\tlocal_bh_disable();\n", "bh bracket");
	edit_add(inner, plan->stmts[to].line_end, 0, "\tlocal_bh_enable();\n",
		 "bh bracket");
}

/* The end of the lock region @from opens, or nr_stmts when it does not close. */
static size_t region_end(const struct split_plan *plan, size_t from)
{
	int held = 0;
	size_t i;

	for (i = from; i < plan->nr_stmts; i++) {
		if (plan->stmts[i].role != ROLE_THREAD)
			break;
		/* an unlock on a way out (`{ unlock; return; }`) ends no region */
		if (i > from && has_return(plan->stmts[i].cursor))
			continue;
		held += held_change(plan->stmts[i].cursor);
		if (held <= 0)
			return i;
	}
	return plan->nr_stmts;
}

static enum CXChildVisitResult ret_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	bool *hit = data;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	name = cursor_name(c);
	*hit |= !strcmp(name, "ret");
	free(name);
	return *hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * `return f(...);` that raises a softirq (pvscsi_shared_isr() returns what
 * pvscsi_isr() returns): the value is taken inside the bracket and
 * returned after it, in a new local `ret`, unless the handler has one.
 */
static bool bracket_return(const struct split_plan *plan, size_t at,
			   const char *buf, struct edit_list *inner)
{
	const struct split_stmt *st = &plan->stmts[at];
	struct cursor_list kids = { NULL, 0, 0 };
	struct cursor_range r = { 0, 0, true };
	bool taken = false;
	size_t first;

	if (clang_getCursorKind(st->cursor) != CXCursor_ReturnStmt)
		return false;
	clang_visitChildren(plan->def, ret_visit, &taken);
	cursor_children(st->cursor, &kids);
	if (kids.nr == 1)
		r = cursor_range(kids.v[0]);
	cursor_list_release(&kids);
	if (taken || r.in_macro)
		return false;
	first = split_line_start(buf, cursor_range(st->cursor).begin);
	edit_add_take(inner, first, st->line_end - first,
		      xasprintf("\tlocal_bh_disable();\n\tret = %.*s;\n\tlocal_bh_enable();\n\treturn ret;\n",
				(int)(r.end - r.begin), buf + r.begin),
		      "bh bracket");
	return true;
}

/*
 * One bracket for statements @from to @to, which may extend one that ends
 * right before @from (*@open, *@close: the bracket not yet written; @flush
 * writes it).  Two brackets back to back would enable bottom halves only
 * to disable them again.
 */
static void bracket_next(const struct split_plan *plan, size_t from,
			 size_t to, const char *buf, struct edit_list *inner,
			 size_t *open, size_t *close)
{
	if (*open != SIZE_MAX && *close + 1 == from) {
		*close = to;
		return;
	}
	if (*open != SIZE_MAX)
		bracket(plan, *open, *close, buf, inner);
	*open = from;
	*close = to;
}

int thread_bh_brackets(const struct split_plan *plan, const char *buf,
		       const bool *wrap, const struct strvec *bh_ids,
		       struct edit_list *inner, bool *need_ret,
		       struct strvec *notes, struct refusal *why)
{
	size_t i, k, end, open = SIZE_MAX, close = 0;

	for (i = 0; i < plan->nr_stmts; i++) {
		bool any = false, ret = false;

		if (plan->stmts[i].role != ROLE_THREAD)
			continue;
		end = held_change(plan->stmts[i].cursor) > 0 ?
		      region_end(plan, i) : i;
		if (end == plan->nr_stmts) {
			for (k = i; k < plan->nr_stmts && !any; k++)
				any = wrap[k];
			if (!any)
				break;
			refusal_set(why, R_BH_BRACKET_UNDER_LOCK, plan->handler);
			return -1;
		}
		for (k = i; k <= end; k++) {
			any |= wrap[k];
			ret |= has_return(plan->stmts[k].cursor);
		}
		if (!any || (end > i && opens_bh(plan->stmts[i].cursor, bh_ids))) {
			i = end;
			continue;
		}
		if (ret && open != SIZE_MAX) {
			bracket(plan, open, close, buf, inner);
			open = SIZE_MAX;
		}
		if (ret && end == i && bracket_return(plan, i, buf, inner)) {
			*need_ret = true;
			continue;
		}
		if (ret) {
			refusal_set(why, R_SOFTIRQ_IN_RETURN, plan->handler);
			return -1;
		}
		bracket_next(plan, i, end, buf, inner, &open, &close);
		if (end > i)
			strvec_push(notes, "Softirq work raised while the thread holds a lock is bracketed around the whole locked region: local_bh_enable() runs the softirq at once, and under the lock it would deadlock with a softirq that takes the same lock.");
		i = end;
	}
	if (open != SIZE_MAX)
		bracket(plan, open, close, buf, inner);
	return 0;
}
