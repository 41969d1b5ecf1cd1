/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_AST_CX_H
#define IRQCONV_AST_CX_H

/*
 * Small libclang helpers shared by the scanner and the analyses: where a
 * cursor was written, its text, its callee, and walks over a function body.
 */
#include <clang-c/Index.h>

#include "model/site.h"

struct kbuild;
struct lock_module;
struct tree_callers;
struct tu;

/* One parsed file being scanned. */
struct scan_tu {
	CXTranslationUnit unit;
	CXFile main;
	const char *relpath;	/* of the main file, relative to the source tree */
	const char *src;	/* absolute source tree, to make paths relative */
	/* Macro invocations in the main file, sorted by begin offset. */
	struct src_range *macros;
	size_t nr_macros, alloc_macros;
	/* IRQF_* macros whose value is one integer literal. */
	struct strvec irqf_names;
	unsigned long long *irqf_values;
	bool irqf_loaded;
	/* Register accessor wrappers of the unit (analyze/common.c). */
	struct strvec wrap_reads, wrap_writes;
	bool wrappers_learned;
	/*
	 * Judge handlers with convert's planner: scan does; convert runs
	 * the request-level checks only and plans the handler itself.
	 */
	bool plan_handlers;
	/* What the planner needs to open the module's lock analysis. */
	CXIndex index;
	struct kbuild *kb;
	struct tu *tu;
	struct lock_module *lm;	/* opened on first use, closed with st */
	bool lm_opened;
	/* Other files that pass a handler in (analyze/tree-callers.c). */
	struct tree_callers *callers;
};


/* Strip parentheses, implicit and explicit casts. */
CXCursor cx_strip(CXCursor c);

/*
 * Where @c was written: offsets in the file of its expansion location, the
 * end widened to the whole macro invocation when it ends inside one.
 * *@file gets that file (may be NULL).
 */
struct src_range cx_range(struct scan_tu *st, CXCursor c, CXFile *file);
/* The same for a statement, with its final semicolon. */
struct src_range cx_stmt_range(struct scan_tu *st, CXCursor c);
bool cx_in_main_file(struct scan_tu *st, CXCursor c);
/* The text of @r in @file as written, or "" */
char *cx_range_text(struct scan_tu *st, CXFile file, struct src_range r);
/* The text of @c as written, with runs of white space made one space. */
char *cx_text(struct scan_tu *st, CXCursor c);
/* The text of @c where its tokens are spelled (a macro argument as written
 * at the call), or "" when they are not spelled in one place. */
char *cx_spelled_text(struct scan_tu *st, CXCursor c);
/* The identifier written at the start of @c (a macro name for expansions). */
char *cx_written_name(struct scan_tu *st, CXCursor c);

/* Name of the function a call expression calls, "" when indirect. */
char *cx_callee(CXCursor call);
/* The definition of the function @call calls, or a null cursor. */
CXCursor cx_callee_definition(CXCursor call);
/* File path (relative to the source tree when inside it) of @c. */
char *cx_file_of(struct scan_tu *st, CXCursor c);

/* Call @fn on every call expression below @c, in source order. */
typedef void (*cx_call_fn)(CXCursor call, void *data);
void cx_for_each_call(CXCursor c, cx_call_fn fn, void *data);
/* Call @fn on every cursor of @kind below @c. */
void cx_for_each_kind(CXCursor c, enum CXCursorKind kind, cx_call_fn fn,
		      void *data);
/* Call @fn on every call expression in declarations of the main file. */
void cx_for_each_main_call(struct scan_tu *st, cx_call_fn fn, void *data);

/* Whether an expression below @c references the declaration @decl. */
bool cx_references(CXCursor c, CXCursor decl);
/* Whether a call below @c (and in functions it calls, @depth deep) has a
 * callee for which @pred is true; *@found gets the first such name. */
bool cx_calls_matching(CXCursor c, bool (*pred)(const char *name),
		       int depth, char **found);

/* Value of an IRQF_* flag macro in this translation unit, 0 if unknown. */
void scan_tu_load_irqf(struct scan_tu *st);

#endif
