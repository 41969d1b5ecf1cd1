// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

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

int tu_parse(CXIndex index, struct kbuild *kb, const char *relpath,
	     struct tu *tu)
{
	struct strvec args = STRVEC_INIT;
	enum CXErrorCode err;
	int ret = 0;

	memset(tu, 0, sizeof(*tu));
	tu->relpath = xstrdup(relpath);
	tu->path = xasprintf("%s/%s", kb->src, relpath);
	if (kbuild_parse_args(kb, relpath, &args, &tu->in_config) < 0) {
		tu->first_error = xstrdup("no kbuild flags for this file");
		return -1;
	}
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
