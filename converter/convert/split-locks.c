// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the locks: a lock the quick check takes must not be
 * taken again by the thread, or by what it calls, without interrupts off,
 * and must be released where it was taken.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-thread.h"
#include "convert/split-parts.h"
#include "tu.h"

/* A lock by what it is, not how it is written: USR of its field or variable. */
static char *lock_identity(CXCursor call)
{
	CXCursor arg;

	if (clang_Cursor_getNumArguments(call) < 1)
		return NULL;
	arg = cursor_strip_address(clang_Cursor_getArgument(call, 0));
	if (clang_getCursorKind(arg) != CXCursor_MemberRefExpr &&
	    clang_getCursorKind(arg) != CXCursor_DeclRefExpr)
		return NULL;
	return cxstring_take(clang_getCursorUSR(clang_getCursorReferenced(arg)));
}

/* The source text of a call's first argument, for messages. */
static char *arg_spelling(CXCursor call)
{
	struct strvec t = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (clang_Cursor_getNumArguments(call) < 1)
		return xstrdup("?");
	cursor_tokens(clang_Cursor_getArgument(call, 0), &t);
	for (i = 0; i < t.nr; i++)
		strbuf_addstr(&sb, t.v[i]);
	strvec_clear(&t);
	return sb.len ? strbuf_detach(&sb) : xstrdup("?");
}

/*
 * The locks the quick check's statements take (@pred split_is_lock) or
 * release (is_unlock), once per call: the identity of each in @ids, its
 * source text in @names when given.
 */
static void quick_lock_calls(struct split_plan *plan, call_pred pred,
			     struct strvec *ids, struct strvec *names)
{
	size_t i, k;

	for (i = 0; i < plan->nr_stmts; i++) {
		struct cursor_list calls = { NULL, 0, 0 };

		if (plan->stmts[i].role != ROLE_QUICK &&
		    plan->stmts[i].role != ROLE_SILENCE)
			continue;
		find_calls(plan->stmts[i].cursor, pred, &calls);
		for (k = 0; k < calls.nr; k++) {
			char *id = lock_identity(calls.v[k]);

			if (!id)
				continue;
			strvec_push_nodup(ids, id);
			if (names)
				strvec_push_nodup(names,
						  arg_spelling(calls.v[k]));
		}
		cursor_list_release(&calls);
	}
}

/*
 * Outside the tail-lock split the quick check must release every lock it
 * takes: korg1212 takes its lock after the check and the split would leave
 * the unlock to the thread, which runs later, in another context.
 */
static char *quick_unreleased_lock(struct split_plan *plan)
{
	struct strvec taken = STRVEC_INIT, released = STRVEC_INIT;
	struct strvec names = STRVEC_INIT;
	char *left = NULL;
	size_t i, k;

	quick_lock_calls(plan, split_is_lock, &taken, &names);
	quick_lock_calls(plan, is_unlock, &released, NULL);
	/* Counted, not matched: korg1212 drops and retakes it in a case. */
	for (i = 0; i < taken.nr && !left; i++) {
		int held = 0;

		for (k = 0; k < taken.nr; k++)
			held += !strcmp(taken.v[i], taken.v[k]);
		for (k = 0; k < released.nr; k++)
			held -= !strcmp(taken.v[i], released.v[k]);
		if (held > 0)
			left = xstrdup(names.v[i]);
	}
	strvec_clear(&taken);
	strvec_clear(&released);
	strvec_clear(&names);
	return left;
}

void split_quick_lock_ids(const struct split_plan *plan, struct strvec *ids)
{
	size_t i, k;

	for (i = 0; i < plan->nr_stmts; i++) {
		struct cursor_list calls = { NULL, 0, 0 };

		if (plan->stmts[i].role != ROLE_QUICK &&
		    plan->stmts[i].role != ROLE_SILENCE)
			continue;
		find_calls(plan->stmts[i].cursor, any_callee, &calls);
		for (k = 0; k < calls.nr; k++) {
			struct lm_lock l;

			memset(&l, 0, sizeof(l));
			l.prim = lm_lock_call(calls.v[k], NULL);
			if (!l.prim || l.prim->op != LO_ACQUIRE ||
			    !lm_lock_identity(calls.v[k], &l))
				continue;
			strvec_push_nodup(ids, l.id);
			free(l.name);
			free(l.type);
			free(l.field);
		}
		cursor_list_release(&calls);
	}
}

/*
 * What the thread's statements reach through the functions they call, to
 * any depth in the module: locks taken in a form that does not keep out
 * another context taking them (the quick check, in hard-irq context, for
 * one), raw locks, line control of the handler's own line.  Locks the
 * moved statements take themselves are the renderer's to change.
 */
static int check_thread_callees(struct split_plan *plan)
{
	struct strvec quick = STRVEC_INIT;
	bool hit = false;
	size_t i;

	if (!plan->lm)
		return 0;
	split_quick_lock_ids(plan, &quick);
	lock_thread_begin(plan->lm, plan->def, !plan->whole_thread);
	/* A handler moved whole is the thread, whatever the roles say. */
	for (i = 0; i < plan->nr_stmts && !hit; i++)
		if (plan->stmts[i].role == ROLE_THREAD || plan->whole_thread)
			hit = lock_thread_check(plan->lm, plan->stmts[i].cursor,
						true, plan->lock_arg != NULL,
						plan->def, &quick,
						&plan->refusal);
	strvec_clear(&quick);
	if (!hit)
		return 0;
	plan->strategy = SPLIT_NONE;
	return -1;
}

int split_check_locks(struct split_plan *plan)
{
	if (!plan->lock_arg) {
		char *left = quick_unreleased_lock(plan);

		if (left) {
			refuse(plan, R_LOCK_REGION_UNSPLITTABLE,
			       left, plan->handler);
			free(left);
			return -1;
		}
	}
	return check_thread_callees(plan);
}
