/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_UNIT_H
#define IRQCONV_ANALYZE_UNIT_H

/*
 * One parsed file being analysed (struct scan_tu, ast/cx.h): opened with
 * the macro invocations of its main file, closed with what the analyses
 * opened for it (the module's lock analysis, the tree's callers).
 */
#include "ast/cx.h"

void scan_tu_init(struct scan_tu *st, CXTranslationUnit unit,
		  const char *relpath, const char *src);
void scan_tu_release(struct scan_tu *st);
/* The module's lock analysis for the planner, or NULL (no kb, tu). */
struct lock_module *scan_tu_lock_module(struct scan_tu *st);

#endif
