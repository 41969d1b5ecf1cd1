// SPDX-License-Identifier: GPL-2.0
/*
 * Return paths: each return statement of the handler and what it returns,
 * classified as IRQ_NONE, IRQ_HANDLED, IRQ_WAKE_THREAD, IRQ_RETVAL (the
 * macro, as written), a variable, or another expression.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "tu.h"

static enum CXChildVisitResult last_expr(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

static const char *classify(struct analysis_ctx *ctx, CXCursor e)
{
	static const char *const constants[] = {
		"IRQ_NONE", "IRQ_HANDLED", "IRQ_WAKE_THREAD", NULL,
	};
	char *written = cx_written_name(ctx->st, e);
	const char *kind = "expression";
	CXCursor s = cx_strip(e);
	size_t i;

	if (!strcmp(written, "IRQ_RETVAL")) {
		kind = "IRQ_RETVAL";
	} else if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(s);
		char *name = cxstring_take(clang_getCursorSpelling(ref));

		kind = "variable";
		for (i = 0; constants[i]; i++)
			if (!strcmp(name, constants[i]))
				kind = constants[i];
		free(name);
	}
	free(written);
	return kind;
}

static void one_return(CXCursor ret, void *data)
{
	struct analysis_ctx *ctx = data;
	CXCursor e = clang_getNullCursor();
	struct fact *f;

	clang_visitChildren(ret, last_expr, &e);
	f = handler_facts_add(ctx->hf, FACT_RETURN, "return",
			      cx_stmt_range(ctx->st, ret));
	if (clang_Cursor_isNull(e)) {
		f->detail = xstrdup("void");
		return;
	}
	f->detail = xstrdup(classify(ctx, e));
	f->arg = cx_text(ctx->st, e);
}

void analyze_returns(struct analysis_ctx *ctx)
{
	cx_for_each_kind(ctx->fn, CXCursor_ReturnStmt, one_return, ctx);
}
