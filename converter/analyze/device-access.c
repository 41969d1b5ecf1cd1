// SPDX-License-Identifier: GPL-2.0
/*
 * Device accesses as the silencing and benefit analyses compare them: the
 * register a read or write addresses, as a key (constants folded, names of
 * variables and fields, the shape around them), with the driver's accessor
 * wrappers followed to the MMIO or port accessor they end in and their
 * parameters replaced by the caller's arguments; and the small cursor
 * walks both analyses need.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/device-access.h"
#include "tu.h"

#define WRAPPER_DEPTH 4

struct frame {
	CXCursor fn;		/* a wrapper whose parameters ... */
	CXCursor call;		/* ... are this call's arguments */
	const struct frame *up;	/* where those arguments are evaluated */
};

static enum CXChildVisitResult kid_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct cursor_kids *k = data;

	(void)parent;
	if (k->nr == k->alloc) {
		k->alloc = k->alloc ? 2 * k->alloc : 4;
		k->v = xrealloc(k->v, k->alloc * sizeof(*k->v));
	}
	k->v[k->nr++] = c;
	return CXChildVisit_Continue;
}

/* The children of @c (release with free(k->v)). */
void da_kids(CXCursor c, struct cursor_kids *k)
{
	memset(k, 0, sizeof(*k));
	clang_visitChildren(c, kid_visit, k);
}

unsigned int da_line(CXCursor c)
{
	unsigned int line;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line,
				   NULL, NULL);
	return line;
}

char *da_spelling(CXCursor c)
{
	return cxstring_take(clang_getCursorSpelling(c));
}

/* The function a call names, "" when it calls through a pointer. */
char *da_callee(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return xstrdup("");
	return da_spelling(ref);
}

CXCursor da_callee_def(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	return clang_getCursorDefinition(ref);
}

CXCursor da_strip(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	CXCursor ret = c;

	if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
	    k != CXCursor_CStyleCastExpr)
		return c;
	da_kids(c, &kids);
	/* A cast's first child may be its type reference. */
	if (kids.nr)
		ret = da_strip(kids.v[kids.nr - 1]);
	free(kids.v);
	return ret;
}

struct call_walk {
	void (*fn)(CXCursor call, void *data);
	void *data;
};

static enum CXChildVisitResult call_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct call_walk *w = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		w->fn(c, w->data);
	return CXChildVisit_Recurse;
}

/* Every call in @c, @c itself included. */
void da_for_each_call(CXCursor c, void (*fn)(CXCursor, void *), void *data)
{
	struct call_walk w = { fn, data };

	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		fn(c, data);
	clang_visitChildren(c, call_visit, &w);
}

/* The index of @parm among @fn's parameters, -1 when it is not one. */
static int parm_index(CXCursor fn, CXCursor parm)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), parm))
			return i;
	return -1;
}

/*
 * A local initialised with another variable and nothing else (pvscsi's
 * `adapter = devp`): a register addressed through either is the same.
 */
static CXCursor alias_of(CXCursor var)
{
	struct cursor_kids kids;
	CXCursor init = clang_getNullCursor();

	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) !=
	    CXCursor_FunctionDecl)
		return init;
	da_kids(var, &kids);
	if (kids.nr)
		init = da_strip(kids.v[kids.nr - 1]);
	free(kids.v);
	if (clang_getCursorKind(init) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	return init;
}

/*
 * A key for the value of @e: constants folded, names of variables, fields
 * and functions, the shape of what is around them; a wrapper's parameter
 * stands for its caller's argument.
 */
/*
 * Set while da_resolve_typed() runs: keys name a local or a parameter by
 * its type, so that registers written by two functions compare equal
 * whatever each calls its device pointer (a handler's `dw = dev_id`, a
 * helper's parameter `dw`).
 */
static bool typed_keys;

/* A local or a parameter, as opposed to a global or a field. */
static bool is_frame_var(CXCursor ref)
{
	enum CXCursorKind k = clang_getCursorKind(ref);

	return (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) &&
	       clang_getCursorKind(clang_getCursorSemanticParent(ref)) ==
	       CXCursor_FunctionDecl;
}

static void key_add(struct strbuf *sb, CXCursor e, const struct frame *f)
{
	CXEvalResult r;
	enum CXCursorKind k;
	struct cursor_kids kids;
	size_t i;

	e = da_strip(e);
	k = clang_getCursorKind(e);
	if (clang_isExpression(k) && k != CXCursor_DeclRefExpr &&
	    k != CXCursor_MemberRefExpr) {
		r = clang_Cursor_Evaluate(e);
		if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
			strbuf_addf(sb, "#%llx",
				    clang_EvalResult_getAsUnsigned(r) &
				    0xffffffffULL);
			clang_EvalResult_dispose(r);
			return;
		}
		if (r)
			clang_EvalResult_dispose(r);
	}
	if (k == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);
		int i = -1;

		if (f && clang_getCursorKind(ref) == CXCursor_ParmDecl)
			i = parm_index(f->fn, ref);
		if (i >= 0 && i < clang_Cursor_getNumArguments(f->call)) {
			key_add(sb, clang_Cursor_getArgument(f->call, i), f->up);
			return;
		}
		if (typed_keys && is_frame_var(ref)) {
			CXType t = clang_getCursorType(ref);
			char *type;

			t = clang_getCanonicalType(t);
			type = cxstring_take(clang_getTypeSpelling(t));
			strbuf_addf(sb, "@%s", type);
			free(type);
			return;
		}
		if (!clang_Cursor_isNull(alias_of(ref))) {
			key_add(sb, alias_of(ref), f);
			return;
		}
		if (clang_getCursorKind(ref) == CXCursor_EnumConstantDecl) {
			strbuf_addf(sb, "#%llx",
				    clang_getEnumConstantDeclUnsignedValue(ref) &
				    0xffffffffULL);
			return;
		}
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
		char *s = da_spelling(e);

		strbuf_addf(sb, "%s%s", k == CXCursor_MemberRefExpr ? "." : "",
			    s);
		free(s);
	} else {
		strbuf_addf(sb, "%d", (int)k);
	}
	da_kids(e, &kids);
	if (kids.nr)
		strbuf_addch(sb, '(');
	for (i = 0; i < kids.nr; i++) {
		if (i)
			strbuf_addch(sb, ',');
		key_add(sb, kids.v[i], f);
	}
	if (kids.nr)
		strbuf_addch(sb, ')');
	free(kids.v);
}

static char *key_of(CXCursor e, const struct frame *f)
{
	struct strbuf sb = STRBUF_INIT;

	key_add(&sb, e, f);
	return strbuf_detach(&sb);
}

/*
 * The MMIO and port accessors themselves (readl, iowrite8, outb, ...), as
 * opposed to a driver's wrappers of them: their arguments are the value
 * and the address.
 */
bool da_is_accessor(const char *n, bool *write)
{
	size_t len;

	if (starts_with(n, "__raw_"))
		n += 6;
	else if (starts_with(n, "__"))
		n += 2;
	if (starts_with(n, "io"))
		n += 2;
	*write = starts_with(n, "write") || starts_with(n, "out");
	if (starts_with(n, "read") || starts_with(n, "write"))
		n += starts_with(n, "read") ? 4 : 5;
	else if (starts_with(n, "in") || starts_with(n, "out"))
		n += starts_with(n, "in") ? 2 : 3;
	else
		return false;
	/* ioread32be(): the width's digits, then "be" */
	len = strspn(n, "0123456789");
	if (!len)
		len = strspn(n, "bwlq") ? 1 : 0;
	if (!len)
		return false;
	n += len;
	return !*n || !strcmp(n, "_relaxed") || !strcmp(n, "_p") ||
	       !strcmp(n, "be");
}

bool da_is_access(const struct access_preds *ap, const char *callee)
{
	return ap->is_read(callee, ap->data) || ap->is_write(callee, ap->data);
}

struct first_access {
	const struct access_preds *ap;
	CXCursor found;
};

static void first_access_visit(CXCursor call, void *data)
{
	struct first_access *fa = data;
	char *callee;
	bool w;

	if (!clang_Cursor_isNull(fa->found))
		return;
	callee = da_callee(call);
	if (da_is_accessor(callee, &w) || da_is_access(fa->ap, callee))
		fa->found = call;
	free(callee);
}

void da_release(struct device_access *a)
{
	free(a->reg);
	free(a->value);
	memset(a, 0, sizeof(*a));
}

/* Resolve the device access @call makes: its register, the value written. */
static bool access_of(CXCursor call, const struct frame *f,
		      const struct access_preds *ap, int depth,
		      struct device_access *a)
{
	char *callee = da_callee(call);
	struct first_access fa = { ap, clang_getNullCursor() };
	struct frame inner;
	CXCursor def, v;
	bool write, ok = false;
	int i;

	if (da_is_accessor(callee, &write)) {
		int nargs = clang_Cursor_getNumArguments(call);

		free(callee);
		if (nargs != (write ? 2 : 1))
			return false;
		memset(a, 0, sizeof(*a));
		a->write = write;
		a->reg = key_of(clang_Cursor_getArgument(call, write), f);
		if (write) {
			a->value_expr = da_strip(clang_Cursor_getArgument(call, 0));
			a->value = key_of(a->value_expr, f);
		} else {
			a->value_expr = clang_getNullCursor();
		}
		return true;
	}
	def = da_callee_def(call);
	if (!da_is_access(ap, callee) || clang_Cursor_isNull(def) ||
	    depth >= WRAPPER_DEPTH) {
		free(callee);
		return false;
	}
	free(callee);
	da_for_each_call(def, first_access_visit, &fa);
	if (clang_Cursor_isNull(fa.found))
		return false;
	inner.fn = def;
	inner.call = call;
	inner.up = f;
	ok = access_of(fa.found, &inner, ap, depth + 1, a);
	if (!ok || !a->write || clang_Cursor_isNull(a->value_expr))
		return ok;
	/* The value, back in this caller's frame: a parameter passed through. */
	v = a->value_expr;
	a->value_expr = clang_getNullCursor();
	if (clang_getCursorKind(v) == CXCursor_DeclRefExpr) {
		i = parm_index(def, clang_getCursorReferenced(v));
		if (i >= 0 && i < clang_Cursor_getNumArguments(call))
			a->value_expr = da_strip(clang_Cursor_getArgument(call, i));
	}
	return true;
}

bool da_name_has_word(const char *name, const char *const *words)
{
	char *copy = xstrdup(name), *w, *save = NULL;
	bool hit = false;
	size_t i;

	for (w = strtok_r(copy, "_", &save); w && !hit;
	     w = strtok_r(NULL, "_", &save))
		for (i = 0; words[i] && !hit; i++)
			hit = !strcmp(w, words[i]);
	free(copy);
	return hit;
}

static const char *const irq_words[] = {
	"irq", "irqs", "int", "ints", "intr", "intrs", "interrupt",
	"interrupts", NULL
};

/* e1000_irq_disable(), e100_disable_irq(), foo_mask_interrupts(), ... */
bool da_is_irq_switch(const char *name, bool enable)
{
	static const char *const off[] = { "disable", "mask", "off", NULL };
	static const char *const on[] = { "enable", "unmask", "on", NULL };

	return da_name_has_word(name, irq_words) &&
	       da_name_has_word(name, enable ? on : off) &&
	       !da_name_has_word(name, enable ? off : on);
}

/* Definitions of the handler's file, as their cursors. */
void da_file_functions(CXCursor handler, struct cursor_kids *out)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(handler);
	CXFile want, got;
	struct cursor_kids all;
	size_t i;

	memset(out, 0, sizeof(*out));
	clang_getExpansionLocation(clang_getCursorLocation(handler), &want,
				   NULL, NULL, NULL);
	da_kids(clang_getTranslationUnitCursor(tu), &all);
	for (i = 0; i < all.nr; i++) {
		CXCursor c = all.v[i];

		if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(c))
			continue;
		clang_getExpansionLocation(clang_getCursorLocation(c), &got,
					   NULL, NULL, NULL);
		if (clang_File_isEqual(want, got))
			da_kids_push(out, c);
	}
	free(all.v);
}

void da_member_values(const struct cursor_kids *top, CXFile file,
		      bool (*member)(const char *name), struct strvec *out)
{
	struct strvec t = STRVEC_INIT;
	CXFile at;
	size_t i, j;

	for (i = 0; i < top->nr; i++) {
		if (clang_getCursorKind(top->v[i]) != CXCursor_VarDecl)
			continue;
		clang_getExpansionLocation(clang_getCursorLocation(top->v[i]),
					   &at, NULL, NULL, NULL);
		if (!at || !file || !clang_File_isEqual(at, file))
			continue;
		cursor_tokens(top->v[i], &t);
		for (j = 0; j + 3 < t.nr; j++)
			if (!strcmp(t.v[j], ".") && member(t.v[j + 1]) &&
			    !strcmp(t.v[j + 2], "=") &&
			    !strvec_has(out, t.v[j + 3]))
				strvec_push(out, t.v[j + 3]);
		strvec_clear(&t);
	}
}


/* A loop, but not the `do { } while (0)` of a statement macro. */
bool da_is_loop(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	CXEvalResult r;
	bool once = false;

	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt)
		return true;
	if (k != CXCursor_DoStmt)
		return false;
	da_kids(c, &kids);
	r = kids.nr ? clang_Cursor_Evaluate(kids.v[kids.nr - 1]) : NULL;
	once = r && clang_EvalResult_getKind(r) == CXEval_Int &&
	       !clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	free(kids.v);
	return !once;
}


void da_kids_push(struct cursor_kids *k, CXCursor c)
{
	kid_visit(c, clang_getNullCursor(), k);
}

bool da_resolve(CXCursor call, const struct access_preds *ap,
		struct device_access *a)
{
	memset(a, 0, sizeof(*a));
	return access_of(call, NULL, ap, 0, a);
}

bool da_resolve_typed(CXCursor call, const struct access_preds *ap,
		      struct device_access *a)
{
	bool ok;

	typed_keys = true;
	ok = da_resolve(call, ap, a);
	typed_keys = false;
	return ok;
}
