// SPDX-License-Identifier: GPL-2.0
/*
 * A static function the fold's removals leave with nothing goes whole,
 * with its kernel-doc, its prototypes and the statements that only call
 * it, when each stands alone on its line (convert/fold-loop.c empties
 * one: a kill loop that was all its body).
 */
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"
#include "tu.h"

struct fn_uses {
	CXCursor fn;		/* canonical */
	CXCursor def;
	struct cursor_list calls;	/* statements that only call it */
	struct cursor_list protos;
	bool other;		/* a use that is no such call */
};

/* Does @c refer to the function whose canonical declaration is @fn? */
static bool names(CXCursor c, CXCursor fn)
{
	CXCursor d = clang_getCanonicalCursor(clang_getCursorReferenced(c));

	return clang_equalCursors(d, fn);
}

static enum CXChildVisitResult fn_use_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct fn_uses *u = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_FunctionDecl &&
	    clang_equalCursors(clang_getCanonicalCursor(c), u->fn)) {
		if (!clang_isCursorDefinition(c))
			cursor_list_push(&u->protos, c);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr &&
	    clang_getCursorKind(parent) == CXCursor_CompoundStmt && names(c, u->fn)) {
		cursor_list_push(&u->calls, c);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_DeclRefExpr && names(c, u->fn))
		u->other = true;
	return u->other ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * @fn, a static function of the file whose every line the removals take,
 * goes whole, with its prototypes and the statements that only call it
 * (when each stands alone and passes what it only reads); its name in
 * *@gone, for the patch text.
 */
void fold_drop_empty_fn(struct edit_list *el, const char *buf, size_t len,
			  CXCursor fn, const char *why, char **gone)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
	struct fn_uses u = { clang_getCanonicalCursor(fn), fn,
			     { NULL, 0, 0 }, { NULL, 0, 0 }, false };
	CXCursor body = cursor_fn_body(fn);
	struct strvec names = STRVEC_INIT;
	char *file = cursor_file(fn), *pfile;
	bool ok;
	size_t i, a;

	if (clang_Cursor_isNull(body) ||
	    clang_Cursor_getStorageClass(fn) != CX_SC_Static ||
	    !fold_emptied(el, buf, len, body)) {
		free(file);
		return;
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), fn_use_visit,
			    &u);
	ok = !u.other;
	for (i = 0; ok && i < u.calls.nr; i++) {
		CXCursor c = u.calls.v[i];
		struct cursor_range r = cursor_range(c);

		pfile = cursor_file(c);
		ok = !strcmp(pfile, file) && !fold_stmt_tied(c) && !r.in_macro &&
		     !edit_list_touches(el, split_line_start(buf, r.begin),
					split_line_after(buf, len, r.end));
		free(pfile);
		for (a = 0; ok && a < (size_t)clang_Cursor_getNumArguments(c);
		     a++)
			ok = fold_reads_only(clang_Cursor_getArgument(c, a),
					     buf);
	}
	for (i = 0; ok && i < u.protos.nr; i++) {
		pfile = cursor_file(u.protos.v[i]);
		ok = !strcmp(pfile, file);
		free(pfile);
	}
	free(file);
	strvec_push_nodup(&names, cursor_name(fn));
	if (ok)
		ok = fold_remove_whole(el, buf, len, fn, &names, why);
	for (i = 0; ok && i < u.protos.nr; i++)
		fold_remove_stmt_lines(el, buf, len, u.protos.v[i],
				       "prototype of a function gone");
	for (i = 0; ok && i < u.calls.nr; i++) {
		fold_remove_stmt_named(el, buf, len, u.calls.v[i], &names,
				       false, "call of a function gone");
		fold_tidy_label(el, buf, len, u.calls.v[i]);
		fold_tidy_locals(el, buf, len, u.calls.v[i]);
		fold_tidy_block(el, buf, len, u.calls.v[i], &names);
	}
	if (ok)
		*gone = xstrdup(names.v[0]);
	strvec_clear(&names);
	cursor_list_release(&u.calls);
	cursor_list_release(&u.protos);
}

/*
 * The removals inside [@begin, @end), all of whole text, are taken back
 * for one removal of it all; false, and nothing changed, when an edit
 * there writes text or crosses its ends.
 */
static bool absorb(struct edit_list *el, size_t begin, size_t end)
{
	size_t i, n;

	for (i = 0; i < el->nr; i++) {
		const struct edit *e = &el->v[i];

		if (e->offset >= end || e->offset + e->length <= begin)
			continue;
		if (e->text[0] || e->offset < begin ||
		    e->offset + e->length > end || !e->length)
			return false;
	}
	for (i = n = 0; i < el->nr; i++) {
		struct edit *e = &el->v[i];

		if (e->offset < end && e->offset + e->length > begin) {
			free(e->text);
			free(e->why);
			continue;
		}
		el->v[n++] = *e;
	}
	el->nr = n;
	return true;
}

/*
 * Remove the lines of @stmt, with the comment above that names @names or
 * deferred work, taking in the removals already inside them.
 */
bool fold_remove_whole(struct edit_list *el, const char *buf, size_t len,
			 CXCursor stmt, const struct strvec *names,
			 const char *why)
{
	struct cursor_range r = cursor_range(stmt);
	size_t line = split_line_start(buf, r.begin);
	size_t end = split_line_after(buf, len, r.end - 1);
	size_t begin = fold_stale_comment(buf, len, line, end, names, false);

	if (!fold_only_blanks(buf, line, r.begin) ||
	    !fold_only_blanks(buf, r.end, end) ||
	    edit_list_touches(el, begin, line) || !absorb(el, line, end))
		return false;
	fold_remove_lines(el, buf, len, begin, end, why);
	return true;
}
