// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "deps.h"
#include "tu.h"

char *cxstring_take(CXString s)
{
	const char *c = clang_getCString(s);
	char *ret = xstrdup(c ? c : "");

	clang_disposeString(s);
	return ret;
}

static const char *parse_error_name(enum CXErrorCode err)
{
	switch (err) {
	case CXError_Success:
		return "success";
	case CXError_Failure:
		return "libclang failed";
	case CXError_Crashed:
		return "libclang crashed";
	case CXError_InvalidArguments:
		return "invalid arguments";
	case CXError_ASTReadError:
		return "AST read error";
	}
	return "unknown libclang error";
}

static unsigned int display_options(void)
{
	return CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn |
	       CXDiagnostic_DisplayOption;
}

static void count_diagnostics(struct tu *tu)
{
	unsigned int i, n = clang_getNumDiagnostics(tu->unit);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu->unit, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

		if (sev >= CXDiagnostic_Error) {
			if (!tu->nr_errors++)
				tu->first_error = cxstring_take(
					clang_formatDiagnostic(d, display_options()));
		} else if (sev == CXDiagnostic_Warning) {
			tu->nr_warnings++;
		}
		clang_disposeDiagnostic(d);
	}
}

/* The driver's own headers, for a cached result to be checked against. */
static void note_inclusion(CXFile file, CXSourceLocation *stack,
			   unsigned int depth, CXClientData data)
{
	char *name = cxstring_take(clang_getFileName(file));

	(void)stack;
	(void)depth;
	(void)data;
	deps_note_file(name);
	free(name);
}

int tu_parse(CXIndex index, struct kbuild *kb, const char *relpath,
	     struct tu *tu)
{
	struct strvec args = STRVEC_INIT;
	enum CXErrorCode err;
	int ret = 0;

	memset(tu, 0, sizeof(*tu));
	tu->relpath = xstrdup(relpath);
	tu->path = xasprintf("%s/%s", kb->src, relpath);
	if (kbuild_file_args(kb, relpath, &args, &tu->arch) < 0) {
		tu->first_error = xstrdup("no kbuild flags for this file");
		return -1;
	}
	tu->in_config = tu->arch != NULL;
	/*
	 * The preprocessing record keeps macro expansions visible, so that
	 * calls written through macros can be told apart and never edited
	 * inside the expansion.
	 */
	err = clang_parseTranslationUnit2(index, tu->path,
					  (const char *const *)args.v,
					  (int)args.nr, NULL, 0,
					  CXTranslationUnit_DetailedPreprocessingRecord |
					  CXTranslationUnit_KeepGoing,
					  &tu->unit);
	if (err != CXError_Success) {
		tu->unit = NULL;
		tu->first_error = xasprintf("%s: %s", tu->path,
					    parse_error_name(err));
		ret = -1;
	} else {
		count_diagnostics(tu);
		deps_note_file(tu->path);
		if (deps_recording())
			clang_getInclusions(tu->unit, note_inclusion, NULL);
	}
	strvec_clear(&args);
	return ret;
}

void tu_print_diagnostics(const struct tu *tu, FILE *out)
{
	unsigned int i, n;

	if (!tu->unit)
		return;
	n = clang_getNumDiagnostics(tu->unit);
	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu->unit, i);
		char *s = cxstring_take(clang_formatDiagnostic(d,
							       display_options()));

		fprintf(out, "%s\n", s);
		free(s);
		clang_disposeDiagnostic(d);
	}
}

void tu_release(struct tu *tu)
{
	if (tu->unit)
		clang_disposeTranslationUnit(tu->unit);
	free(tu->relpath);
	free(tu->path);
	free(tu->first_error);
	memset(tu, 0, sizeof(*tu));
}

static enum CXChildVisitResult label_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LabelStmt) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool cursor_has_label(CXCursor c)
{
	bool hit = clang_getCursorKind(c) == CXCursor_LabelStmt;

	if (!hit)
		clang_visitChildren(c, label_visit, &hit);
	return hit;
}

static bool is_assign_token(const char *t)
{
	return !strcmp(t, "=") || !strcmp(t, "|=") || !strcmp(t, "&=") ||
	       !strcmp(t, "+=") || !strcmp(t, "-=") || !strcmp(t, "++") ||
	       !strcmp(t, "--");
}

/* Spellings of the tokens of @c, in order. */
void cursor_tokens(CXCursor c, struct strvec *out)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *toks;
	unsigned int n, i;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	for (i = 0; i < n; i++) {
		char *s = cxstring_take(clang_getTokenSpelling(tu, toks[i]));

		strvec_push(out, s);
		free(s);
	}
	clang_disposeTokens(tu, toks, n);
}

bool cursor_assigns(CXCursor stmt, const char *name)
{
	struct strvec t = STRVEC_INIT;
	size_t i;
	bool hit = false;

	cursor_tokens(stmt, &t);
	for (i = 0; i < t.nr && !hit; i++) {
		bool member = i && (!strcmp(t.v[i - 1], ".") ||
				    !strcmp(t.v[i - 1], "->"));

		if (strcmp(t.v[i], name) || member)
			continue;
		hit = (i + 1 < t.nr && is_assign_token(t.v[i + 1])) ||
		      (i && (!strcmp(t.v[i - 1], "++") ||
			     !strcmp(t.v[i - 1], "--")));
	}
	strvec_clear(&t);
	return hit;
}

const char *cursor_written_text(CXCursor c, size_t *len)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned int off;
	size_t size;
	const char *s;
	CXFile f;

	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
	s = f ? clang_getFileContents(tu, f, &size) : NULL;
	if (!s || off >= size)
		return NULL;
	*len = size - off;
	return s + off;
}

char *cursor_written_name(CXCursor c)
{
	size_t len, i;
	const char *s = cursor_written_text(c, &len);

	if (!s)
		return xstrdup("");
	for (i = 0; i < len; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			break;
	return xstrndup(s, i);
}
