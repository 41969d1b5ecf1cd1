// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "ast/cursor.h"
#include "tu.h"

void cursor_list_release(struct cursor_list *cl)
{
	free(cl->v);
	memset(cl, 0, sizeof(*cl));
}

void cursor_list_push(struct cursor_list *cl, CXCursor c)
{
	if (cl->nr == cl->alloc) {
		cl->alloc = cl->alloc * 2 + 8;
		cl->v = xrealloc(cl->v, cl->alloc * sizeof(*cl->v));
	}
	cl->v[cl->nr++] = c;
}

static size_t location_offset(CXSourceLocation loc, bool *in_macro)
{
	CXFile file, sfile;
	unsigned int line, col, off, sline, scol, soff;

	clang_getExpansionLocation(loc, &file, &line, &col, &off);
	clang_getSpellingLocation(loc, &sfile, &sline, &scol, &soff);
	if (off != soff || !clang_File_isEqual(file, sfile))
		*in_macro = true;
	return off;
}

struct cursor_range cursor_range(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct cursor_range cr = { 0, 0, false };
	CXToken *tok;

	cr.begin = location_offset(clang_getRangeStart(r), &cr.in_macro);
	cr.end = location_offset(clang_getRangeEnd(r), &cr.in_macro);
	/*
	 * When the last token comes from a macro expansion, the end is the
	 * expansion point of that macro, at the start of its name: take the
	 * whole token written there.
	 */
	if (cr.in_macro) {
		CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
		CXSourceLocation end = clang_getRangeEnd(r);
		CXFile file;
		unsigned int line, col, off;

		clang_getExpansionLocation(end, &file, &line, &col, &off);
		tok = clang_getToken(tu, clang_getLocation(tu, file, line, col));
		if (tok) {
			CXSourceRange tr = clang_getTokenExtent(tu, *tok);
			bool dummy = false;
			size_t tend = location_offset(clang_getRangeEnd(tr),
						      &dummy);

			if (tend > cr.end)
				cr.end = tend;
			clang_disposeTokens(tu, tok, 1);
		}
	}
	return cr;
}

unsigned int cursor_line(CXCursor c)
{
	CXFile file;
	unsigned int line, col, off;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line,
				   &col, &off);
	return line;
}

char *cursor_file(CXCursor c)
{
	CXFile file;
	unsigned int line, col, off;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line,
				   &col, &off);
	if (!file)
		return xstrdup("");
	return cxstring_take(clang_getFileName(file));
}

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	(void)parent;
	cursor_list_push(data, c);
	return CXChildVisit_Continue;
}

void cursor_children(CXCursor c, struct cursor_list *out)
{
	clang_visitChildren(c, collect_child, out);
}

CXCursor cursor_fn_body(CXCursor def)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor body = clang_getNullCursor();
	size_t i;

	cursor_children(def, &kids);
	for (i = 0; i < kids.nr; i++)
		if (clang_getCursorKind(kids.v[i]) == CXCursor_CompoundStmt)
			body = kids.v[i];
	cursor_list_release(&kids);
	return body;
}

bool cursor_is_enum_ref(CXCursor c, const char *name)
{
	CXCursor ref;
	char *s;
	bool hit;

	c = cursor_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
		return false;
	s = cursor_name(ref);
	hit = !strcmp(s, name);
	free(s);
	return hit;
}

static enum CXChildVisitResult answers_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct cursor_answers *a = data;
	struct cursor_list kids = { NULL, 0, 0 };

	(void)parent;
	if (cursor_is_enum_ref(c, "IRQ_NONE"))
		a->none++;
	if (cursor_is_enum_ref(c, "IRQ_HANDLED"))
		a->handled++;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
		cursor_children(c, &kids);
		if (kids.nr != 1 || !cursor_is_enum_ref(kids.v[0], "IRQ_HANDLED"))
			a->other_return = true;
		cursor_list_release(&kids);
	}
	return CXChildVisit_Recurse;
}

void cursor_answers_in(CXCursor c, struct cursor_answers *a)
{
	clang_visitChildren(c, answers_visit, a);
}

bool cursor_fn_always_handled(CXCursor def)
{
	struct cursor_answers a = { 0, 0, false };
	CXCursor body = cursor_fn_body(def);

	if (clang_Cursor_isNull(body))
		return false;
	cursor_answers_in(body, &a);
	return !a.none && !a.other_return;
}

CXCursor cursor_strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct cursor_list kids = { NULL, 0, 0 };

		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CStyleCastExpr)
			return c;
		cursor_children(c, &kids);
		if (!kids.nr) {
			cursor_list_release(&kids);
			return c;
		}
		c = kids.v[kids.nr - 1];
		cursor_list_release(&kids);
	}
}

CXCursor cursor_strip_address(CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };

	c = cursor_strip(c);
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator)
		return c;
	cursor_children(c, &kids);
	if (kids.nr == 1)
		c = cursor_strip(kids.v[0]);
	cursor_list_release(&kids);
	return c;
}

char *cursor_name(CXCursor c)
{
	return cxstring_take(clang_getCursorSpelling(c));
}

char *call_name(CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call);

	if (clang_Cursor_isNull(callee) ||
	    clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return xstrdup("");
	return cursor_name(callee);
}

struct find_state {
	call_pred pred;
	struct cursor_list *out;
	CXCursor decl;
	bool first_only;
	bool found;
	enum CXCursorKind kind;
};

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct find_state *st = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (st->pred && k == CXCursor_CallExpr) {
		char *name = call_name(c);
		bool hit = st->pred(name);

		free(name);
		if (hit) {
			cursor_list_push(st->out, c);
			if (st->first_only)
				return CXChildVisit_Break;
		}
	} else if (!st->pred && st->kind == CXCursor_DeclRefExpr &&
		   k == CXCursor_DeclRefExpr &&
		   clang_equalCursors(clang_getCursorReferenced(c), st->decl)) {
		cursor_list_push(st->out, c);
	} else if (!st->pred && st->kind == CXCursor_ReturnStmt &&
		   k == CXCursor_ReturnStmt) {
		st->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

char *first_arg_text(CXCursor call, const char *buf)
{
	struct cursor_range r;

	if (clang_Cursor_getNumArguments(call) < 1)
		return xstrdup("");
	r = cursor_range(clang_Cursor_getArgument(call, 0));
	return xstrndup(buf + r.begin, r.end - r.begin);
}

bool any_callee(const char *callee)
{
	(void)callee;
	return true;
}

CXCursor find_call(CXCursor c, call_pred pred)
{
	struct cursor_list out = { NULL, 0, 0 };
	struct find_state st = { pred, &out, clang_getNullCursor(), true,
				 false, CXCursor_CallExpr };
	CXCursor ret = clang_getNullCursor();

	find_visit(c, clang_getNullCursor(), &st);
	if (!out.nr)
		clang_visitChildren(c, find_visit, &st);
	if (out.nr)
		ret = out.v[0];
	cursor_list_release(&out);
	return ret;
}

void find_calls(CXCursor c, call_pred pred, struct cursor_list *out)
{
	struct find_state st = { pred, out, clang_getNullCursor(), false,
				 false, CXCursor_CallExpr };

	find_visit(c, clang_getNullCursor(), &st);
	clang_visitChildren(c, find_visit, &st);
}

void find_refs(CXCursor c, CXCursor decl, struct cursor_list *out)
{
	struct find_state st = { NULL, out, decl, false, false,
				 CXCursor_DeclRefExpr };

	find_visit(c, clang_getNullCursor(), &st);
	clang_visitChildren(c, find_visit, &st);
}

bool has_return(CXCursor c)
{
	struct find_state st = { NULL, NULL, clang_getNullCursor(), false,
				 false, CXCursor_ReturnStmt };

	if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		return true;
	clang_visitChildren(c, find_visit, &st);
	return st.found;
}

enum wrapper_kind { READS, WRITES };
static bool in_wrapper(enum wrapper_kind k, const char *callee);

/* The MMIO and port accessors every register macro of a driver ends in. */
bool is_device_read(const char *callee)
{
	if (in_wrapper(READS, callee))
		return true;
	static const char *const reads[] = {
		"readb", "readw", "readl", "readq", "readb_relaxed",
		"readw_relaxed", "readl_relaxed", "readq_relaxed",
		"__raw_readb", "__raw_readw", "__raw_readl", "__raw_readq",
		/* what x86 expands __raw_readl() to */
		"__readb", "__readw", "__readl", "__readq",
		"ioread8", "ioread16", "ioread32", "ioread64", "ioread16be",
		"ioread32be", "inb", "inw", "inl", "inb_p", "inw_p", "inl_p",
		"__inb", "__inw", "__inl",
		NULL
	};

	return name_in(callee, reads);
}

bool is_device_write(const char *callee)
{
	if (in_wrapper(WRITES, callee))
		return true;
	static const char *const writes[] = {
		"writeb", "writew", "writel", "writeq", "writeb_relaxed",
		"writew_relaxed", "writel_relaxed", "writeq_relaxed",
		"__raw_writeb", "__raw_writew", "__raw_writel", "__raw_writeq",
		"__writeb", "__writew", "__writel", "__writeq",
		"iowrite8", "iowrite16", "iowrite32", "iowrite64",
		"iowrite16be", "iowrite32be", "outb", "outw", "outl",
		"__outb", "__outw", "__outl",
		"outb_p", "outw_p", "outl_p", NULL
	};

	return name_in(callee, writes);
}

/*
 * Drivers wrap the accessors (edu_read(), cp_read16(), ...): a function of
 * the file whose only calls are device reads (or writes) counts as one.
 */
static struct strvec wrapper_reads = STRVEC_INIT;
static struct strvec wrapper_writes = STRVEC_INIT;

static bool is_builtin_access(const char *callee)
{
	return is_device_read(callee) || is_device_write(callee);
}

static bool is_not_access(const char *callee)
{
	return !is_builtin_access(callee);
}

/* A return statement whose value comes from a device read. */
static enum CXChildVisitResult returns_read(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt &&
	    !clang_Cursor_isNull(find_call(c, is_device_read))) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

void accessors_learn(CXTranslationUnit tu, const char *file)
{
	strvec_clear(&wrapper_reads);
	strvec_clear(&wrapper_writes);
	accessors_learn_also(tu, file);
}

void accessors_learn_also(CXTranslationUnit tu, const char *file)
{
	struct cursor_list kids = { NULL, 0, 0 };
	char *dir = xstrdup(file);
	size_t i, n;

	/* The driver's own headers count: e1000e's __er32() is in e1000.h. */
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = '\0';
	n = strlen(dir);

	cursor_children(clang_getTranslationUnitCursor(tu), &kids);
	for (i = 0; i < kids.nr; i++) {
		CXCursor fn = kids.v[i];
		char *where, *name;
		bool reads, writes;

		if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(fn))
			continue;
		where = cursor_file(fn);
		if (strncmp(where, dir, n) || where[n] != '/' ||
		    strchr(where + n + 1, '/')) {
			free(where);
			continue;
		}
		free(where);
		name = cursor_name(fn);
		if (clang_Cursor_isNull(find_call(fn, is_not_access))) {
			reads = !clang_Cursor_isNull(find_call(fn, is_device_read));
			writes = !clang_Cursor_isNull(find_call(fn, is_device_write));
		} else {
			/* Or a function that returns what it read. */
			reads = false;
			writes = false;
			clang_visitChildren(fn, returns_read, &reads);
		}
		if (reads && !writes && !strvec_has(&wrapper_reads, name))
			strvec_push(&wrapper_reads, name);
		else if (writes && !reads && !strvec_has(&wrapper_writes, name))
			strvec_push(&wrapper_writes, name);
		free(name);
	}
	cursor_list_release(&kids);
	free(dir);
}

static bool in_wrapper(enum wrapper_kind k, const char *callee)
{
	return strvec_has(k == READS ? &wrapper_reads : &wrapper_writes, callee);
}

bool cursor_is_plain_assign(CXCursor bin, CXCursor lhs)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(bin);
	CXSourceRange lr = clang_getCursorExtent(lhs);
	unsigned int end, n, i;
	CXToken *toks;
	bool hit = false;

	clang_getSpellingLocation(clang_getRangeEnd(lr), NULL, NULL, NULL, &end);
	clang_tokenize(tu, clang_getCursorExtent(bin), &toks, &n);
	for (i = 0; i < n; i++) {
		unsigned int off;
		char *s;

		clang_getSpellingLocation(clang_getTokenLocation(tu, toks[i]),
					  NULL, NULL, NULL, &off);
		if (off < end)
			continue;
		s = cxstring_take(clang_getTokenSpelling(tu, toks[i]));
		hit = !strcmp(s, "=");
		free(s);
		break;
	}
	clang_disposeTokens(tu, toks, n);
	return hit;
}

size_t cursor_column_of(const char *buf, size_t off)
{
	size_t start = off, col = 0;

	while (start > 0 && buf[start - 1] != '\n')
		start--;
	for (; start < off; start++)
		col = buf[start] == '\t' ? (col + 8) & ~7UL : col + 1;
	return col;
}

/* Line breaks and the indentation after them become one space. */
char *cursor_one_line_text(const char *buf, CXCursor c)
{
	struct cursor_range r = cursor_range(c);
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = r.begin; i < r.end; i++) {
		if (buf[i] == '\n') {
			while (i + 1 < r.end &&
			       (buf[i + 1] == '\t' || buf[i + 1] == ' '))
				i++;
			strbuf_addch(&sb, ' ');
		} else {
			strbuf_addch(&sb, buf[i]);
		}
	}
	return strbuf_detach(&sb);
}
