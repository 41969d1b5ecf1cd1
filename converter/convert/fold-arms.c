// SPDX-License-Identifier: GPL-2.0
/*
 * `if (p->isr_as_tasklet) tasklet_schedule(&p->t); else fn(&p->t);`
 * (amd-xgbe): folded, both arms are the same call of the tasklet's
 * function, so the thread makes it once and the condition goes.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"

static bool same_stmt(CXCursor a, CXCursor b)
{
	struct cursor_range ra = cursor_range(a), rb = cursor_range(b);

	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       ra.begin == rb.begin && ra.end == rb.end;
}

/* The statement itself, or the only statement of a block. */
static CXCursor only_stmt(CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };

	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return c;
	cursor_children(c, &kids);
	c = kids.nr == 1 ? kids.v[0] : clang_getNullCursor();
	cursor_list_release(&kids);
	return c;
}

static char *text_of(CXCursor c, const char *buf)
{
	struct cursor_range r = cursor_range(c);

	return xstrndup(buf + r.begin, r.end - r.begin);
}

/* @other calls @tf->fn with the argument @call schedules. */
static bool same_call(CXCursor other, CXCursor call,
		      const struct tasklet_fold *tf, const char *buf)
{
	char *name, *a, *b;
	bool hit;

	if (clang_Cursor_isNull(other) ||
	    clang_getCursorKind(other) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(other) != 1)
		return false;
	name = call_name(other);
	hit = !strcmp(name, tf->fn);
	free(name);
	if (!hit)
		return false;
	a = text_of(clang_Cursor_getArgument(other, 0), buf);
	b = text_of(clang_Cursor_getArgument(call, 0), buf);
	hit = !strcmp(a, b);
	free(a);
	free(b);
	return hit;
}

struct arms {
	CXCursor call;
	const struct tasklet_fold *tf;
	const char *buf;
	CXCursor hit;
};

static enum CXChildVisitResult arms_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct arms *a = data;
	struct cursor_list kids = { NULL, 0, 0 }, calls = { NULL, 0, 0 };

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_IfStmt)
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	if (kids.nr == 3) {
		CXCursor then = only_stmt(kids.v[1]);

		find_calls(kids.v[0], any_callee, &calls);
		if (!calls.nr && !clang_Cursor_isNull(then) &&
		    same_stmt(then, a->call) &&
		    same_call(only_stmt(kids.v[2]), a->call, a->tf, a->buf))
			a->hit = c;
		cursor_list_release(&calls);
	}
	cursor_list_release(&kids);
	return clang_Cursor_isNull(a->hit) ? CXChildVisit_Recurse :
	       CXChildVisit_Break;
}

CXCursor fold_equal_arms(CXCursor scope, CXCursor call,
			 const struct tasklet_fold *tf, const char *buf)
{
	struct arms a = { call, tf, buf, clang_getNullCursor() };

	if (clang_getCursorKind(scope) == CXCursor_IfStmt)
		arms_visit(scope, scope, &a);
	if (clang_Cursor_isNull(a.hit))
		clang_visitChildren(scope, arms_visit, &a);
	return a.hit;
}

void fold_arms_note(CXCursor arms, const struct tasklet_fold *tf,
		    const char *buf, struct strvec *notes)
{
	struct cursor_list kids = { NULL, 0, 0 };
	char *cond;

	cursor_children(arms, &kids);
	cond = text_of(kids.v[0], buf);
	strvec_push_nodup(notes, xasprintf("Both arms of `if (%s)` now call %s(), one through the tasklet, the other directly: the thread makes the call once, and %s no longer matters there.",
					   cond, tf->fn, cond));
	free(cond);
	cursor_list_release(&kids);
}

char *fold_arms_direct(CXCursor arms, const struct tasklet_fold *tf,
		       const char *buf)
{
	struct cursor_list kids = { NULL, 0, 0 };
	char *cond, *s;

	cursor_children(arms, &kids);
	cond = text_of(kids.v[0], buf);
	s = xasprintf("%s() directly unless `%s`", tf->fn, cond);
	free(cond);
	cursor_list_release(&kids);
	return s;
}
