// SPDX-License-Identifier: GPL-2.0
/* Run every registered analysis (analyze/list.c) over one handler. */
#include "analyze/analyze.h"
#include "analyze/sites.h"
#include "tu.h"

struct only_child {
	CXCursor c;
	unsigned int n;
};

static enum CXChildVisitResult count_child(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct only_child *o = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt ||
	    clang_isStatement(clang_getCursorKind(c)) ||
	    clang_isExpression(clang_getCursorKind(c))) {
		o->c = c;
		o->n++;
	}
	return CXChildVisit_Continue;
}

/* The one statement or expression below @c, or a null cursor. */
static CXCursor only_child(CXCursor c)
{
	struct only_child o = { clang_getNullCursor(), 0 };

	clang_visitChildren(c, count_child, &o);
	return o.n == 1 ? o.c : clang_getNullCursor();
}

static bool is_param_of(CXCursor arg, CXCursor fn)
{
	CXCursor ref;
	int i, n = clang_Cursor_getNumArguments(fn);

	arg = cx_strip(arg);
	if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(arg);
	for (i = 0; i < n; i++)
		if (clang_equalCursors(ref, clang_Cursor_getArgument(fn, i)))
			return true;
	return false;
}

/*
 * 8390's ei_interrupt() is `return __ei_interrupt(irq, dev_id);`: the work,
 * and what a conversion edits, is in the function it calls with its own
 * parameters.  Follow such wrappers (two deep).
 */
CXCursor scan_follow_wrapper(CXCursor fn)
{
	int depth;

	for (depth = 0; depth < 2; depth++) {
		CXCursor body = only_child(fn), ret, call, def;
		int i, n;

		if (clang_Cursor_isNull(body))
			break;
		ret = only_child(body);
		if (clang_getCursorKind(ret) != CXCursor_ReturnStmt)
			break;
		call = cx_strip(only_child(ret));
		if (clang_getCursorKind(call) != CXCursor_CallExpr)
			break;
		def = cx_callee_definition(call);
		if (clang_Cursor_isNull(def))
			break;
		n = clang_Cursor_getNumArguments(call);
		for (i = 0; i < n; i++)
			if (!is_param_of(clang_Cursor_getArgument(call, i), fn))
				break;
		if (i < n || !n)
			break;
		fn = def;
	}
	return fn;
}

void scan_analyze_handler(struct scan_tu *st, CXCursor fn,
			  struct scan_site *s)
{
	struct analysis_ctx ctx = { st, fn, fn, NULL, s };
	const struct analysis *a;

	ctx.fn = scan_follow_wrapper(fn);
	ctx.hf = xcalloc(1, sizeof(*ctx.hf));
	ctx.hf->name = cxstring_take(clang_getCursorSpelling(ctx.fn));
	ctx.hf->file = cx_file_of(st, ctx.fn);
	ctx.hf->body = cx_range(st, ctx.fn, NULL);
	for (a = analyses; a->name; a++)
		a->run(&ctx);
	s->facts = ctx.hf;
}
