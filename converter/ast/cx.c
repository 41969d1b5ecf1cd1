// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ast/cx.h"
#include "tu.h"

static enum CXChildVisitResult last_child(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

CXCursor cx_strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CXCursor child = clang_getNullCursor();

		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CStyleCastExpr)
			return c;
		/* The operand is the last child (a cast's first is its type). */
		clang_visitChildren(c, last_child, &child);
		if (clang_Cursor_isNull(child))
			return c;
		c = child;
	}
}

static const char *file_contents(struct scan_tu *st, CXFile file, size_t *size)
{
	const char *s;

	if (!file) {
		*size = 0;
		return NULL;
	}
	s = clang_getFileContents(st->unit, file, size);
	if (!s)
		*size = 0;
	return s;
}

static const struct src_range *macro_at(struct scan_tu *st, unsigned int off)
{
	size_t lo = 0, hi = st->nr_macros;

	/* The last invocation that begins at or before @off. */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (st->macros[mid].begin <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo && off < st->macros[lo - 1].end)
		return &st->macros[lo - 1];
	return NULL;
}

struct src_range cx_range(struct scan_tu *st, CXCursor c, CXFile *file)
{
	CXSourceRange ext = clang_getCursorExtent(c);
	struct src_range r = { 0, 0, 0 };
	CXFile f, f2;
	unsigned int line, off, eoff;

	clang_getExpansionLocation(clang_getRangeStart(ext), &f, &line, NULL,
				   &off);
	clang_getExpansionLocation(clang_getRangeEnd(ext), &f2, NULL, NULL,
				   &eoff);
	r.begin = off;
	r.line = line;
	r.end = eoff;
	if (f && clang_File_isEqual(f, st->main)) {
		const struct src_range *m = macro_at(st, eoff);

		if (m && eoff > m->begin)
			r.end = m->end;
		m = macro_at(st, off);
		if (m && r.end < m->end)
			r.end = m->end;
	}
	if (!f2 || !f || !clang_File_isEqual(f, f2) || r.end < r.begin)
		r.end = r.begin;
	if (file)
		*file = f;
	return r;
}

bool cx_in_main_file(struct scan_tu *st, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	return f && clang_File_isEqual(f, st->main);
}

char *cx_range_text(struct scan_tu *st, CXFile file, struct src_range r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t size, i;
	const char *s = file_contents(st, file, &size);
	bool space = false;

	if (!s || r.end > size || r.end <= r.begin)
		return xstrdup("");
	for (i = r.begin; i < r.end; i++) {
		if (isspace((unsigned char)s[i])) {
			space = true;
			continue;
		}
		if (space && sb.len)
			strbuf_addch(&sb, ' ');
		space = false;
		strbuf_addch(&sb, s[i]);
	}
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}

char *cx_text(struct scan_tu *st, CXCursor c)
{
	CXFile f;
	struct src_range r = cx_range(st, c, &f);

	return cx_range_text(st, f, r);
}

char *cx_written_name(struct scan_tu *st, CXCursor c)
{
	CXFile f;
	struct src_range r = cx_range(st, c, &f);
	size_t size, i;
	const char *s = file_contents(st, f, &size);

	if (!s || r.begin >= size)
		return xstrdup("");
	for (i = r.begin; i < size; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			break;
	return xstrndup(s + r.begin, i - r.begin);
}

char *cx_callee(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return xstrdup("");
	return cxstring_take(clang_getCursorSpelling(ref));
}

CXCursor cx_callee_definition(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	return clang_getCursorDefinition(ref);
}

char *cx_file_of(struct scan_tu *st, CXCursor c)
{
	CXFile f;
	char *path;
	size_t n = strlen(st->src);

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	if (!f)
		return xstrdup("");
	if (clang_File_isEqual(f, st->main))
		return xstrdup(st->relpath);
	path = cxstring_take(clang_File_tryGetRealPathName(f));
	if (!*path) {
		free(path);
		path = cxstring_take(clang_getFileName(f));
	}
	if (!strncmp(path, st->src, n) && path[n] == '/') {
		char *rel = xstrdup(path + n + 1);

		free(path);
		return rel;
	}
	return path;
}

struct kind_walk {
	enum CXCursorKind kind;
	cx_call_fn fn;
	void *data;
};

static enum CXChildVisitResult kind_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct kind_walk *w = data;

	(void)parent;
	if (clang_getCursorKind(c) == w->kind)
		w->fn(c, w->data);
	return CXChildVisit_Recurse;
}

void cx_for_each_kind(CXCursor c, enum CXCursorKind kind, cx_call_fn fn,
		      void *data)
{
	struct kind_walk w = { kind, fn, data };

	clang_visitChildren(c, kind_visit, &w);
}

void cx_for_each_call(CXCursor c, cx_call_fn fn, void *data)
{
	cx_for_each_kind(c, CXCursor_CallExpr, fn, data);
}

struct ref_walk {
	CXCursor decl;
	bool found;
};

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct ref_walk *w = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), w->decl)) {
		w->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool cx_references(CXCursor c, CXCursor decl)
{
	struct ref_walk w = { decl, false };

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), decl))
		return true;
	clang_visitChildren(c, ref_visit, &w);
	return w.found;
}

struct match_walk {
	bool (*pred)(const char *name);
	int depth;
	char *found;
};

static bool calls_matching(CXCursor c, struct match_walk *w);

static enum CXChildVisitResult match_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct match_walk *w = data;
	char *name;
	CXCursor def;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	name = cx_callee(c);
	if (*name && w->pred(name)) {
		w->found = name;
		return CXChildVisit_Break;
	}
	free(name);
	def = cx_callee_definition(c);
	if (w->depth > 0 && !clang_Cursor_isNull(def)) {
		struct match_walk inner = { w->pred, w->depth - 1, NULL };

		if (calls_matching(def, &inner)) {
			w->found = inner.found;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static bool calls_matching(CXCursor c, struct match_walk *w)
{
	clang_visitChildren(c, match_visit, w);
	return w->found != NULL;
}

bool cx_calls_matching(CXCursor c, bool (*pred)(const char *name),
		       int depth, char **found)
{
	struct match_walk w = { pred, depth, NULL };
	bool ret = calls_matching(c, &w);

	if (found)
		*found = w.found;
	else
		free(w.found);
	return ret;
}

static enum CXChildVisitResult irqf_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct scan_tu *st = data;
	CXToken *toks;
	unsigned int n, i;
	char *name, *val = NULL;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	name = cxstring_take(clang_getCursorSpelling(c));
	if (!starts_with(name, "IRQF_") && !starts_with(name, "__IRQF_")) {
		free(name);
		return CXChildVisit_Continue;
	}
	clang_tokenize(st->unit, clang_getCursorExtent(c), &toks, &n);
	/* NAME VALUE, or NAME ( VALUE ): only plain bits, not their unions. */
	for (i = 1; i < n; i++) {
		char *t = cxstring_take(clang_getTokenSpelling(st->unit, toks[i]));

		if (clang_getTokenKind(toks[i]) == CXToken_Literal && !val) {
			val = t;
			continue;
		}
		if (strcmp(t, "(") && strcmp(t, ")")) {
			free(t);
			free(val);
			val = NULL;
			break;
		}
		free(t);
	}
	clang_disposeTokens(st->unit, toks, n);
	if (val) {
		unsigned long long v = strtoull(val, NULL, 0);

		if (v) {
			st->irqf_values = xrealloc(st->irqf_values,
				(st->irqf_names.nr + 1) * sizeof(v));
			st->irqf_values[st->irqf_names.nr] = v;
			strvec_push(&st->irqf_names, name);
		}
		free(val);
	}
	free(name);
	return CXChildVisit_Continue;
}

void scan_tu_load_irqf(struct scan_tu *st)
{
	if (st->irqf_loaded)
		return;
	st->irqf_loaded = true;
	clang_visitChildren(clang_getTranslationUnitCursor(st->unit),
			    irqf_visit, st);
}

struct main_walk {
	struct scan_tu *st;
	cx_call_fn fn;
	void *data;
};

static enum CXChildVisitResult main_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct main_walk *w = data;

	(void)parent;
	/* Header declarations are most of a unit: skip them unvisited. */
	if (cx_in_main_file(w->st, c))
		cx_for_each_call(c, w->fn, w->data);
	return CXChildVisit_Continue;
}

void cx_for_each_main_call(struct scan_tu *st, cx_call_fn fn, void *data)
{
	struct main_walk w = { st, fn, data };

	clang_visitChildren(clang_getTranslationUnitCursor(st->unit),
			    main_visit, &w);
}

struct src_range cx_stmt_range(struct scan_tu *st, CXCursor c)
{
	CXFile f;
	struct src_range r = cx_range(st, c, &f);
	size_t size, i;
	const char *s = file_contents(st, f, &size);

	/* libclang ends a statement before its ';': take it, for editing. */
	for (i = r.end; s && i < size; i++) {
		if (s[i] == ';') {
			r.end = i + 1;
			break;
		}
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n')
			break;
	}
	return r;
}

char *cx_spelled_text(struct scan_tu *st, CXCursor c)
{
	CXSourceRange ext = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned int b, e;

	clang_getSpellingLocation(clang_getRangeStart(ext), &f1, NULL, NULL, &b);
	clang_getSpellingLocation(clang_getRangeEnd(ext), &f2, NULL, NULL, &e);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || e <= b)
		return xstrdup("");
	return cx_range_text(st, f1, (struct src_range){ b, e, 0 });
}

