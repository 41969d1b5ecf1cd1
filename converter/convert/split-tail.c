// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the tail: a locked handler's closing unlock and return,
 * the variable it returns, and where the gotos of the body lead.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/split-parts.h"
#include "tu.h"

/*
 * The tail of a locked handler: its last two statements are an unlock,
 * perhaps under a label, and the return.  Records where it starts.
 */
CXCursor find_tail_unlock(struct split_plan *plan)
{
	struct cursor_list kids = { NULL, 0, 0 };
	size_t n = plan->nr_stmts;
	CXCursor s, call = clang_getNullCursor();
	char *name;

	plan->tail = n;
	if (n < 2 ||
	    clang_getCursorKind(plan->stmts[n - 1].cursor) != CXCursor_ReturnStmt)
		return call;
	s = plan->stmts[n - 2].cursor;
	if (clang_getCursorKind(s) == CXCursor_LabelStmt) {
		cursor_children(s, &kids);
		if (kids.nr == 1)
			call = kids.v[0];
		cursor_list_release(&kids);
	} else {
		call = s;
	}
	if (clang_Cursor_isNull(call) ||
	    clang_getCursorKind(call) != CXCursor_CallExpr)
		return clang_getNullCursor();
	name = call_name(call);
	if (strcmp(name, "spin_unlock") && strcmp(name, "_raw_spin_unlock"))
		call = clang_getNullCursor();
	free(name);
	if (clang_Cursor_isNull(call))
		return call;
	plan->tail = n - 2;
	if (clang_getCursorKind(s) == CXCursor_LabelStmt)
		plan->tail_label = cxstring_take(clang_getCursorSpelling(s));
	return call;
}

/* The local the tail returns (`return IRQ_RETVAL(v);` or `return v;`). */
char *tail_ret_var(const struct split_plan *plan)
{
	struct strvec t = STRVEC_INIT;
	char *var = NULL;

	cursor_tokens(plan->stmts[plan->nr_stmts - 1].cursor, &t);
	if (t.nr == 5 && !strcmp(t.v[1], "IRQ_RETVAL"))
		var = xstrdup(t.v[3]);
	else if (t.nr == 2 && strcmp(t.v[1], "IRQ_NONE") &&
		 strcmp(t.v[1], "IRQ_HANDLED"))
		var = xstrdup(t.v[1]);
	strvec_clear(&t);
	return var;
}

/* `v = 1;`: a plain assignment of @var, no call. */
bool is_plain_set(CXCursor stmt, const char *var)
{
	struct strvec t = STRVEC_INIT;
	bool hit;

	if (clang_getCursorKind(stmt) == CXCursor_DeclStmt ||
	    stmt_calls(stmt, any_callee))
		return false;
	cursor_tokens(stmt, &t);
	hit = t.nr >= 3 && !strcmp(t.v[0], var) && !strcmp(t.v[1], "=");
	strvec_clear(&t);
	return hit;
}

/* The label a `goto` names, or NULL. */
char *goto_label(CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };
	char *label = NULL;

	if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
		cursor_children(c, &kids);
		if (kids.nr == 1)
			label = goto_label(kids.v[0]);
	} else if (clang_getCursorKind(c) == CXCursor_GotoStmt) {
		cursor_children(c, &kids);
		if (kids.nr == 1)
			label = cxstring_take(clang_getCursorSpelling(kids.v[0]));
	}
	cursor_list_release(&kids);
	return label;
}

static enum CXChildVisitResult goto_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct goto_walk *w = data;
	char *label;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_GotoStmt)
		return CXChildVisit_Recurse;
	label = goto_label(c);
	if (label && w->label && !strcmp(label, w->label))
		w->found = true;
	else
		w->other = true;
	free(label);
	return CXChildVisit_Continue;
}

void walk_gotos(CXCursor c, struct goto_walk *w)
{
	if (clang_getCursorKind(c) == CXCursor_GotoStmt)
		goto_visit(c, clang_getNullCursor(), w);
	else
		clang_visitChildren(c, goto_visit, w);
}

/*
 * Would the tail return IRQ_NONE when a goto in statement @at reaches it?
 * Yes for `return IRQ_NONE;`, and for `return IRQ_RETVAL(v);` or
 * `return v;` when v starts at 0 or IRQ_NONE and nothing before @at
 * changed it.
 */
bool tail_returns_none(const struct split_plan *plan,
		       const struct locals *l, size_t at)
{
	struct strvec t = STRVEC_INIT, init = STRVEC_INIT;
	const char *var = NULL;
	const struct local *lo = NULL;
	bool none = false;
	size_t i;

	cursor_tokens(plan->stmts[plan->nr_stmts - 1].cursor, &t);
	if (t.nr == 2 && !strcmp(t.v[1], "IRQ_NONE"))
		none = true;
	else if (t.nr == 5 && !strcmp(t.v[1], "IRQ_RETVAL"))
		var = t.v[3];
	else if (t.nr == 2)
		var = t.v[1];
	for (i = 0; var && i < l->nr; i++)
		if (!strcmp(l->v[i].name, var))
			lo = &l->v[i];
	if (lo) {
		cursor_tokens(lo->decl, &init);
		none = init.nr >= 2 && !strcmp(init.v[init.nr - 2], "=") &&
		       (!strcmp(init.v[init.nr - 1], "0") ||
			!strcmp(init.v[init.nr - 1], "IRQ_NONE"));
		for (i = lo->stmt + 1; none && i < at; i++)
			if (cursor_assigns(plan->stmts[i].cursor, var))
				none = false;
	}
	strvec_clear(&init);
	strvec_clear(&t);
	return none;
}

