// SPDX-License-Identifier: GPL-2.0
/*
 * The macros a FIFO bound is written with, for analyze/benefit-fifo-value.c:
 * min() and its kin, bounded when one argument is; DIV_ROUND_UP() and the
 * like, no larger than their first argument; FIELD_GET(), bounded by its
 * mask; and a driver's field macro that only masks and shifts
 * (`#define RX_FIFO_LVL(x) ((x >> 16) & 0x7f)`).  Their expansions come
 * from headers, so they are read by the macro's name and the offsets of
 * its arguments where it is written.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

enum bound_macro {
	BM_NONE,
	BM_MIN,		/* bounded when an argument is */
	BM_FIRST,	/* bounded when its first argument is */
	BM_ALWAYS,	/* bounded by a mask */
};

/* The ranges of the arguments of a macro written at an offset. */
struct macro_args {
	unsigned int begin[4], end[4];
	int nr;
};

static enum bound_macro macro_kind(const char *name, bool *typed)
{
	static const char *const mins[] = {
		"min", "min_t", "min3", "min_not_zero", "umin", NULL
	};
	static const char *const firsts[] = {
		"DIV_ROUND_UP", "DIV_ROUND_UP_ULL", "DIV_ROUND_CLOSEST",
		"round_down", "rounddown", NULL
	};

	/* min_t(type, x, y): the type is no bound */
	*typed = !strcmp(name, "min_t");
	if (name_in(name, mins))
		return BM_MIN;
	if (name_in(name, firsts))
		return BM_FIRST;
	if (!strcmp(name, "FIELD_GET"))
		return BM_ALWAYS;
	return BM_NONE;
}

/* The spelling of the token at offset @s of @f, before @limit. */
static char *token_at(CXTranslationUnit tu, CXFile f, unsigned int s,
		      unsigned int limit)
{
	unsigned int n, end = s + 24 < limit ? s + 24 : limit;
	CXToken *toks;
	char *name;

	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, f, s),
					  clang_getLocationForOffset(tu, f, end)),
		       &toks, &n);
	name = n ? cxstring_take(clang_getTokenSpelling(tu, toks[0])) : NULL;
	clang_disposeTokens(tu, toks, n);
	return name;
}

/* The offsets of the arguments of the macro named at offset @s of @f. */
static void macro_args(CXTranslationUnit tu, CXFile f, unsigned int s,
		       unsigned int limit, struct macro_args *ma)
{
	unsigned int n, i, depth = 0;
	CXToken *toks;

	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, f, s),
					  clang_getLocationForOffset(tu, f, limit)),
		       &toks, &n);
	for (i = 1; i < n && ma->nr < 4; i++) {
		char *t = cxstring_take(clang_getTokenSpelling(tu, toks[i]));
		unsigned int off;

		clang_getExpansionLocation(clang_getTokenLocation(tu, toks[i]),
					   NULL, NULL, NULL, &off);
		if (!strcmp(t, ")") && !--depth) {
			ma->end[ma->nr++] = off;
		} else if (depth == 1 && !strcmp(t, ",")) {
			ma->end[ma->nr++] = off;
			ma->begin[ma->nr] = off + 1;
		} else if (!strcmp(t, "(") && !depth++) {
			ma->begin[0] = off + 1;
		}
		free(t);
		if (!depth)
			break;
	}
	clang_disposeTokens(tu, toks, n);
}

struct arg_walk {
	const struct macro_args *ma;
	const struct fifo_at *at;
	bool hit;
};

/* The first cursors spelled inside an argument: that argument's value. */
static enum CXChildVisitResult arg_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct arg_walk *aw = data;
	unsigned int s = benefit_start(c), e = benefit_end(c);
	int i;

	(void)parent;
	if (!clang_isExpression(clang_getCursorKind(c)))
		return CXChildVisit_Recurse;
	for (i = 0; i < aw->ma->nr; i++) {
		if (s < aw->ma->begin[i] || e > aw->ma->end[i])
			continue;
		if (aw->at->value(c, aw->at)) {
			aw->hit = true;
			return CXChildVisit_Break;
		}
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

bool benefit_macro_value(CXCursor ex, const struct fifo_at *at, bool *hit)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(ex);
	struct macro_args ma = { { 0 }, { 0 }, 0 };
	struct arg_walk aw = { &ma, at, false };
	enum bound_macro kind = BM_NONE;
	unsigned int s, limit = benefit_end(at->fn);
	bool typed = false;
	char *name;
	CXFile f;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(ex)),
			      &f, NULL, NULL, &s);
	if (!f || s >= limit)
		return false;
	name = token_at(tu, f, s, limit);
	if (name)
		kind = macro_kind(name, &typed);
	free(name);
	if (kind == BM_NONE)
		return false;
	*hit = kind == BM_ALWAYS;
	if (*hit)
		return true;
	macro_args(tu, f, s, limit, &ma);
	if (typed && ma.nr) {
		memmove(ma.begin, ma.begin + 1, --ma.nr * sizeof(*ma.begin));
		memmove(ma.end, ma.end + 1, ma.nr * sizeof(*ma.end));
	}
	if (kind == BM_FIRST && ma.nr)
		ma.nr = 1;
	clang_visitChildren(ex, arg_visit, &aw);
	*hit = aw.hit;
	return true;
}

/* The first token after the parameters of a function-like macro. */
static unsigned int after_params(CXTranslationUnit tu, CXToken *toks,
				 unsigned int n)
{
	unsigned int i;
	bool end = false;

	for (i = 1; i < n && !end; i++) {
		char *t = cxstring_take(clang_getTokenSpelling(tu, toks[i]));

		end = !strcmp(t, ")");
		free(t);
	}
	return i;
}

/* The body of the macro @def, its tokens' spellings. */
static void body_tokens(CXTranslationUnit tu, CXCursor def, struct strvec *out)
{
	unsigned int n, i;
	CXToken *toks;

	clang_tokenize(tu, clang_getCursorExtent(def), &toks, &n);
	i = clang_Cursor_isMacroFunctionLike(def) ? after_params(tu, toks, n) : 1;
	for (; i < n; i++)
		strvec_push_nodup(out, cxstring_take(clang_getTokenSpelling(tu,
								    toks[i])));
	clang_disposeTokens(tu, toks, n);
}

/* The operators of a macro's body: a mask, and none that grows a value. */
static bool masks_only(CXTranslationUnit tu, CXCursor def)
{
	static const char *const grow[] = { "+", "*", "|", "<<", NULL };
	struct strvec t = STRVEC_INIT;
	bool mask = false, grows = false;
	size_t i;

	body_tokens(tu, def, &t);
	for (i = 0; i < t.nr; i++) {
		mask |= !strcmp(t.v[i], "&");
		grows |= name_in(t.v[i], grow);
	}
	strvec_clear(&t);
	return mask && !grows;
}

/* The definition of the macro expanded where @ex starts, or null. */
static CXCursor macro_def_at(CXCursor ex)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(ex);
	CXCursor exp, def;
	unsigned int s;
	CXFile f;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(ex)),
			      &f, NULL, NULL, &s);
	if (!f)
		return clang_getNullCursor();
	exp = clang_getCursor(tu, clang_getLocationForOffset(tu, f, s));
	if (clang_getCursorKind(exp) != CXCursor_MacroExpansion)
		return clang_getNullCursor();
	def = clang_getCursorReferenced(exp);
	return clang_getCursorKind(def) == CXCursor_MacroDefinition ?
	       def : clang_getNullCursor();
}

bool benefit_macro_masks(CXCursor ex)
{
	CXCursor def = macro_def_at(ex);

	return !clang_Cursor_isNull(def) &&
	       masks_only(clang_Cursor_getTranslationUnit(ex), def);
}

struct named {
	const char *name;
	CXCursor def;
};

static enum CXChildVisitResult named_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct named *n = data;
	char *name;
	bool hit;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition ||
	    !clang_Cursor_isMacroFunctionLike(c))
		return CXChildVisit_Continue;
	name = cxstring_take(clang_getCursorSpelling(c));
	hit = !strcmp(name, n->name);
	free(name);
	if (hit)
		n->def = c;
	return hit ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * The function-like macro @name of @tu.  Looked up only where a macro's
 * body is another's call, which the preprocessing record does not keep.
 */
static CXCursor macro_named(CXTranslationUnit tu, const char *name)
{
	struct named n = { name, clang_getNullCursor() };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), named_visit,
			    &n);
	return n.def;
}

/* The index of the parenthesis closing the one at @open, or @nr. */
static size_t closing(const struct strvec *t, size_t open, size_t nr)
{
	int depth = 0;
	size_t i;

	for (i = open; i < nr; i++) {
		depth += !strcmp(t->v[i], "(") - !strcmp(t->v[i], ")");
		if (!depth)
			return i;
	}
	return nr;
}

static bool operand_end(const char *t)
{
	return !strcmp(t, ")") || !strcmp(t, "]") ||
	       isalnum((unsigned char)t[0]) || t[0] == '_';
}

/*
 * The one binary operator at the top of the tokens @t[@a..@b) (`x & m`,
 * `a | b | c`), or NULL: none, more than one, or a conditional.
 */
static char *top_op(const struct strvec *t, size_t a, size_t b)
{
	static const char *const not_ops[] = {
		"(", ")", "[", "]", ",", "#", "##", ".", "->", ":", NULL
	};
	const char *op = NULL;
	size_t i;
	int depth = 0;

	for (i = a; i < b; i++) {
		const char *s = t->v[i];

		if (!strcmp(s, "(") || !strcmp(s, "["))
			depth++;
		else if (!strcmp(s, ")") || !strcmp(s, "]"))
			depth--;
		if (depth || i == a || !ispunct((unsigned char)s[0]) ||
		    s[0] == '_' || name_in(s, not_ops) ||
		    !operand_end(t->v[i - 1]))
			continue;
		if (!strcmp(s, "?") || (op && strcmp(op, s)))
			return NULL;
		op = s;
	}
	return op ? xstrdup(op) : NULL;
}

char *benefit_macro_top_op(CXCursor ex)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(ex);
	struct strvec t = STRVEC_INIT;
	CXCursor def = macro_def_at(ex);
	char *op = NULL;
	size_t a, b;
	int level;

	for (level = 0; level < 4 && !op; level++) {
		if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
			break;
		strvec_clear(&t);
		body_tokens(tu, def, &t);
		a = 0;
		b = t.nr;
		while (b - a > 2 && !strcmp(t.v[a], "(") &&
		       closing(&t, a, b) == b - 1) {
			a++;
			b--;
		}
		/* the body is another macro's call: read that one's */
		if (b - a > 2 && !strcmp(t.v[a + 1], "(") &&
		    closing(&t, a + 1, b) == b - 1) {
			def = macro_named(tu, t.v[a]);
			continue;
		}
		op = top_op(&t, a, b);
		break;
	}
	strvec_clear(&t);
	return op;
}
