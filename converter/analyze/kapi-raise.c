// SPDX-License-Identifier: GPL-2.0
/*
 * Softirq raisers the kernel API hides behind a function pointer whose
 * target is known by the structure member it is stored in.  The table is
 * narrow on purpose: a call through an unknown pointer is not taken to
 * raise anything (treating every one so made a whole move of davinci_mmc
 * look as if it needed a bottom-half bracket).
 */
#include <stdlib.h>
#include <sys/types.h>
#include <string.h>

#include "analyze/kapi-raise.h"
#include "ast/cursor.h"
#include "tu.h"
#include "util.h"

static const struct {
	const char *type;
	const char *member;
	const char *what;
} member_raisers[] = {
#define KAPI_MEMBER_RAISER(t, m, w) { #t, #m, w },
#include "analyze/kapi-locks.def"
};

static const struct {
	const char *type, *member;
	bool delay;
} member_quiet[] = {
#define KAPI_MEMBER_QUIET(t, m) { #t, #m, false },
#define KAPI_MEMBER_DELAY(t, m) { #t, #m, true },
#include "analyze/kapi-locks.def"
};

static const struct {
	const char *name;
	const char *what;
} kapi_raisers[] = {
#define KAPI_RAISER(n, w) { #n, w },
#include "analyze/kapi-locks.def"
};

const char *kapi_raiser(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kapi_raisers); i++)
		if (!strcmp(kapi_raisers[i].name, name))
			return kapi_raisers[i].what;
	return NULL;
}

/* The member a call goes through (`task->task_done`), or a null cursor. */
static CXCursor called_member(CXCursor call)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor fn = clang_getNullCursor();

	cursor_children(call, &kids);
	if (kids.nr)
		fn = cursor_strip(kids.v[0]);
	cursor_list_release(&kids);
	/* `(*task->task_done)(task)` is the same call. */
	if (clang_getCursorKind(fn) == CXCursor_UnaryOperator) {
		cursor_children(fn, &kids);
		fn = kids.nr ? cursor_strip(kids.v[0]) : clang_getNullCursor();
		cursor_list_release(&kids);
	}
	if (clang_getCursorKind(fn) != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	return clang_getCursorReferenced(fn);
}

const char *kapi_member_raiser(CXCursor call)
{
	CXCursor field = called_member(call);
	const char *what = NULL;
	char *member, *type;
	size_t i;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return NULL;
	member = cxstring_take(clang_getCursorSpelling(field));
	type = cxstring_take(clang_getCursorSpelling(
			clang_getCursorSemanticParent(field)));
	for (i = 0; i < ARRAY_SIZE(member_raisers) && !what; i++)
		if (!strcmp(member_raisers[i].type, type) &&
		    !strcmp(member_raisers[i].member, member))
			what = member_raisers[i].what;
	free(member);
	free(type);
	return what;
}

const char *kapi_call_raises(CXCursor call)
{
	char *name = call_name(call);
	const char *what = *name ? kapi_raiser(name) : NULL;

	free(name);
	return what ? what : kapi_member_raiser(call);
}

/* The row of member_quiet[] @call goes through, or -1. */
static ssize_t quiet_row(CXCursor call)
{
	CXCursor field = called_member(call);
	char *member, *type;
	ssize_t row = -1;
	size_t i;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return -1;
	member = cxstring_take(clang_getCursorSpelling(field));
	type = cxstring_take(clang_getCursorSpelling(
			clang_getCursorSemanticParent(field)));
	for (i = 0; i < ARRAY_SIZE(member_quiet) && row < 0; i++)
		if (!strcmp(member_quiet[i].type, type) &&
		    !strcmp(member_quiet[i].member, member))
			row = i;
	free(member);
	free(type);
	return row;
}

bool kapi_member_quiet(CXCursor call)
{
	return quiet_row(call) >= 0;
}

char *kapi_member_delay(CXCursor call)
{
	ssize_t row = quiet_row(call);

	return row >= 0 && member_quiet[row].delay ?
	       xstrdup(member_quiet[row].member) : NULL;
}
