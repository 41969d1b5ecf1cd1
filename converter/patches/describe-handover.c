// SPDX-License-Identifier: GPL-2.0
/*
 * The sentence on a value the quick check hands to the thread.  It goes
 * through an atomic_t with atomic_or(), so two interrupts before the
 * thread runs reach it ORed together: right for status bits, wrong for a
 * count or an address.  The sentence says which the thread's uses show.
 */
#include <stdlib.h>
#include <string.h>

#include "ast/cursor.h"
#include "patches/describe.h"
#include "tu.h"

#define MAX_DEPTH 128

struct uses {
	CXCursor decl;
	CXCursor up[MAX_DEPTH];	/* the ancestors of the cursor visited */
	unsigned int depth;
	unsigned int not_bits;	/* line of the first use as a value, or 0 */
};

/* The operator token of the binary operator @op, "" when not found. */
static char *operator_of(CXCursor op, unsigned int *where)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(op);
	CXToken *toks = NULL;
	unsigned int n = 0, i, lhs_end, at;
	char *ret = xstrdup("");

	cursor_children(op, &kids);
	if (kids.nr != 2)
		goto out;
	lhs_end = cursor_range(kids.v[0]).end;
	clang_tokenize(tu, clang_getCursorExtent(op), &toks, &n);
	for (i = 0; i < n; i++) {
		clang_getExpansionLocation(clang_getTokenLocation(tu, toks[i]),
					   NULL, NULL, NULL, &at);
		if (at >= lhs_end &&
		    clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
			free(ret);
			ret = cxstring_take(clang_getTokenSpelling(tu, toks[i]));
			*where = at;
			break;
		}
	}
	clang_disposeTokens(tu, toks, n);
out:
	cursor_list_release(&kids);
	return ret;
}

static bool is_wrapper(enum CXCursorKind k)
{
	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	       k == CXCursor_CStyleCastExpr;
}

/*
 * Whether the use @ref below @u->up[at] takes the value as bits only: a
 * bit operation or test, an acknowledge, a message; assigning it anew is
 * no use.
 */
static bool bit_use(struct uses *u, unsigned int at, CXCursor ref)
{
	static const char *const bit_ops[] = {
		"&", "|", "^", "==", "!=", "&&", "||", "&=", "|=", NULL,
	};
	CXCursor a;
	enum CXCursorKind k;
	char *op, *callee;
	unsigned int where = 0;
	bool ok;

	while (at > 0 && is_wrapper(clang_getCursorKind(u->up[at])))
		at--;
	a = u->up[at];
	k = clang_getCursorKind(a);
	if (k == CXCursor_IfStmt || k == CXCursor_WhileStmt ||
	    k == CXCursor_UnaryOperator)
		return true;
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		op = operator_of(a, &where);
		ok = name_in(op, bit_ops) ||
		     (!strcmp(op, "=") && cursor_range(ref).begin < where);
		free(op);
		return ok;
	}
	if (k == CXCursor_CallExpr) {
		/* an acknowledge, the status written back; or a message */
		callee = call_name(a);
		ok = is_device_write(callee) || starts_with(callee, "regmap_write") ||
		     strstr(callee, "print") || starts_with(callee, "_dev_") ||
		     starts_with(callee, "dev_") || starts_with(callee, "__dynamic");
		free(callee);
		return ok;
	}
	return false;
}

static enum CXChildVisitResult uses_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct uses *u = data;

	(void)parent;
	if (u->not_bits || u->depth >= MAX_DEPTH)
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), u->decl)) {
		if (u->depth && !bit_use(u, u->depth - 1, c))
			u->not_bits = cursor_line(c);
		return CXChildVisit_Continue;
	}
	u->up[u->depth++] = c;
	clang_visitChildren(c, uses_visit, u);
	u->depth--;
	return CXChildVisit_Continue;
}

/* The line of the thread's first use of @h as a value, 0 when none. */
static unsigned int used_as_value(const struct split_plan *plan,
				  const struct split_handover *h)
{
	struct uses u;
	size_t i;

	memset(&u, 0, sizeof(u));
	u.decl = h->decl;
	for (i = 0; i < plan->nr_stmts && !u.not_bits; i++) {
		/* The thread's part, and the declarations it evaluates again. */
		if (plan->stmts[i].role != ROLE_THREAD &&
		    plan->stmts[i].role != ROLE_CONTEXT)
			continue;
		u.depth = 0;
		u.up[u.depth++] = plan->stmts[i].cursor;
		clang_visitChildren(plan->stmts[i].cursor, uses_visit, &u);
	}
	return u.not_bits;
}

void describe_handover(struct strbuf *sb, const struct split_plan *plan,
		       const struct split_handover *h)
{
	unsigned int line = used_as_value(plan, h);

	strbuf_addf(sb, "'%s' is read once, in the quick check, and handed to the thread through the new atomic_t %s in struct %s: accumulated with atomic_or(), taken with atomic_xchg()",
		    h->name, h->field, plan->priv_struct);
	if (!line)
		strbuf_addstr(sb, ", so status bits that arrive while the thread runs are neither lost nor read twice.");
	else
		strbuf_addf(sb, ". What two interrupts read before the thread runs reaches it ORed together, which keeps status bits but not a count or an address, and the thread uses '%s' as a value, not only as bits (line %u of the old %s()): a reviewer must check that ORing is right for it.",
			    h->name, line, plan->handler);
}
