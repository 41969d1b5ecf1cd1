// SPDX-License-Identifier: GPL-2.0
/*
 * One parsed file being analysed: opened with the macro invocations of its
 * main file, closed with what the analyses opened for it.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-graph.h"
#include "analyze/tree-callers.h"
#include "analyze/unit.h"

static enum CXChildVisitResult collect_macros(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct scan_tu *st = data;
	CXFile file;
	unsigned int b, e;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)),
				   &file, NULL, NULL, &b);
	if (!file || !clang_File_isEqual(file, st->main))
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)),
				   NULL, NULL, NULL, &e);
	if (st->nr_macros == st->alloc_macros) {
		st->alloc_macros = st->alloc_macros ? 2 * st->alloc_macros : 256;
		st->macros = xrealloc(st->macros,
				      st->alloc_macros * sizeof(*st->macros));
	}
	st->macros[st->nr_macros].begin = b;
	st->macros[st->nr_macros].end = e;
	st->macros[st->nr_macros].line = 0;
	st->nr_macros++;
	return CXChildVisit_Continue;
}

void scan_tu_init(struct scan_tu *st, CXTranslationUnit unit,
		  const char *relpath, const char *src)
{
	memset(st, 0, sizeof(*st));
	st->unit = unit;
	st->relpath = relpath;
	st->src = src;
	{
		CXString s = clang_getTranslationUnitSpelling(unit);

		st->main = clang_getFile(unit, clang_getCString(s));
		clang_disposeString(s);
	}
	/* The preprocessing record lists expansions in source order. */
	clang_visitChildren(clang_getTranslationUnitCursor(unit),
			    collect_macros, st);
}

void scan_tu_release(struct scan_tu *st)
{
	tree_callers_close(st);
	lock_module_close(st->lm);
	free(st->macros);
	strvec_clear(&st->irqf_names);
	free(st->irqf_values);
	strvec_clear(&st->wrap_reads);
	strvec_clear(&st->wrap_writes);
	memset(st, 0, sizeof(*st));
}
