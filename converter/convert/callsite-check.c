// SPDX-License-Identifier: GPL-2.0
/*
 * What a request's rewrite asks of the code around it: the request written
 * where it can be edited, no other use of a handler that stops existing,
 * and direct calls of it (a netpoll controller) that can be rewritten.
 * The judge asks before it decides; callsite_rewrite() before it writes.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/callsite-parts.h"
#include "tu.h"

/* Whether @ref, a declaration, is the handler @ou looks for. */
static bool is_handler(const struct other_use *ou, CXCursor ref)
{
	char *usr;
	bool same;

	if (!ou->usr)
		return clang_equalCursors(clang_getCanonicalCursor(ref), ou->fn);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return false;
	usr = cxstring_take(clang_getCursorUSR(ref));
	same = !strcmp(usr, ou->usr);
	free(usr);
	return same;
}

static bool other_request(const struct other_use *ou, size_t off)
{
	size_t i;

	for (i = 0; i < ou->nr_requested; i++)
		if (ou->requested[i] == off)
			return true;
	return false;
}

static enum CXChildVisitResult find_other_use(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct other_use *ou = data;
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		ref = clang_getCursorReferenced(c);
		if (is_handler(ou, ref))
			cursor_list_push(&ou->calls, c);
		return CXChildVisit_Recurse;
	}
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (!is_handler(ou, ref) || other_request(ou, cursor_range(c).begin) ||
	    cursor_range(c).begin == ou->allowed ||
	    (ou->calls.nr &&
	     cursor_range(c).begin ==
	     cursor_range(ou->calls.v[ou->calls.nr - 1]).begin))
		return CXChildVisit_Recurse;
	ou->line = cursor_line(c);
	return CXChildVisit_Break;
}

/*
 * A handler defined in another file of the module: the line of a reference
 * or call of it in its own file (an EXPORT_SYMBOL(), a netpoll call), or 0.
 * Such a use is not rewritten: it refuses.
 */
static unsigned int used_in_own_file(CXCursor def)
{
	CXTranslationUnit unit = clang_Cursor_getTranslationUnit(def);
	struct other_use ou;
	unsigned int line;

	memset(&ou, 0, sizeof(ou));
	ou.fn = clang_getCanonicalCursor(def);
	ou.allowed = (size_t)-1;
	clang_visitChildren(clang_getTranslationUnitCursor(unit),
			    find_other_use, &ou);
	line = ou.line;
	if (!line && ou.calls.nr)
		line = cursor_line(ou.calls.v[0]);
	cursor_list_release(&ou.calls);
	return line;
}
CXCursor handler_ref(const struct callsite *cs)
{
	int handler_arg = starts_with(cs->callee, "devm_") ? 2 : 1;
	CXCursor name_ref = cursor_strip(clang_Cursor_getArgument(cs->call,
								  handler_arg));
	struct cursor_list kids = { NULL, 0, 0 };
	size_t i;

	if (clang_Cursor_isNull(cs->handler_var))
		return name_ref;
	cursor_children(cs->handler_var, &kids);
	for (i = 0; i < kids.nr; i++)
		if (clang_isExpression(clang_getCursorKind(kids.v[i])))
			name_ref = cursor_strip(kids.v[i]);
	cursor_list_release(&kids);
	return name_ref;
}

int request_checks(const struct callsite *cs, const struct callsite_list *all,
		   enum request_form form, struct other_use *ou,
		   struct refusal *why)
{
	size_t i;

	int handler_arg = starts_with(cs->callee, "devm_") ? 2 : 1;
	CXCursor arg = clang_Cursor_getArgument(cs->call, handler_arg);
	CXCursor flags = clang_Cursor_getArgument(cs->call, handler_arg + 1);
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(cs->call);

	memset(ou, 0, sizeof(*ou));
	if (cursor_range(cs->call).in_macro || cursor_range(arg).in_macro ||
	    cursor_range(flags).in_macro) {
		refusal_set(why, R_REQUEST_VIA_MACRO);
		return -1;
	}
	/*
	 * The handler must not be used anywhere else: it stops existing.  Moved
	 * whole, it stays as it is, and so may its other callers.
	 */
	ou->fn = clang_getCanonicalCursor(cs->handler_def);
	if (clang_Cursor_getTranslationUnit(cs->handler_def) != tu)
		ou->usr = cxstring_take(clang_getCursorUSR(cs->handler_def));
	ou->allowed = cursor_range(handler_ref(cs)).begin;
	for (i = 0; all && i < all->nr; i++) {
		if (&all->v[i] == cs || !all->v[i].handler ||
		    clang_Cursor_isNull(all->v[i].handler_def) ||
		    !clang_equalCursors(clang_getCanonicalCursor(
						all->v[i].handler_def), ou->fn))
			continue;
		ou->requested = xrealloc(ou->requested,
					 (ou->nr_requested + 1) *
					 sizeof(*ou->requested));
		ou->requested[ou->nr_requested++] =
			cursor_range(handler_ref(&all->v[i])).begin;
	}
	if (form != REQUEST_WHOLE) {
		clang_visitChildren(clang_getTranslationUnitCursor(tu),
				    find_other_use, ou);
		if (ou->usr && !ou->line)
			ou->line = used_in_own_file(cs->handler_def);
	}
	free(ou->usr);
	ou->usr = NULL;
	free(ou->requested);
	ou->requested = NULL;
	if (ou->line) {
		refusal_set(why, R_HANDLER_REFERENCED, cs->handler, ou->line);
		cursor_list_release(&ou->calls);
		return -1;
	}
	return 0;
}

int rewrite_direct_calls(const struct callsite *cs, struct other_use *ou,
			 const char *buf, size_t len, const char *quick,
			 enum request_form form, struct edit_list *el,
			 struct strvec *notes, struct refusal *why)
{
	size_t i;

	for (i = 0; i < ou->calls.nr; i++) {
		if (callsite_rewrite_direct_call(ou->calls.v[i], buf, len,
						 quick, form, el, notes,
						 cs->handler)) {
			refusal_set(why, R_DIRECT_CALL_UNREWRITABLE,
				    cs->handler, cursor_line(ou->calls.v[i]));
			return -1;
		}
	}
	return 0;
}

int callsite_check(const struct callsite *cs, const struct callsite_list *all,
		   const char *buf, size_t len, enum request_form form,
		   struct refusal *why)
{
	struct strvec notes = STRVEC_INIT;
	struct other_use ou;
	struct edit_list el;
	int ret;

	if (request_checks(cs, all, form, &ou, why))
		return -1;
	edit_list_init(&el, "");
	ret = rewrite_direct_calls(cs, &ou, buf, len, "quick", form, &el,
				   &notes, why);
	edit_list_release(&el);
	strvec_clear(&notes);
	cursor_list_release(&ou.calls);
	return ret;
}
