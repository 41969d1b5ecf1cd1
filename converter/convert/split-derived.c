// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, values derived from the status: a hand-over accumulates
 * with atomic_or(), which is right for a set of status bits (two readings
 * ORed lose no event) and wrong for anything computed from them: a count
 * of 5 and one of 3 OR to 7.  Only the status as read, or a mask of it,
 * crosses; a value derived from it (a field taken out with FIELD_GET() or
 * a shift, arithmetic, a comparison) is computed again in the thread from
 * the status it takes over, or the split is refused (handover-derived).
 */
#include <stdlib.h>
#include <string.h>

#include "convert/split-parts.h"
#include "tu.h"

enum value_kind {
	VALUE_PLAIN,		/* no device value in it */
	VALUE_BITS,		/* the status as read, or a mask of it */
	VALUE_DERIVED,		/* computed from the status */
};

static bool refs_device_local(CXCursor c, const struct locals *l)
{
	return refs_device_value(c, l) ||
	       !clang_Cursor_isNull(find_call(c, is_device_read));
}

/* The operator of the binary expression @c, whose left operand is @lhs. */
static char *binary_op(CXCursor c, CXCursor lhs)
{
	struct strvec all = STRVEC_INIT, left = STRVEC_INIT;
	char *op = NULL;

	cursor_tokens(c, &all);
	cursor_tokens(lhs, &left);
	if (left.nr < all.nr)
		op = xstrdup(all.v[left.nr]);
	strvec_clear(&all);
	strvec_clear(&left);
	return op ? op : xstrdup("");
}

static enum value_kind value_kind(CXCursor e, const struct locals *l);

/* `a & b`, `a | b` of bits and plain values: still bits that were read. */
static enum value_kind binary_kind(CXCursor e, const struct locals *l)
{
	struct cursor_list kids = { NULL, 0, 0 };
	enum value_kind k = VALUE_DERIVED, a, b;
	char *op;

	cursor_children(e, &kids);
	if (kids.nr != 2 || cursor_range(e).in_macro) {
		cursor_list_release(&kids);
		return VALUE_DERIVED;
	}
	op = binary_op(e, kids.v[0]);
	a = value_kind(kids.v[0], l);
	b = value_kind(kids.v[1], l);
	if ((!strcmp(op, "&") || !strcmp(op, "|")) &&
	    a != VALUE_DERIVED && b != VALUE_DERIVED)
		k = a > b ? a : b;
	free(op);
	cursor_list_release(&kids);
	return k;
}

static enum value_kind value_kind(CXCursor e, const struct locals *l)
{
	CXCursor c = cursor_strip(e);
	enum CXCursorKind k = clang_getCursorKind(c);
	char *callee;
	bool read;

	if (!refs_device_local(c, l))
		return VALUE_PLAIN;
	if (k == CXCursor_CallExpr) {
		callee = call_name(c);
		read = is_device_read(callee);
		free(callee);
		return read ? VALUE_BITS : VALUE_DERIVED;
	}
	if (k == CXCursor_DeclRefExpr)
		return VALUE_BITS;
	if (k == CXCursor_BinaryOperator)
		return binary_kind(c, l);
	return VALUE_DERIVED;
}

struct assign_walk {
	const struct local *lo;
	const struct locals *l;
	CXCursor top;		/* the statement walked */
	bool derived;		/* an assignment computes it from the status */
	bool top_only;		/* every such one is the statement itself */
};

/* `=`, `|=`, `<<=`: not the comparisons `==`, `!=`, `<=`, `>=`. */
static bool is_assign_op(const char *op)
{
	size_t n = strlen(op);

	return n && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") &&
	       strcmp(op, "<=") && strcmp(op, ">=");
}

static void assignment(struct assign_walk *w, CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };
	enum value_kind rhs;
	CXCursor lhs;
	char *op;

	cursor_children(c, &kids);
	if (kids.nr != 2) {
		cursor_list_release(&kids);
		return;
	}
	lhs = cursor_strip(kids.v[0]);
	if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(lhs), w->lo->decl)) {
		cursor_list_release(&kids);
		return;
	}
	op = binary_op(c, kids.v[0]);
	if (!is_assign_op(op)) {
		free(op);
		cursor_list_release(&kids);
		return;
	}
	rhs = value_kind(kids.v[1], w->l);
	/* `status &= mask;`, `status |= readl(...)`: still bits. */
	if (strcmp(op, "=") && strcmp(op, "&=") && strcmp(op, "|="))
		rhs = w->lo->device_value || rhs != VALUE_PLAIN ?
		      VALUE_DERIVED : VALUE_PLAIN;
	if (rhs == VALUE_DERIVED) {
		w->derived = true;
		w->top_only &= clang_equalCursors(c, w->top);
	}
	free(op);
	cursor_list_release(&kids);
}

static enum CXChildVisitResult assign_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct assign_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
		assignment(w, c);
	if (k == CXCursor_VarDecl && clang_equalCursors(c, w->lo->decl)) {
		struct cursor_list kids = { NULL, 0, 0 };

		cursor_children(c, &kids);
		if (kids.nr &&
		    value_kind(kids.v[kids.nr - 1], w->l) == VALUE_DERIVED) {
			w->derived = true;
			w->top_only = false;
		}
		cursor_list_release(&kids);
	}
	return CXChildVisit_Recurse;
}

/* Calls a recomputation may make: compile-time checks, builtins, getters. */
static bool is_impure(const char *callee)
{
	return !starts_with(callee, "__builtin_") &&
	       !starts_with(callee, "__compiletime_assert") &&
	       strcmp(callee, "netdev_priv") && !ends_with(callee, "get_drvdata");
}

/*
 * Can the thread compute statement @at again, where the hand-overs have
 * been taken: no device read, no call with effects, and no local it reads
 * is assigned again by the quick check after it (the thread would see the
 * later value).
 */
static bool recomputable(const struct split_plan *plan,
			 const struct locals *l, size_t at)
{
	CXCursor s = plan->stmts[at].cursor;
	size_t j, k;

	if (!clang_Cursor_isNull(find_call(s, is_device_read)) ||
	    !clang_Cursor_isNull(find_call(s, is_impure)) || has_return(s))
		return false;
	for (k = 0; k < l->nr; k++) {
		if (!refs_local(s, &l->v[k]) || cursor_assigns(s, l->v[k].name))
			continue;
		for (j = at + 1; j < plan->nr_stmts; j++)
			if (plan->stmts[j].role != ROLE_THREAD &&
			    cursor_assigns(plan->stmts[j].cursor, l->v[k].name))
				return false;
	}
	return true;
}

/* Does a quick-check statement other than an assignment of @lo read it? */
static bool read_in_quick(const struct split_plan *plan,
			  const struct local *lo)
{
	size_t i;

	for (i = 0; i < plan->nr_stmts; i++) {
		const struct split_stmt *st = &plan->stmts[i];

		if ((st->role == ROLE_QUICK || st->role == ROLE_SILENCE) &&
		    clang_getCursorKind(st->cursor) != CXCursor_DeclStmt &&
		    refs_local(st->cursor, lo) &&
		    !cursor_assigns(st->cursor, lo->name))
			return true;
	}
	return false;
}

/*
 * @lo crosses to the thread: 0 when the quick check gives it only status
 * bits (atomic_or() is right), 1 when it is derived from them and the
 * thread computes it again (its statements are marked for replay), -1
 * with the plan refused when it cannot.
 */
int split_handover_derived(struct split_plan *plan, const struct locals *l,
			   const struct local *lo)
{
	bool derived = false, ok = true, quick;
	size_t i;

	for (i = 0; i < plan->nr_stmts; i++) {
		struct split_stmt *st = &plan->stmts[i];
		struct assign_walk w = { lo, l, st->cursor, false, true };

		if (st->role == ROLE_THREAD || st->role == ROLE_TAIL)
			continue;
		assign_visit(st->cursor, clang_getNullCursor(), &w);
		clang_visitChildren(st->cursor, assign_visit, &w);
		if (!w.derived)
			continue;
		derived = true;
		ok &= w.top_only && st->role == ROLE_QUICK &&
		      recomputable(plan, l, i);
	}
	if (!derived)
		return 0;
	if (!ok) {
		refuse(plan, R_HANDOVER_DERIVED, lo->name, plan->handler);
		return -1;
	}
	/* The quick check keeps them only when it reads the value itself. */
	quick = read_in_quick(plan, lo);
	for (i = 0; i < plan->nr_stmts; i++) {
		struct split_stmt *st = &plan->stmts[i];

		if (st->role != ROLE_QUICK ||
		    clang_getCursorKind(st->cursor) == CXCursor_DeclStmt ||
		    !cursor_assigns(st->cursor, lo->name))
			continue;
		if (quick)
			st->replay = true;
		else
			st->role = ROLE_THREAD;
	}
	return 1;
}

/*
 * One note for the values @names (split_handover_derived() said 1 for
 * each) that the thread computes again.
 */
void split_derived_note(struct split_plan *plan, const struct strvec *names)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!names->nr)
		return;
	for (i = 0; i < names->nr; i++)
		strbuf_addf(&sb, "%s'%s'", !i ? "" :
			    i + 1 == names->nr ? " and " : ", ", names->v[i]);
	strbuf_addf(&sb, " %s computed from the status; the thread computes %s from the status it takes over, rather than have %s handed over and accumulated with atomic_or(), which would corrupt a count (5 | 3 is 7). When two interrupts come before the thread runs, it sees the fields of both readings ORed, as it sees their status bits.",
		    names->nr > 1 ? "are" : "is", names->nr > 1 ? "them" : "it",
		    names->nr > 1 ? "them" : "it");
	strvec_push_nodup(&plan->notes, strbuf_detach(&sb));
}
