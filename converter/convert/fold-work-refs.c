// SPDX-License-Identifier: GPL-2.0
/*
 * What the work fold asks of the code around a work item: the references
 * to one declaration, whether a cursor lies within another, which calls
 * wait for the irq's handlers, and the refusal of an item it cannot fold.
 */
#include <string.h>

#include "convert/fold-work-parts.h"
#include "tu.h"

/* Calls that wait for the irq's handlers, the thread included. */
bool waits_for_irq(const char *n)
{
	return !strcmp(n, "free_irq") || !strcmp(n, "devm_free_irq") ||
	       !strcmp(n, "synchronize_irq") || !strcmp(n, "disable_irq");
}

bool same_decl(CXCursor a, CXCursor b)
{
	return clang_equalCursors(clang_getCanonicalCursor(a),
				  clang_getCanonicalCursor(b));
}

bool within(CXCursor c, CXCursor outer)
{
	struct cursor_range r = cursor_range(c), o = cursor_range(outer);

	return !clang_Cursor_isNull(outer) && r.begin >= o.begin &&
	       r.end <= o.end;
}

void unfoldable(struct split_plan *plan, const char *field, const char *why)
{
	refuse(plan, R_WORK_UNFOLDABLE, field, plan->handler, why);
}

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct cursor_list *out = data;
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr ||
	    clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
		ref = clang_getCursorReferenced(c);
		if (!clang_Cursor_isNull(ref) &&
		    same_decl(ref, out->v[0]))
			cursor_list_push(out, c);
	}
	return CXChildVisit_Recurse;
}

void all_refs(CXCursor c, CXCursor decl, struct cursor_list *out)
{
	cursor_list_push(out, decl);
	clang_visitChildren(c, ref_visit, out);
}
