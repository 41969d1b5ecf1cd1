// SPDX-License-Identifier: GPL-2.0
/*
 * Handler resolution: from the handler argument of a request call to the
 * function definitions it can name.  Followed, in the same file:
 *   direct       a function name
 *   address      &name
 *   local        a local variable assigned exactly once in its function
 *   conditional  both arms of c ? a : b
 *   field        a struct field, from its initialisers and assignments
 *   wrapper      a parameter of the enclosing function, through every call
 *                of that function in the file
 * A function declared here and defined in another file of the module (as
 * kbuild links it, analyze/module.c) is followed there.
 * Anything else leaves the site unanalysable with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/library.h"
#include "analyze/lock-graph.h"
#include "analyze/module.h"
#include "analyze/sites.h"
#include "analyze/tree-callers.h"
#include "ast/cursor.h"
#include "tu.h"

#define RESOLVE_DEPTH 4

static void resolve_expr(struct scan_tu *st, CXCursor e,
			 struct resolution *res, int depth);

static void set_how(struct resolution *res, const char *how)
{
	/* The outermost step names the case; inner steps do not override. */
	if (!res->how)
		res->how = how;
}

static void fail(struct resolution *res, char *why)
{
	if (!res->why_not)
		res->why_not = why;
	else
		free(why);
}

static void add_fn(struct resolution *res, CXCursor def)
{
	size_t i;

	for (i = 0; i < res->nr; i++)
		if (clang_equalCursors(res->fn[i], def))
			break;
	/* Every caller in the tree that passes it, for the record. */
	if (i < res->nr && res->passer) {
		char *was = res->passed_by[i];

		res->passed_by[i] = was ? xasprintf("%s, %s", was, res->passer) :
				    xstrdup(res->passer);
		free(was);
	}
	if (i < res->nr)
		return;
	if (res->nr < ARRAY_SIZE(res->fn)) {
		res->passed_by[res->nr] = res->passer ? xstrdup(res->passer) :
				      NULL;
		res->fn[res->nr++] = def;
	}
}

/*
 * The definition of @name where the scanned file sees it (its own file,
 * its module, its libraries), for a name read in a caller's file that
 * only declares it (ata_piix.c passes libata's ata_bmdma_interrupt).
 */
static CXCursor home_def(struct resolution *res, const char *name)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor def = clang_getNullCursor();
	size_t i;

	if (!res->home)
		return def;
	cursor_children(clang_getTranslationUnitCursor(res->home->unit), &kids);
	for (i = 0; i < kids.nr && clang_Cursor_isNull(def); i++) {
		char *n;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(kids.v[i]))
			continue;
		n = cxstring_take(clang_getCursorSpelling(kids.v[i]));
		if (!strcmp(n, name))
			def = kids.v[i];
		free(n);
	}
	cursor_list_release(&kids);
	if (clang_Cursor_isNull(def))
		def = module_def_named(scan_tu_lock_module(res->home), name);
	return def;
}

struct kids {
	CXCursor v[3];
	size_t n;
};

static enum CXChildVisitResult child_at(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n < 3)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

/* Up to three children of @c; returns how many it has. */
static size_t children(CXCursor c, CXCursor out[3])
{
	struct kids k = { { clang_getNullCursor(), clang_getNullCursor(),
			    clang_getNullCursor() }, 0 };

	clang_visitChildren(c, child_at, &k);
	memcpy(out, k.v, sizeof(k.v));
	return k.n;
}

static enum CXChildVisitResult last_expr(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* The initialiser of a variable declaration, or a null cursor. */
static CXCursor var_init(CXCursor var)
{
	CXCursor init = clang_getNullCursor();

	clang_visitChildren(var, last_expr, &init);
	return init;
}

/* Whether binary operator @op is a plain assignment (not ==, <=, ...). */
static bool is_assignment(struct scan_tu *st, CXCursor op, CXCursor lhs,
			  CXCursor rhs)
{
	CXFile f;
	struct src_range l = cx_range(st, lhs, &f), r = cx_range(st, rhs, NULL);
	char *between;
	bool ret;

	(void)op;
	if (r.begin < l.end)
		return false;
	between = cx_range_text(st, f, (struct src_range){ l.end, r.begin, 0 });
	ret = !strcmp(between, "=");
	free(between);
	return ret;
}

struct assign_walk {
	struct scan_tu *st;
	CXCursor decl;		/* variable or field assigned */
	CXCursor rhs[8];
	size_t nr;
};

static bool lhs_is(CXCursor lhs, CXCursor decl)
{
	enum CXCursorKind k;

	lhs = cx_strip(lhs);
	k = clang_getCursorKind(lhs);
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return false;
	return clang_equalCursors(clang_getCursorReferenced(lhs), decl);
}

static void note_rhs(struct assign_walk *w, CXCursor rhs)
{
	if (w->nr < ARRAY_SIZE(w->rhs))
		w->rhs[w->nr] = rhs;
	w->nr++;
}

static enum CXChildVisitResult assign_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct assign_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kids[3];

	(void)parent;
	if (k == CXCursor_BinaryOperator && children(c, kids) == 2 &&
	    lhs_is(kids[0], w->decl) && is_assignment(w->st, c, kids[0], kids[1]))
		note_rhs(w, kids[1]);
	return CXChildVisit_Recurse;
}

/* .field = value in initialiser lists: libclang shows the designator as a
 * MemberRef child followed by the value. */
struct init_walk {
	struct assign_walk *w;
	bool take_next;
};

static enum CXChildVisitResult init_list_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct init_walk *iw = data;

	(void)parent;
	if (iw->take_next && clang_isExpression(clang_getCursorKind(c))) {
		note_rhs(iw->w, c);
		iw->take_next = false;
		return CXChildVisit_Continue;
	}
	iw->take_next = clang_getCursorKind(c) == CXCursor_MemberRef &&
		clang_equalCursors(clang_getCursorReferenced(c), iw->w->decl);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult field_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct assign_walk *w = data;

	/* The designator sits with its value under a DesignatedInitExpr. */
	{
		struct init_walk iw = { w, false };

		clang_visitChildren(c, init_list_visit, &iw);
	}
	return assign_visit(c, parent, data);
}

static enum CXChildVisitResult main_decls(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct assign_walk *w = data;

	(void)parent;
	if (cx_in_main_file(w->st, c)) {
		field_visit(c, parent, data);
		clang_visitChildren(c, field_visit, w);
	}
	return CXChildVisit_Continue;
}

static void resolve_assigned(struct scan_tu *st, struct assign_walk *w,
			     const char *what, const char *name,
			     struct resolution *res, int depth)
{
	size_t i;

	if (!w->nr) {
		fail(res, xasprintf("%s '%s' is never assigned a handler in this file",
				    what, name));
		return;
	}
	if (w->nr > ARRAY_SIZE(w->rhs)) {
		fail(res, xasprintf("%s '%s' is assigned %zu times", what, name,
				    w->nr));
		return;
	}
	for (i = 0; i < w->nr; i++)
		resolve_expr(st, w->rhs[i], res, depth - 1);
}

static void resolve_local(struct scan_tu *st, CXCursor var, const char *name,
			  struct resolution *res, int depth)
{
	struct assign_walk w = { st, var, { { 0 } }, 0 };
	CXCursor init = var_init(var);
	CXCursor scope = clang_getCursorSemanticParent(var);

	set_how(res, "local");
	if (!clang_Cursor_isNull(init))
		note_rhs(&w, init);
	if (clang_getCursorKind(scope) == CXCursor_FunctionDecl)
		clang_visitChildren(scope, assign_visit, &w);
	else
		clang_visitChildren(clang_getTranslationUnitCursor(st->unit),
				    main_decls, &w);
	resolve_assigned(st, &w, "variable", name, res, depth);
}

static void resolve_field(struct scan_tu *st, CXCursor field, const char *name,
			  struct resolution *res, int depth)
{
	struct assign_walk w = { st, field, { { 0 } }, 0 };

	set_how(res, "field");
	clang_visitChildren(clang_getTranslationUnitCursor(st->unit),
			    main_decls, &w);
	resolve_assigned(st, &w, "field", name, res, depth);
}

struct caller_walk {
	struct scan_tu *st;
	CXCursor fn;
	unsigned int index;
	struct resolution *res;
	int depth;
	size_t nr;
};

static void caller_visit(CXCursor call, void *data)
{
	struct caller_walk *w = data;
	CXCursor def = cx_callee_definition(call);

	if (clang_Cursor_isNull(def) || !clang_equalCursors(def, w->fn))
		return;
	w->nr++;
	if ((int)w->index < clang_Cursor_getNumArguments(call))
		resolve_expr(w->st, clang_Cursor_getArgument(call, w->index),
			     w->res, w->depth - 1);
}

/* A call, in another unit, of the function @w->fn: compared by USR. */
static void tree_caller_visit(CXCursor call, void *data)
{
	struct caller_walk *w = data;
	CXCursor ref = clang_getCursorReferenced(call);
	char *usr, *want, *file;
	unsigned int line;
	bool same;

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return;
	usr = cxstring_take(clang_getCursorUSR(ref));
	want = cxstring_take(clang_getCursorUSR(w->fn));
	same = !strcmp(usr, want);
	free(usr);
	free(want);
	if (!same || (int)w->index >= clang_Cursor_getNumArguments(call))
		return;
	w->nr++;
	file = cx_file_of(w->st, call);
	clang_getExpansionLocation(clang_getCursorLocation(call), NULL, &line,
				   NULL, NULL);
	free(w->res->passer);
	w->res->passer = xasprintf("%s:%u", file, line);
	free(file);
	resolve_expr(w->st, clang_Cursor_getArgument(call, w->index), w->res,
		     w->depth - 1);
	free(w->res->passer);
	w->res->passer = NULL;
}

/*
 * A function other files call (not static): the handlers its callers in
 * the tree pass (analyze/tree-callers.c), read in their own files.
 */
static size_t resolve_tree_callers(struct scan_tu *st, CXCursor fn,
				   unsigned int index, struct resolution *res,
				   int depth)
{
	size_t i, n = 0;

	if (clang_getCursorLinkage(fn) != CXLinkage_External ||
	    !tree_callers_open(st, fn))
		return 0;
	if (!res->home)
		res->home = st;
	for (i = 0; i < st->callers->nr; i++) {
		const struct tu *t = &st->callers->tus[i];
		struct scan_tu other;
		struct caller_walk w = { &other, fn, index, res, depth, 0 };

		scan_tu_init(&other, t->unit, t->relpath, st->src);
		cx_for_each_main_call(&other, tree_caller_visit, &w);
		scan_tu_release(&other);
		n += w.nr;
	}
	return n;
}

static void resolve_param(struct scan_tu *st, CXCursor parm, const char *name,
			  struct resolution *res, int depth)
{
	CXCursor fn = clang_getCursorSemanticParent(parm);
	struct caller_walk w = { st, fn, 0, res, depth, 0 };
	int i, n;

	set_how(res, "wrapper");
	fn = clang_getCursorDefinition(fn);
	w.fn = fn;
	n = clang_Cursor_getNumArguments(fn);
	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), parm))
			break;
	if (i == n) {
		fail(res, xasprintf("parameter '%s' not found in its function",
				    name));
		return;
	}
	w.index = i;
	cx_for_each_main_call(st, caller_visit, &w);
	w.nr += resolve_tree_callers(st, fn, w.index, res, depth);
	if (!w.nr) {
		char *fname = cxstring_take(clang_getCursorSpelling(fn));

		fail(res, xasprintf("'%s' passes its parameter '%s' on, but nothing in this file or its directory calls it",
				    fname, name));
		free(fname);
	}
}

static void resolve_ref(struct scan_tu *st, CXCursor ref, struct resolution *res,
			int depth)
{
	CXCursor decl = clang_getCursorReferenced(ref);
	char *name = cxstring_take(clang_getCursorSpelling(decl));

	switch (clang_getCursorKind(decl)) {
	case CXCursor_FunctionDecl: {
		CXCursor def = clang_getCursorDefinition(decl);

		set_how(res, "direct");
		/* Declared here, defined in another file of the module. */
		if (clang_Cursor_isNull(def))
			def = module_def_named(scan_tu_lock_module(st), name);
		if (clang_Cursor_isNull(def) && res->home != st)
			def = home_def(res, name);
		if (clang_Cursor_isNull(def)) {
			fail(res, xasprintf("handler '%s' is defined in another file",
					    name));
			if (!res->elsewhere)
				res->elsewhere = xstrdup(name);
		}
		else
			add_fn(res, def);
		break;
	}
	case CXCursor_VarDecl:
		resolve_local(st, decl, name, res, depth);
		break;
	case CXCursor_ParmDecl:
		resolve_param(st, decl, name, res, depth);
		break;
	case CXCursor_FieldDecl:
		resolve_field(st, decl, name, res, depth);
		break;
	default:
		fail(res, xasprintf("handler '%s' is neither a function, a variable nor a field",
				    name));
	}
	free(name);
}

static void resolve_expr(struct scan_tu *st, CXCursor e,
			 struct resolution *res, int depth)
{
	CXCursor kids[3];
	char *text;

	e = cx_strip(e);
	if (depth <= 0) {
		fail(res, xstrdup("the handler is passed through too many steps"));
		return;
	}
	switch (clang_getCursorKind(e)) {
	case CXCursor_UnaryOperator:
		set_how(res, "address");
		if (children(e, kids) == 1)
			resolve_expr(st, kids[0], res, depth);
		return;
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
		resolve_ref(st, e, res, depth);
		return;
	case CXCursor_ConditionalOperator:
		set_how(res, "conditional");
		if (children(e, kids) == 3) {
			resolve_expr(st, kids[1], res, depth);
			resolve_expr(st, kids[2], res, depth);
		}
		return;
	default:
		break;
	}
	text = cx_text(st, e);
	if (!strcmp(text, "NULL") || !strcmp(text, "0"))
		fail(res, xstrdup("the primary handler is NULL"));
	else
		fail(res, xasprintf("handler argument '%s' is an expression irqconv does not follow",
				    text));
	free(text);
}

void scan_resolve_handler(struct scan_tu *st, CXCursor call, CXCursor arg,
			  struct resolution *res)
{
	(void)call;
	resolve_expr(st, arg, res, RESOLVE_DEPTH);
}

void scan_resolution_release(struct resolution *res)
{
	size_t i;

	for (i = 0; i < res->nr; i++)
		free(res->passed_by[i]);
	free(res->passer);
	free(res->why_not);
	free(res->elsewhere);
}

CXCursor scan_single_value(struct scan_tu *st, CXCursor var)
{
	struct assign_walk w = { st, var, { { 0 } }, 0 };
	CXCursor init = var_init(var);
	CXCursor scope = clang_getCursorSemanticParent(var);

	if (!clang_Cursor_isNull(init))
		note_rhs(&w, init);
	if (clang_getCursorKind(scope) == CXCursor_FunctionDecl)
		clang_visitChildren(scope, assign_visit, &w);
	return w.nr == 1 ? w.rhs[0] : clang_getNullCursor();
}

bool scan_handler_here(struct scan_tu *st, CXCursor def)
{
	return cx_in_main_file(st, def) ||
	       (clang_Cursor_getTranslationUnit(def) != st->unit &&
		(module_tu_of(st->lm, def) || tree_callers_tu_of(st, def)));
}

void scan_analyze_resolved(struct scan_tu *st, CXCursor fn,
			   struct scan_site *s)
{
	const struct tu *t;
	struct scan_tu other;

	if (clang_Cursor_getTranslationUnit(fn) == st->unit) {
		scan_analyze_handler(st, fn, s);
		return;
	}
	/* A sibling file's cursors are read through its own unit. */
	t = module_tu_of(st->lm, fn);
	if (!t)
		t = tree_callers_tu_of(st, fn);
	scan_tu_init(&other, t->unit, t->relpath, st->src);
	scan_analyze_handler(&other, fn, s);
	scan_tu_release(&other);
	if (tree_callers_tu_of(st, fn)) {
		scan_site_note(s, "the handler is defined in %s, the file that passes it in, and is analysed there",
			       t->relpath);
	} else if (library_defines(st->lm, fn)) {
		char *what = library_describe(st->lm, fn,
					      scan_follow_wrapper(fn));

		scan_site_note(s, "%s() is defined in the library module %s; it is analysed and judged there, as every module that requests it runs it",
			       s->handler, what);
		free(what);
	} else {
		scan_site_note(s, "the handler is defined in %s, another file of the module, and is analysed and edited there",
			       t->relpath);
	}
}
