// SPDX-License-Identifier: GPL-2.0
/*
 * The tokens of the code a loop bound is read from: where an expression is
 * written in the file, its operator as spelled, the relation a comparison
 * states, whether a name says FIFO or is a constant's, and whether an
 * expression is the initialisation or the step of a for loop.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

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

bool benefit_in_file(CXCursor c, CXFile file)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	return f && file && clang_File_isEqual(f, file);
}

/*
 * Is @part the initialisation or the step of the for loop @loop, as
 * written (`for (i = 0; i < n; i++, ch++)`)?  Only the condition bounds
 * the loop: a pointer stepped beside the counter does not.  A loop
 * written as a macro (for_each_set_bit()) cannot be read so: false.
 */
bool benefit_for_step_or_init(CXCursor loop, CXCursor part)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(loop);
	unsigned int n, i, at, semi[2], nr = 0;
	CXToken *toks;
	int depth = 0;
	bool written = false;

	if (clang_getCursorKind(loop) != CXCursor_ForStmt)
		return false;
	clang_tokenize(tu, clang_getCursorExtent(loop), &toks, &n);
	for (i = 0; i < n && nr < 2 && (!i || written); i++) {
		char *s = cxstring_take(clang_getTokenSpelling(tu, toks[i]));

		if (!i)
			written = !strcmp(s, "for");
		depth += !strcmp(s, "(") - !strcmp(s, ")");
		if (depth == 1 && !strcmp(s, ";"))
			clang_getExpansionLocation(clang_getTokenLocation(tu,
							toks[i]), NULL, NULL,
						   NULL, &semi[nr++]);
		free(s);
	}
	clang_disposeTokens(tu, toks, n);
	if (!written || nr < 2)
		return false;
	clang_getExpansionLocation(clang_getRangeStart(
				   clang_getCursorExtent(part)), NULL, NULL,
				   NULL, &at);
	return at < semi[0] || at > semi[1];
}

/* An identifier of capitals, digits and `_`: a constant or a macro's. */
bool benefit_is_constant(const char *t)
{
	bool letter = false;

	if (!isupper((unsigned char)*t))
		return false;
	for (; *t; t++) {
		if (!isupper((unsigned char)*t) && !isdigit((unsigned char)*t) &&
		    *t != '_')
			return false;
		letter |= isupper((unsigned char)*t);
	}
	return letter;
}
