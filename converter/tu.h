/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_TU_H
#define IRQCONV_TU_H

#include <stdio.h>

#include <clang-c/Index.h>

#include "kbuild.h"

/* One parsed C file of the kernel tree. */
struct tu {
	char *relpath;		/* relative to the source tree */
	char *path;		/* absolute */
	bool in_config;		/* kbuild builds it under the configuration */
	const char *arch;	/* of the tree that builds it (owned by it), or NULL */
	CXTranslationUnit unit;
	unsigned int nr_errors;	/* error and fatal diagnostics */
	unsigned int nr_warnings;
	char *first_error;	/* formatted, NULL when none */
};

/*
 * Parse @relpath with kbuild's flags for it.  Returns 0 when libclang produced
 * a translation unit (which may still carry errors: check nr_errors), -1 when
 * it could not parse at all or kbuild gave no flags; @tu->first_error then
 * says why.
 */
int tu_parse(CXIndex index, struct kbuild *kb, const char *relpath,
	     struct tu *tu);
void tu_release(struct tu *tu);

/* Print every diagnostic of @tu to @out, one per line, as clang would. */
void tu_print_diagnostics(const struct tu *tu, FILE *out);

/* Convenience wrappers that dispose the CXString they take. */
char *cxstring_take(CXString s);

/* Spellings of the tokens of @c, in order. */
void cursor_tokens(CXCursor c, struct strvec *out);
/*
 * The file text where @c's expansion starts, read from the file: a macro
 * call such as dev_err() or spin_lock() as written.  NULL when @c is in no
 * file; *@len is the bytes left from there.
 */
const char *cursor_written_text(CXCursor c, size_t *len);
/* The identifier written where @c starts: the macro's name, if any. */
char *cursor_written_name(CXCursor c);
/* A label statement at or below @c (a target of some goto). */
bool cursor_has_label(CXCursor c);
/*
 * Does @stmt assign the variable @name, as written: `name = ...`, `name |=
 * ...`, `++name` and the like, not a member of that name.  Scan's analyses
 * and convert's split ask it alike, so that they agree.
 */
bool cursor_assigns(CXCursor stmt, const char *name);

#endif
