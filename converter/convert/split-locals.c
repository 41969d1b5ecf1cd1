// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the handler's locals: which ones the quick check
 * computes from the device, and which statements read them.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/split-parts.h"
#include "tu.h"

void locals_release(struct locals *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		free(l->v[i].name);
	free(l->v);
}

struct local *local_named(struct locals *l, const char *name)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (!strcmp(l->v[i].name, name))
			return &l->v[i];
	return NULL;
}

void collect_locals(const struct split_plan *plan, struct locals *l)
{
	size_t i, j;

	l->v = NULL;
	l->nr = 0;
	for (i = 0; i < plan->nr_stmts; i++) {
		struct cursor_list kids = { NULL, 0, 0 };

		if (clang_getCursorKind(plan->stmts[i].cursor) != CXCursor_DeclStmt)
			continue;
		cursor_children(plan->stmts[i].cursor, &kids);
		for (j = 0; j < kids.nr; j++) {
			struct local *lo;

			if (clang_getCursorKind(kids.v[j]) != CXCursor_VarDecl)
				continue;
			l->v = xrealloc(l->v, (l->nr + 1) * sizeof(*l->v));
			lo = &l->v[l->nr++];
			memset(lo, 0, sizeof(*lo));
			lo->decl = kids.v[j];
			lo->name = cursor_name(kids.v[j]);
			lo->stmt = i;
			lo->device_value = !clang_Cursor_isNull(
				find_call(kids.v[j], is_device_read));
		}
		cursor_list_release(&kids);
	}
}

/*
 * Locals a statement assigns, from its tokens: a name followed by an
 * assignment operator and not preceded by a member access.  Tokens, not
 * text: libclang has already told comments and strings apart.
 */
void mark_assigned(CXCursor stmt, struct locals *l, bool device,
		   bool quick)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(stmt);
	CXToken *toks;
	unsigned int n, i;

	clang_tokenize(tu, clang_getCursorExtent(stmt), &toks, &n);
	for (i = 0; i + 1 < n; i++) {
		char *name, *op, *prev = NULL;
		struct local *lo;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		op = cxstring_take(clang_getTokenSpelling(tu, toks[i + 1]));
		if (i)
			prev = cxstring_take(clang_getTokenSpelling(tu, toks[i - 1]));
		name = cxstring_take(clang_getTokenSpelling(tu, toks[i]));
		lo = local_named(l, name);
		if (lo && (!strcmp(op, "=") || !strcmp(op, "|=") ||
			   !strcmp(op, "&=") || !strcmp(op, "+=") ||
			   !strcmp(op, "-=")) &&
		    (!prev || (strcmp(prev, ".") && strcmp(prev, "->")))) {
			if (device)
				lo->device_value = true;
			if (quick)
				lo->set_in_quick = true;
		}
		free(op);
		free(prev);
		free(name);
	}
	clang_disposeTokens(tu, toks, n);
}

bool refs_local(CXCursor c, const struct local *lo)
{
	struct cursor_list refs = { NULL, 0, 0 };
	bool hit;

	find_refs(c, lo->decl, &refs);
	hit = refs.nr > 0;
	cursor_list_release(&refs);
	return hit;
}

bool refs_device_value(CXCursor c, const struct locals *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].device_value && refs_local(c, &l->v[i]))
			return true;
	return false;
}
