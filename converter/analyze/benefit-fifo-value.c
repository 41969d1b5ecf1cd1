// SPDX-License-Identifier: GPL-2.0
/*
 * Values a FIFO's depth bounds (docs/convert.md, "Which loops and delays
 * count"): a constant, a value read from the device (a FIFO's level or
 * room: the device cannot report more than it holds), a configuration
 * count or a field of the driver's const match data (`fifo_depth`),
 * min() of anything with one of those, and what is computed from one
 * without growing past it (`DEPTH - level`, `level & MASK`, `words *
 * 4`).  A local or a parameter is followed to the value it holds when
 * the loop starts; a field, to every value the file stores in it.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* Locals, parameters and fields followed one into another. */
#define FOLLOW_DEPTH 4
/* The widest register field a mask reads a count from: 16 bits. */
#define MASK_MAX 0xffff

static bool value(CXCursor ex, const struct fifo_at *at);

/* `a > b ? b : a`: a min() written out. */
static bool cond_value(CXCursor ex, const struct fifo_at *at)
{
	struct cursor_kids kids;
	CXCursor big, small;
	bool hit = false;

	da_kids(ex, &kids);
	if (kids.nr != 3) {
		free(kids.v);
		return false;
	}
	if (benefit_relation(kids.v[0], &big, &small) &&
	    ((benefit_same_tokens(kids.v[1], small) && benefit_same_tokens(kids.v[2], big)) ||
	     (benefit_same_tokens(kids.v[1], big) && benefit_same_tokens(kids.v[2], small))))
		hit = value(big, at) || value(small, at);
	else
		hit = value(kids.v[1], at) && value(kids.v[2], at);
	free(kids.v);
	return hit;
}

/*
 * An operand of `&`: a constant masks a register field only when it is
 * small; `x & ~(a - 1)`, ALIGN()'s rounding, keeps x's size.
 */
static bool mask_value(CXCursor ex, const struct fifo_at *at)
{
	long long max = 0;

	if (!benefit_evaluates(ex))
		return value(ex, at);
	benefit_note_value(&max, ex);
	return max <= MASK_MAX;
}

/*
 * Arithmetic: a difference, a quotient or a shift is no larger than its
 * left operand, a mask or a remainder than either operand; a product
 * counts a FIFO's words times their width, a sum needs both bounded.
 */
static bool arith_value(CXCursor ex, const struct fifo_at *at)
{
	struct fifo_at in = *at;
	struct cursor_kids kids;
	char *op = benefit_binop(ex);
	bool hit = false;

	/* the outermost operator of a macro's expansion, from its body */
	if (!op && at->macro_read != benefit_start(ex) + 1) {
		op = benefit_macro_top_op(ex);
		in.macro_read = benefit_start(ex) + 1;
	}
	at = &in;

	da_kids(ex, &kids);
	/* an operator in a macro's body: one that masks a register field */
	if (!op)
		hit = benefit_macro_masks(ex);
	else if (kids.nr != 2)
		hit = false;
	else if (!strcmp(op, "-") || !strcmp(op, "/") || !strcmp(op, ">>"))
		hit = value(kids.v[0], at);
	else if (!strcmp(op, "&"))
		hit = mask_value(kids.v[0], at) || mask_value(kids.v[1], at);
	else if (!strcmp(op, "*") || !strcmp(op, "%"))
		hit = value(kids.v[0], at) || value(kids.v[1], at);
	else if (!strcmp(op, "+") || !strcmp(op, "|"))
		hit = value(kids.v[0], at) && value(kids.v[1], at);
	free(kids.v);
	free(op);
	return hit;
}

/*
 * Peel casts and parentheses, stopping at a macro that bounds its value
 * (@hit then says whether it is bounded).
 */
static CXCursor peel(CXCursor ex, const struct fifo_at *at, bool *macro,
		     bool *hit)
{
	struct cursor_kids kids;
	enum CXCursorKind k;

	for (;;) {
		*macro = benefit_macro_value(ex, at, hit);
		k = clang_getCursorKind(ex);
		if (*macro || (k != CXCursor_UnexposedExpr &&
			       k != CXCursor_ParenExpr &&
			       k != CXCursor_CStyleCastExpr))
			return ex;
		da_kids(ex, &kids);
		if (!kids.nr) {
			free(kids.v);
			return ex;
		}
		ex = kids.v[kids.nr - 1];
		free(kids.v);
	}
}

/*
 * A call of a function of the file, stored in a variable named for a FIFO
 * (sprd-mailbox's `fifo_len = sprd_mbox_get_fifo_len(priv, fifo_sts)`):
 * the driver computes its FIFO's level, as the name says.
 */
static bool file_function(CXCursor call, const struct fifo_at *at)
{
	CXCursor def = da_callee_def(call);

	return clang_getCursorKind(call) == CXCursor_CallExpr &&
	       !clang_Cursor_isNull(def) && benefit_in_file(def, at->e->file);
}

static bool value(CXCursor ex, const struct fifo_at *at)
{
	struct fifo_at deeper = *at;
	bool macro, hit;
	CXCursor d;

	ex = peel(ex, at, &macro, &hit);
	if (macro)
		return hit;
	if (benefit_evaluates(ex))
		return true;
	deeper.depth++;
	deeper.fifo_named = false;
	deeper.loop = clang_getNullCursor();
	switch (clang_getCursorKind(ex)) {
	case CXCursor_CallExpr:
	case CXCursor_StmtExpr:	/* arm64's readl(): `({ ... __raw_readl(c) ... })` */
		if (at->fifo_named && file_function(ex, at))
			return true;
		return benefit_reaches(ex, at->e->file, at->e->depth,
				       benefit_is_access, at->e->ap) &&
		       (benefit_fifo_read(ex, at->fifo_named) ||
			benefit_read_back(ex, at));
	case CXCursor_DeclRefExpr:
		d = clang_getCursorReferenced(ex);
		deeper.loop = at->loop;
		return at->depth < FOLLOW_DEPTH && benefit_var_value(d, &deeper);
	case CXCursor_MemberRefExpr:
		return at->depth < FOLLOW_DEPTH &&
		       benefit_field_value(ex, &deeper);
	case CXCursor_BinaryOperator:
		return arith_value(ex, at);
	case CXCursor_ConditionalOperator:
		return cond_value(ex, at);
	default:
		return false;
	}
}

/* Counts are integers: a pointer set to NULL is no bound. */
bool benefit_fifo_value(CXCursor ex, const struct fifo_at *at)
{
	enum CXTypeKind t;

	t = clang_getCanonicalType(clang_getCursorType(ex)).kind;
	return t >= CXType_Bool && t <= CXType_Int128 && value(ex, at);
}
