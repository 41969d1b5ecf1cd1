// SPDX-License-Identifier: GPL-2.0
/* Run every registered analysis (analyze/list.c) over one handler. */
#include "analyze/analyze.h"
#include "scan/scan.h"
#include "tu.h"

void scan_analyze_handler(struct scan_tu *st, CXCursor fn,
			  struct scan_site *s)
{
	struct analysis_ctx ctx = { st, fn, NULL, s };
	const struct analysis *a;

	ctx.hf = xcalloc(1, sizeof(*ctx.hf));
	ctx.hf->name = cxstring_take(clang_getCursorSpelling(fn));
	ctx.hf->file = cx_file_of(st, fn);
	ctx.hf->body = cx_range(st, fn, NULL);
	for (a = analyses; a->name; a++)
		a->run(&ctx);
	s->facts = ctx.hf;
}
