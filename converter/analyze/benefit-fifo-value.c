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
#include <strings.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* Locals, parameters and fields followed one into another. */
#define FOLLOW_DEPTH 4

static unsigned int file_off(CXSourceLocation l)
{
	unsigned int off;

	clang_getFileLocation(l, NULL, NULL, NULL, &off);
	return off;
}

unsigned int benefit_start(CXCursor c)
{
	return file_off(clang_getRangeStart(clang_getCursorExtent(c)));
}

unsigned int benefit_end(CXCursor c)
{
	return file_off(clang_getRangeEnd(clang_getCursorExtent(c)));
}

/*
 * The first punctuation but a parenthesis between offsets @a and @b of
 * @file: the operator between two operands.
 */
static char *punct_between(CXTranslationUnit tu, CXFile file, unsigned int a,
			   unsigned int b)
{
	unsigned int n, i, off;
	CXToken *toks;
	char *s = NULL;

	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, file, a),
					  clang_getLocationForOffset(tu, file, b)),
		       &toks, &n);
	for (i = 0; i < n && !s; i++) {
		char *t = cxstring_take(clang_getTokenSpelling(tu, toks[i]));

		clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]),
					  NULL, NULL, NULL, &off);
		if (off >= a && clang_getTokenKind(toks[i]) ==
		    CXToken_Punctuation && strcmp(t, "(") && strcmp(t, ")"))
			s = t;
		else
			free(t);
	}
	clang_disposeTokens(tu, toks, n);
	return s;
}

/*
 * The operator of the binary operator @op, where it is written: in the
 * file between its operands (`FIFO_SIZE - readl(...)`), else in the body
 * of the macro both come from (DIV_ROUND_UP()'s `/`).  NULL when it cannot
 * be read.
 */
char *benefit_binop(CXCursor op)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(op);
	CXSourceLocation l1, l2;
	struct cursor_kids kids;
	CXFile f1 = NULL, f2 = NULL;
	unsigned int a = 0, b = 0;

	da_kids(op, &kids);
	if (kids.nr != 2) {
		free(kids.v);
		return NULL;
	}
	l1 = clang_getRangeEnd(clang_getCursorExtent(kids.v[0]));
	l2 = clang_getRangeStart(clang_getCursorExtent(kids.v[1]));
	free(kids.v);
	clang_getFileLocation(l1, &f1, NULL, NULL, &a);
	clang_getFileLocation(l2, &f2, NULL, NULL, &b);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || a >= b) {
		clang_getSpellingLocation(l1, &f1, NULL, NULL, &a);
		clang_getSpellingLocation(l2, &f2, NULL, NULL, &b);
	}
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || a > b)
		return NULL;
	return punct_between(tu, f1, a, b);
}

static bool value(CXCursor ex, const struct fifo_at *at);

/*
 * The tokens @c is written with, in the file: from where its expansion
 * starts (`readl_relaxed`, a macro) to its end.
 */
void benefit_file_tokens(CXCursor c, struct strvec *out)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned int a, b, n, i;
	CXFile f1, f2;
	CXToken *toks;

	clang_getFileLocation(clang_getRangeStart(r), &f1, NULL, NULL, &a);
	clang_getFileLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &b);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || a > b)
		return;
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, f1, a),
					  clang_getLocationForOffset(tu, f1, b)),
		       &toks, &n);
	for (i = 0; i < n; i++) {
		char *t = cxstring_take(clang_getTokenSpelling(tu, toks[i]));

		strvec_push(out, t);
		free(t);
	}
	clang_disposeTokens(tu, toks, n);
}

bool benefit_names_fifo(const char *name)
{
	const char *p;

	for (p = name; *p; p++)
		if (!strncasecmp(p, "fifo", 4))
			return true;
	return false;
}

/*
 * A read of a FIFO's level or room: the register, the macro that masks
 * it, the driver's function that reads it or the variable it is stored in
 * is named for a FIFO (`SDI_FIFO_LEVEL`, `sun6i_spi_get_rx_fifo_count()`,
 * `wr_fifo_bytes`).  Another count read from the device, a frame's
 * length, is data.
 */
bool benefit_fifo_read(CXCursor call, bool named)
{
	struct strvec t = STRVEC_INIT;
	bool hit = named;
	size_t i;

	benefit_file_tokens(call, &t);
	for (i = 0; i < t.nr && !hit; i++)
		hit = benefit_names_fifo(t.v[i]);
	strvec_clear(&t);
	return hit;
}

bool benefit_same_tokens(CXCursor a, CXCursor b)
{
	struct strvec ta = STRVEC_INIT, tb = STRVEC_INIT;
	size_t i;
	bool same;

	cursor_tokens(da_strip(a), &ta);
	cursor_tokens(da_strip(b), &tb);
	same = ta.nr && ta.nr == tb.nr;
	for (i = 0; same && i < ta.nr; i++)
		same = !strcmp(ta.v[i], tb.v[i]);
	strvec_clear(&ta);
	strvec_clear(&tb);
	return same;
}

/*
 * Of the comparison @cmp, the operand the relation says is the larger
 * (`a > b`: a) in @big and the other in @small; false when it is no
 * relation.
 */
bool benefit_relation(CXCursor cmp, CXCursor *big, CXCursor *small)
{
	struct cursor_kids kids;
	char *op;
	bool ok = false;

	cmp = da_strip(cmp);
	if (clang_getCursorKind(cmp) != CXCursor_BinaryOperator)
		return false;
	op = benefit_binop(cmp);
	da_kids(cmp, &kids);
	if (op && kids.nr == 2 && (!strcmp(op, ">") || !strcmp(op, ">="))) {
		*big = kids.v[0];
		*small = kids.v[1];
		ok = true;
	} else if (op && kids.nr == 2 &&
		   (!strcmp(op, "<") || !strcmp(op, "<="))) {
		*big = kids.v[1];
		*small = kids.v[0];
		ok = true;
	}
	free(kids.v);
	free(op);
	return ok;
}

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
 * Arithmetic: a difference, a quotient or a shift is no larger than its
 * left operand, a mask or a remainder than either operand; a product
 * counts a FIFO's words times their width, a sum needs both bounded.
 */
static bool arith_value(CXCursor ex, const struct fifo_at *at)
{
	struct cursor_kids kids;
	char *op = benefit_binop(ex);
	bool hit = false;

	da_kids(ex, &kids);
	/* an operator in a macro's body: one that masks a register field */
	if (!op)
		hit = benefit_macro_masks(ex);
	else if (kids.nr != 2)
		hit = false;
	else if (!strcmp(op, "-") || !strcmp(op, "/") || !strcmp(op, ">>"))
		hit = value(kids.v[0], at);
	else if (!strcmp(op, "&") || !strcmp(op, "*") || !strcmp(op, "%"))
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

bool benefit_in_file(CXCursor c, CXFile file)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	return f && file && clang_File_isEqual(f, file);
}
