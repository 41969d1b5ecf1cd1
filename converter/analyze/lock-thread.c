// SPDX-License-Identifier: GPL-2.0
/*
 * The questions convert asks of the lock graph about the code it moves
 * into an irq thread, which runs preemptible with hard irqs and bottom
 * halves on (kernel/irq/manage.c, irq_thread_fn()).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "analyze/kapi-raise.h"
#include "analyze/lock-thread.h"
#include "ast/cursor.h"

void lock_thread_begin(struct lock_module *lm, CXCursor handler, bool split)
{
	lock_contexts(lm, lm_fn_of(lm, handler), split);
}

enum lock_form lock_thread_needs(const struct lock_module *lm,
				 const struct lm_lock *l,
				 const struct strvec *quick, char **who)
{
	unsigned int ctx;
	size_t i;

	for (i = 0; quick && i < quick->nr; i++)
		if (!strcmp(quick->v[i], l->id)) {
			*who = xstrdup("the quick check takes it in hard-irq context");
			return LF_IRQSAVE;
		}
	ctx = lock_users(lm, l, who);
	if (ctx & CTX_HARDIRQ)
		return LF_IRQSAVE;
	return ctx & CTX_SOFTIRQ ? LF_BH : LF_PLAIN;
}

static bool strong_enough(enum lock_form have, enum lock_form need)
{
	if (need == LF_IRQSAVE)
		return have == LF_IRQ || have == LF_IRQSAVE;
	return have >= need;
}

char *lock_form_name(const struct kapi_lock *prim, enum lock_form form)
{
	static const char *const suffix[] = { "_irqsave", "_irq", "_bh",
					      "_nested" };
	static const char *const want[] = {
		[LF_PLAIN] = "", [LF_BH] = "_bh", [LF_IRQ] = "_irq",
		[LF_IRQSAVE] = "_irqsave",
	};
	char *base = xstrdup(prim->name);
	char *ret;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(suffix); i++)
		if (ends_with(base, suffix[i]))
			base[strlen(base) - strlen(suffix[i])] = '\0';
	if (prim->op == LO_RELEASE && form == LF_IRQSAVE)
		ret = xasprintf("%s_irqrestore", base);
	else
		ret = xasprintf("%s%s", base, want[form]);
	free(base);
	return ret;
}

struct walk {
	struct lock_module *lm;
	const struct strvec *quick;
	char *own_line;		/* identity of the handler's irq */
	CXCursor irq_param;	/* the handler's first parameter */
	bool irqs_off;
	bool *seen;
	size_t nr_seen;
	struct refusal *rf;
};

/* Who takes the lock, as the refusal names it. */
static char *where(const char *first, const char *at)
{
	if (!first)
		return xasprintf("%s()", at);
	if (!strcmp(first, at))
		return xasprintf("the thread would call %s(), which", first);
	return xasprintf("the thread would call %s(), where %s()", first, at);
}

static bool in_quick(const struct walk *w, const char *id)
{
	size_t i;

	for (i = 0; w->quick && i < w->quick->nr; i++)
		if (!strcmp(w->quick->v[i], id))
			return true;
	return false;
}

static bool check_lock(struct walk *w, const struct lm_lock *l,
		       const char *first, const char *at)
{
	enum lock_form need;
	char *who = NULL, *in, *form;

	if (l->prim->kind == LK_RAW) {
		in = where(first, at);
		refusal_set(w->rf, R_RAW_LOCK, in, l->name, l->prim->name);
		free(in);
		return true;
	}
	/* Under the thread's irqsave tail lock only that lock can clash. */
	if (w->irqs_off && !in_quick(w, l->id))
		return false;
	need = lock_thread_needs(w->lm, l, w->quick, &who);
	if (strong_enough(l->prim->form, need)) {
		free(who);
		return false;
	}
	in = where(first, at);
	form = lock_form_name(l->prim, need);
	refusal_set(w->rf, R_LOCK_PLAIN_IN_CALLEE, in, l->name, l->prim->name,
		    who, form);
	free(form);
	free(in);
	free(who);
	return true;
}

static bool own_line(const struct walk *w, CXCursor call)
{
	CXCursor a, ref;
	char *usr;
	bool hit;

	if (clang_Cursor_getNumArguments(call) < 1)
		return false;
	a = cursor_strip(clang_Cursor_getArgument(call, 0));
	if (clang_getCursorKind(a) != CXCursor_MemberRefExpr &&
	    clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(a);
	if (clang_equalCursors(ref, w->irq_param))
		return true;
	if (!w->own_line)
		return false;
	usr = cxstring_take(clang_getCursorUSR(ref));
	hit = !strcmp(usr, w->own_line);
	free(usr);
	return hit;
}

static bool check_line(struct walk *w, CXCursor call, const char *first,
		       const char *at)
{
	char *name, *in;

	if (!own_line(w, call))
		return false;
	name = call_name(call);
	in = where(first, at);
	refusal_set(w->rf, R_OWN_LINE_DISABLE, in, name);
	free(in);
	free(name);
	return true;
}

/* Everything @at (a function entry) and its callees do, to any depth. */
static bool walk_fn(struct walk *w, size_t at, const char *first)
{
	struct lm_fn *fn = &w->lm->fns[at];
	size_t i;

	if (w->seen[at])
		return false;
	w->seen[at] = true;
	for (i = 0; i < fn->nr_locks; i++)
		if (check_lock(w, &fn->locks[i], first, fn->name))
			return true;
	for (i = 0; i < fn->nr_lines; i++)
		if (check_line(w, fn->lines[i], first, fn->name))
			return true;
	for (i = 0; i < fn->nr_calls; i++)
		if (walk_fn(w, fn->calls[i], first))
			return true;
	return false;
}

/* lm_callee() may have added functions: they are not seen yet. */
static void grow_seen(struct walk *w)
{
	w->seen = xrealloc(w->seen, w->lm->nr_fns + 1);
	memset(w->seen + w->nr_seen, 0, w->lm->nr_fns + 1 - w->nr_seen);
	w->nr_seen = w->lm->nr_fns + 1;
}

/* The calls written in @code itself: its callees, and unless @edited, its locks. */
static bool walk_code(struct walk *w, CXCursor code, bool edited,
		      const char *self)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	find_calls(code, any_callee, &calls);
	for (i = 0; i < calls.nr && !hit; i++) {
		struct lm_lock l;
		char *name = call_name(calls.v[i]);
		ssize_t callee;

		memset(&l, 0, sizeof(l));
		if ((l.prim = lm_lock_call(calls.v[i], NULL))) {
			if (l.prim->op == LO_ACQUIRE &&
			    (!edited || l.prim->kind == LK_RAW) &&
			    lm_lock_identity(calls.v[i], &l))
				hit = check_lock(w, &l, NULL, self);
			lm_lock_release(&l);
		} else if (kapi_line_waits(name)) {
			hit = check_line(w, calls.v[i], NULL, self);
		} else if ((callee = lm_callee(w->lm, calls.v[i])) >= 0) {
			grow_seen(w);
			hit = walk_fn(w, callee, w->lm->fns[callee].name);
		}
		free(name);
	}
	cursor_list_release(&calls);
	return hit;
}

bool lock_thread_check(struct lock_module *lm, CXCursor code, bool edited,
		       bool irqs_off, CXCursor handler,
		       const struct strvec *quick, struct refusal *rf)
{
	struct walk w = { lm, quick, NULL, clang_getNullCursor(), irqs_off, NULL,
			  0, rf };
	bool hit;
	ssize_t h = lm_fn_of(lm, handler);
	char *self = cursor_name(handler);

	if (h >= 0 && lm->fns[h].own_line)
		w.own_line = lm->fns[h].own_line;
	if (clang_Cursor_getNumArguments(handler) > 0)
		w.irq_param = clang_Cursor_getArgument(handler, 0);
	grow_seen(&w);
	hit = walk_code(&w, code, edited, self);
	free(w.seen);
	free(self);
	return hit;
}

static bool raises_fn(struct lock_module *lm, size_t at, bool *seen)
{
	struct lm_fn *fn = &lm->fns[at];
	size_t i;

	if (seen[at])
		return false;
	seen[at] = true;
	if (fn->raisers.nr)
		return true;
	for (i = 0; i < fn->nr_calls; i++)
		if (raises_fn(lm, fn->calls[i], seen))
			return true;
	return false;
}

bool lock_thread_raises(struct lock_module *lm, CXCursor code)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	find_calls(code, any_callee, &calls);
	for (i = 0; i < calls.nr && !hit; i++) {
		char *name = call_name(calls.v[i]);
		ssize_t callee;

		if (kapi_call_raises(calls.v[i])) {
			hit = true;
		} else if ((callee = lm_callee(lm, calls.v[i])) >= 0) {
			bool *seen = xcalloc(lm->nr_fns + 1, sizeof(*seen));

			hit = raises_fn(lm, callee, seen);
			free(seen);
		}
		free(name);
	}
	cursor_list_release(&calls);
	return hit;
}

void lock_thread_fold(struct lock_module *lm, CXCursor fn, bool folded)
{
	ssize_t at = lm ? lm_fn_of(lm, clang_getCursorDefinition(fn)) : -1;

	if (at >= 0)
		lm->fns[at].folded = folded;
}
