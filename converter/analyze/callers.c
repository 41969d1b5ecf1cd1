// SPDX-License-Identifier: GPL-2.0
/*
 * Direct callers: calls of the handler written in the file, outside the irq
 * core (netpoll, a poll timer, a shared dispatcher).  They run the handler
 * in their own context, so a split handler must keep them working.
 */
#include "analyze/analyze.h"
#include "tu.h"

static void caller(CXCursor call, void *data)
{
	struct analysis_ctx *ctx = data;
	CXCursor def = cx_callee_definition(call);
	struct fact *f;

	if (clang_Cursor_isNull(def) || !clang_equalCursors(def, ctx->fn))
		return;
	/* The wrapper the request names (ei_interrupt) is not a caller. */
	if (!clang_equalCursors(ctx->entry, ctx->fn)) {
		struct src_range w = cx_range(ctx->st, ctx->entry, NULL);
		struct src_range c = cx_range(ctx->st, call, NULL);

		if (c.begin >= w.begin && c.end <= w.end)
			return;
	}
	f = an_add(ctx, FACT_CALLER, ctx->hf->name, call);
	if (!f->arg)
		f->arg = cx_text(ctx->st, call);
}

void analyze_callers(struct analysis_ctx *ctx)
{
	cx_for_each_main_call(ctx->st, caller, ctx);
}
