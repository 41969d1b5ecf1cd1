// SPDX-License-Identifier: GPL-2.0
/*
 * What removing a fold's statement leaves unused: a local of the function
 * that only the removed text used (`struct ath11k_ce_pipe *ce_pipe =
 * &ab->ce.ce_pipe[i];` before the tasklet_kill() that goes), whose
 * declaration then goes too, or -Wunused-variable breaks the build.
 * Only a declaration of the one variable that calls nothing but inline
 * accessors goes.
 */
#include <stdlib.h>

#include "convert/fold.h"

struct local_refs {
	CXCursor var;
	struct cursor_list refs;	/* its uses */
	CXCursor decl_stmt;	/* the declaration of var alone, or null */
	bool computes;		/* its initializer calls more than accessors */
};

/*
 * An inline function of one `return` that calls nothing: an accessor such
 * as at_hdmac's to_at_dma_chan(), a container_of(), which a local's
 * initializer may call and still be dropped.
 */
static bool inline_accessor(CXCursor call)
{
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit = false;

	if (clang_getCursorKind(def) != CXCursor_FunctionDecl ||
	    !clang_Cursor_isFunctionInlined(def))
		return false;
	cursor_children(def, &kids);
	if (kids.nr &&
	    clang_getCursorKind(kids.v[kids.nr - 1]) == CXCursor_CompoundStmt) {
		CXCursor body = kids.v[kids.nr - 1];

		cursor_list_release(&kids);
		cursor_children(body, &kids);
		hit = kids.nr == 1 &&
		      clang_getCursorKind(kids.v[0]) == CXCursor_ReturnStmt &&
		      clang_Cursor_isNull(find_call(kids.v[0], any_callee));
	}
	cursor_list_release(&kids);
	return hit;
}

/* Does @decl call anything but inline accessors? */
static bool computes(CXCursor decl)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	find_calls(decl, any_callee, &calls);
	for (i = 0; i < calls.nr && !hit; i++)
		hit = !inline_accessor(calls.v[i]);
	cursor_list_release(&calls);
	return hit;
}

static enum CXChildVisitResult local_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct local_refs *l = data;
	struct cursor_list vars = { NULL, 0, 0 };

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclStmt) {
		cursor_children(c, &vars);
		if (vars.nr == 1 && clang_equalCursors(vars.v[0], l->var)) {
			l->decl_stmt = c;
			l->computes = computes(c);
		}
		cursor_list_release(&vars);
	}
	return CXChildVisit_Recurse;
}

/* The local @var of @fn, used only in text the edits remove, goes too. */
static void tidy_local(struct edit_list *el, const char *buf, size_t len,
		       CXCursor fn, CXCursor var)
{
	struct local_refs l = { var, { NULL, 0, 0 }, clang_getNullCursor(),
				false };
	struct cursor_range r;
	bool used = false;
	size_t i;

	clang_visitChildren(fn, local_visit, &l);
	find_refs(fn, var, &l.refs);
	for (i = 0; i < l.refs.nr && !used; i++) {
		r = cursor_range(l.refs.v[i]);
		used = !edit_list_touches(el, r.begin, r.end);
	}
	if (!used && !l.computes && !clang_Cursor_isNull(l.decl_stmt)) {
		r = cursor_range(l.decl_stmt);
		if (!edit_list_touches(el, r.begin, r.end))
			fold_remove_stmt_lines(el, buf, len, l.decl_stmt,
					       "local only the removed call used");
	}
	cursor_list_release(&l.refs);
}

static enum CXChildVisitResult stmt_local_visit(CXCursor c, CXCursor parent,
						CXClientData data)
{
	struct cursor_list *vars = data;
	CXCursor d = clang_getCursorReferenced(c);
	size_t i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(d) != CXCursor_VarDecl ||
	    clang_getCursorKind(clang_getCursorSemanticParent(d)) !=
	    CXCursor_FunctionDecl)
		return CXChildVisit_Recurse;
	for (i = 0; i < vars->nr; i++)
		if (clang_equalCursors(vars->v[i], d))
			return CXChildVisit_Continue;
	cursor_list_push(vars, d);
	return CXChildVisit_Continue;
}

void fold_tidy_locals(struct edit_list *el, const char *buf, size_t len,
		      CXCursor stmt)
{
	struct cursor_list vars = { NULL, 0, 0 };
	size_t i;

	/* The variables it names whose parent is a function: its locals. */
	clang_visitChildren(stmt, stmt_local_visit, &vars);
	for (i = 0; i < vars.nr; i++)
		tidy_local(el, buf, len,
			   clang_getCursorSemanticParent(vars.v[i]), vars.v[i]);
	cursor_list_release(&vars);
}

bool fold_local_goes(CXCursor var)
{
	CXCursor fn = clang_getCursorSemanticParent(var);
	struct local_refs l = { var, { NULL, 0, 0 }, clang_getNullCursor(),
				false };

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return false;
	clang_visitChildren(fn, local_visit, &l);
	return !clang_Cursor_isNull(l.decl_stmt) && !l.computes;
}
