// SPDX-License-Identifier: GPL-2.0
/*
 * Device reads through a function pointer the driver keeps in its own
 * structure (analyze/member-read.h).  Only the file's own assignments
 * count, and all of them must be reads: a member also set to anything
 * else, or never set in the file, is not followed.
 */
#include <stdlib.h>

#include "analyze/member-read.h"
#include "ast/cursor.h"

struct member_walk {
	CXCursor field;
	bool (*is_read)(const char *callee, void *data);
	void *data;
	unsigned int stored;	/* functions stored in the field */
	bool other;		/* one of them is no device read */
};

static enum CXChildVisitResult member_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct member_walk *mw = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor fn;
	char *name;

	(void)parent;
	if (k != CXCursor_BinaryOperator && k != CXCursor_UnexposedExpr)
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	/* `bp->macb_reg_readl = hw_readl;` and `.macb_reg_readl = hw_readl` */
	if (kids.nr == 2 &&
	    (clang_getCursorKind(kids.v[0]) == CXCursor_MemberRefExpr ||
	     clang_getCursorKind(kids.v[0]) == CXCursor_MemberRef) &&
	    clang_equalCursors(clang_getCursorReferenced(kids.v[0]),
			       mw->field)) {
		fn = clang_getCursorReferenced(cursor_strip_address(kids.v[1]));
		name = clang_getCursorKind(fn) == CXCursor_FunctionDecl ?
		       cursor_name(fn) : NULL;
		mw->stored++;
		mw->other |= !name || !mw->is_read(name, mw->data);
		free(name);
	}
	cursor_list_release(&kids);
	return CXChildVisit_Recurse;
}

bool member_read_call(CXCursor call,
		      bool (*is_read)(const char *callee, void *data),
		      void *data)
{
	struct member_walk mw = { clang_getNullCursor(), is_read, data, 0,
				  false };
	struct cursor_list kids = { NULL, 0, 0 };
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(call);
	CXCursor fn = clang_getNullCursor();
	size_t i;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	cursor_children(call, &kids);
	if (kids.nr)
		fn = cursor_strip(kids.v[0]);
	cursor_list_release(&kids);
	if (clang_getCursorKind(fn) != CXCursor_MemberRefExpr)
		return false;
	mw.field = clang_getCursorReferenced(fn);
	if (clang_getCursorKind(mw.field) != CXCursor_FieldDecl)
		return false;
	cursor_children(clang_getTranslationUnitCursor(tu), &kids);
	for (i = 0; i < kids.nr && !mw.other; i++)
		if (clang_getCursorKind(kids.v[i]) == CXCursor_FunctionDecl &&
		    clang_isCursorDefinition(kids.v[i]) &&
		    clang_Location_isFromMainFile(
			    clang_getCursorLocation(kids.v[i])))
			clang_visitChildren(kids.v[i], member_visit, &mw);
	cursor_list_release(&kids);
	return mw.stored && !mw.other;
}
