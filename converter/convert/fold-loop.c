// SPDX-License-Identifier: GPL-2.0
/*
 * A loop the removals leave doing nothing goes: a `for` or `while` whose
 * braced body keeps nothing but `if (COND) continue;` (or `break;`), with
 * a header and conditions that call nothing and write only locals whose
 * values nothing reads after it (ath11k_ahb_kill_tasklets()'s loop, had
 * its condition called nothing).  The removals inside it are taken into
 * its own, a local only it used goes (fold-locals.c), and a static
 * function left with nothing goes with the statements that only call it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"
#include "tu.h"

struct loop_find {
	struct cursor_range in;	/* what the loop's body holds */
	CXCursor hit;		/* the innermost such loop */
	size_t size;
};

static bool is_loop(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt;
}

static CXCursor last_child(CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor last = clang_getNullCursor();

	cursor_children(c, &kids);
	if (kids.nr)
		last = kids.v[kids.nr - 1];
	cursor_list_release(&kids);
	return last;
}

static enum CXChildVisitResult loop_find_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct loop_find *f = data;
	struct cursor_range r, b;
	CXCursor body;

	(void)parent;
	if (!is_loop(c))
		return CXChildVisit_Recurse;
	r = cursor_range(c);
	if (r.begin > f->in.begin || r.end < f->in.end ||
	    (f->size && r.end - r.begin >= f->size))
		return CXChildVisit_Recurse;
	body = last_child(c);
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	b = cursor_range(body);
	if (b.begin < f->in.begin && b.end > f->in.end) {
		f->hit = c;
		f->size = r.end - r.begin;
	}
	return CXChildVisit_Recurse;
}

/* The innermost for or while of @fn whose braced body holds @stmt. */
static CXCursor loop_around(CXCursor fn, CXCursor stmt)
{
	struct loop_find f = { cursor_range(stmt), clang_getNullCursor(), 0 };

	clang_visitChildren(fn, loop_find_visit, &f);
	return f.hit;
}

static bool is_jump(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ContinueStmt || k == CXCursor_BreakStmt;
}

/*
 * A declaration of the loop body's own variables, not static, whose
 * initialisers only read (`struct ath11k_ce_pipe *ce_pipe =
 * &ab->ce.ce_pipe[i];`): they go with the loop.
 */
static bool decl_reads_only(CXCursor decl, const char *buf)
{
	struct cursor_list vars = { NULL, 0, 0 }, kids = { NULL, 0, 0 };
	bool ok = true;
	size_t i, k;

	cursor_children(decl, &vars);
	for (i = 0; i < vars.nr && ok; i++) {
		ok = clang_getCursorKind(vars.v[i]) == CXCursor_VarDecl &&
		     clang_Cursor_getStorageClass(vars.v[i]) != CX_SC_Static;
		cursor_children(vars.v[i], &kids);
		for (k = 0; k < kids.nr && ok; k++)
			if (clang_isExpression(clang_getCursorKind(kids.v[k])))
				ok = fold_reads_only(kids.v[k], buf);
		cursor_list_release(&kids);
	}
	cursor_list_release(&vars);
	return ok;
}

/*
 * A statement of a loop body that does nothing: `;`, `continue;`,
 * `break;`, `if (COND) continue;` (or break, braced or not) with a
 * condition that only reads, or a declaration whose initialisers only
 * read.
 */
static bool idle_stmt(CXCursor s, const char *buf)
{
	struct cursor_list kids = { NULL, 0, 0 }, inner = { NULL, 0, 0 };
	bool idle = false;

	if (clang_getCursorKind(s) == CXCursor_NullStmt || is_jump(s))
		return true;
	if (clang_getCursorKind(s) == CXCursor_DeclStmt)
		return decl_reads_only(s, buf);
	if (clang_getCursorKind(s) != CXCursor_IfStmt)
		return false;
	cursor_children(s, &kids);
	if (kids.nr == 2 && fold_reads_only(kids.v[0], buf)) {
		if (is_jump(kids.v[1])) {
			idle = true;
		} else if (clang_getCursorKind(kids.v[1]) ==
			   CXCursor_CompoundStmt) {
			cursor_children(kids.v[1], &inner);
			idle = inner.nr == 1 && is_jump(inner.v[0]);
			cursor_list_release(&inner);
		}
	}
	cursor_list_release(&kids);
	return idle;
}

/* A line holding only a comment (or the inside of a block comment). */
static bool comment_line(const char *buf, size_t begin, size_t end)
{
	while (begin < end && (buf[begin] == ' ' || buf[begin] == '\t'))
		begin++;
	return begin < end &&
	       (buf[begin] == '*' || !strncmp(buf + begin, "/*", 2) ||
		!strncmp(buf + begin, "//", 2));
}

/*
 * Every line between the braces of @body goes, is blank or a comment, or
 * is part of a statement that does nothing.
 */
static bool body_idle(const struct edit_list *el, const char *buf,
		      size_t len, CXCursor body)
{
	struct cursor_list kids = { NULL, 0, 0 };
	struct cursor_range r = cursor_range(body);
	size_t line, end, i;
	bool idle = true;

	cursor_children(body, &kids);
	for (line = split_line_after(buf, len, r.begin);
	     idle && line < split_line_start(buf, r.end - 1); line = end) {
		end = split_line_after(buf, len, line);
		if (fold_only_blanks(buf, line, end) ||
		    fold_removed(el, line, end) || comment_line(buf, line, end))
			continue;
		idle = false;
		for (i = 0; i < kids.nr && !idle; i++) {
			struct cursor_range k = cursor_range(kids.v[i]);

			idle = line >= split_line_start(buf, k.begin) &&
			       line < split_line_after(buf, len, k.end) &&
			       idle_stmt(kids.v[i], buf);
		}
	}
	cursor_list_release(&kids);
	return idle;
}

static bool ident(const char *t)
{
	return isalpha((unsigned char)t[0]) || t[0] == '_';
}

static bool write_token(const char *t)
{
	static const char *const ops[] = {
		"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=",
		">>=", "++", "--", NULL
	};
	const char *const *o;

	for (o = ops; *o; o++)
		if (!strcmp(t, *o))
			return true;
	return false;
}

struct var_find {
	const char *name;
	CXCursor var;
};

static enum CXChildVisitResult var_find_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct var_find *v = data;
	CXCursor d;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	d = clang_getCursorReferenced(c);
	name = cursor_name(c);
	if (!strcmp(name, v->name) &&
	    clang_getCursorKind(d) == CXCursor_VarDecl)
		v->var = d;
	free(name);
	return clang_Cursor_isNull(v->var) ? CXChildVisit_Continue :
	       CXChildVisit_Break;
}

/* The local (not static) variable @name that @expr refers to, or null. */
static CXCursor local_named(CXCursor expr, const char *name)
{
	struct var_find v = { name, clang_getNullCursor() };
	CXCursor parent;

	clang_visitChildren(expr, var_find_visit, &v);
	if (clang_Cursor_isNull(v.var))
		return v.var;
	parent = clang_getCursorSemanticParent(v.var);
	if (clang_getCursorKind(parent) != CXCursor_FunctionDecl ||
	    clang_Cursor_getStorageClass(v.var) == CX_SC_Static)
		return clang_getNullCursor();
	return v.var;
}

static bool within(CXCursor c, CXCursor outer)
{
	struct cursor_range r = cursor_range(c), o = cursor_range(outer);

	return r.begin >= o.begin && r.end <= o.end;
}

struct for_find {
	CXCursor ref;
	CXCursor loop;		/* the loop that goes */
	const char *name;
	bool assigned;
};

/*
 * A `for` holding @f->ref, not around the loop that goes, whose first
 * clause is `name = EXPR` with EXPR not naming it: the value that loop
 * left is written over before this one reads it.
 */
static enum CXChildVisitResult for_find_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct for_find *f = data;
	struct cursor_list kids = { NULL, 0, 0 };
	struct strvec t = STRVEC_INIT;
	size_t i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ForStmt || !within(f->ref, c) ||
	    within(f->loop, c))
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	if (kids.nr > 1)
		cursor_tokens(kids.v[0], &t);
	if (t.nr > 2 && !strcmp(t.v[0], f->name) && !strcmp(t.v[1], "=")) {
		f->assigned = true;
		for (i = 2; i < t.nr; i++)
			if (!strcmp(t.v[i], f->name))
				f->assigned = false;
	}
	strvec_clear(&t);
	cursor_list_release(&kids);
	return f->assigned ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Nothing reads what @loop leaves in the local @var: each use of it
 * elsewhere is in removed text or in another `for` that sets it first.
 */
static bool dead_after(const struct edit_list *el, CXCursor fn,
		       CXCursor loop, CXCursor var)
{
	struct cursor_list refs = { NULL, 0, 0 };
	char *name = cursor_name(var);
	bool dead = true;
	size_t i;

	find_refs(fn, var, &refs);
	for (i = 0; i < refs.nr && dead; i++) {
		struct cursor_range r = cursor_range(refs.v[i]);
		struct for_find f = { refs.v[i], loop, name, false };

		if (within(refs.v[i], loop) ||
		    edit_list_touches(el, r.begin, r.end))
			continue;
		clang_visitChildren(fn, for_find_visit, &f);
		dead = f.assigned;
	}
	cursor_list_release(&refs);
	free(name);
	return dead;
}

/*
 * The clause @expr of a loop header writes only locals that nothing reads
 * after @loop: `i = 0`, `i++`, `--n`; not `p->n++`, `*p = 0`, `a[i]--`.
 */
static bool writes_dead(const struct edit_list *el, CXCursor fn,
			CXCursor loop, CXCursor expr)
{
	struct strvec t = STRVEC_INIT;
	bool ok = true;
	size_t i;

	cursor_tokens(expr, &t);
	for (i = 0; i < t.nr && ok; i++) {
		const char *name = NULL, *before = NULL, *after = NULL;
		bool step = !strcmp(t.v[i], "++") || !strcmp(t.v[i], "--");

		if (!write_token(t.v[i]))
			continue;
		if (i && ident(t.v[i - 1])) {
			name = t.v[i - 1];
			before = i > 1 ? t.v[i - 2] : NULL;
		} else if (step && i + 1 < t.nr && ident(t.v[i + 1])) {
			name = t.v[i + 1];
			after = i + 2 < t.nr ? t.v[i + 2] : NULL;
		}
		ok = name &&
		     !(before && (!strcmp(before, ".") ||
				  !strcmp(before, "->") ||
				  !strcmp(before, "*"))) &&
		     !(after && (!strcmp(after, ".") || !strcmp(after, "->") ||
				 !strcmp(after, "[") || !strcmp(after, "(")));
		if (ok) {
			CXCursor var = local_named(expr, name);

			ok = !clang_Cursor_isNull(var) &&
			     dead_after(el, fn, loop, var);
		}
	}
	strvec_clear(&t);
	return ok;
}

/*
 * The header of @loop, as written (no macro), calls nothing and writes
 * only dead locals; a `for` has a condition, so that it ends.
 */
static bool header_idle(const struct edit_list *el, const char *buf,
			CXCursor fn, CXCursor loop)
{
	struct cursor_list kids = { NULL, 0, 0 };
	struct cursor_range r = cursor_range(loop);
	struct strvec t = STRVEC_INIT;
	bool is_for = clang_getCursorKind(loop) == CXCursor_ForStmt;
	const char *kw = is_for ? "for" : "while";
	unsigned int semis = 0, depth = 0;
	bool ok, cond = false;
	size_t i;

	if (r.in_macro || strncmp(buf + r.begin, kw, strlen(kw)) ||
	    isalnum((unsigned char)buf[r.begin + strlen(kw)]) ||
	    buf[r.begin + strlen(kw)] == '_')
		return false;
	cursor_children(loop, &kids);
	ok = kids.nr >= 2;
	for (i = 0; ok && i + 1 < kids.nr; i++) {
		ok = clang_Cursor_isNull(find_call(kids.v[i], any_callee));
		/* `for (int i = 0; ...)`: its own variable, gone with it */
		if (ok && clang_getCursorKind(kids.v[i]) != CXCursor_DeclStmt)
			ok = writes_dead(el, fn, loop, kids.v[i]);
	}
	cursor_list_release(&kids);
	if (!ok || !is_for)
		return ok;
	/* `for (;;)` runs until a break: the clause between the semicolons */
	cursor_tokens(loop, &t);
	for (i = 1; i < t.nr; i++) {
		if (!strcmp(t.v[i], "("))
			depth++;
		else if (!strcmp(t.v[i], ")") && !--depth)
			break;
		else if (depth == 1 && !strcmp(t.v[i], ";"))
			semis++;
		else if (semis == 1)
			cond = true;
	}
	strvec_clear(&t);
	return cond;
}

struct local_use {
	CXCursor loop;
	const struct edit_list *el;
	bool ok;
};

static enum CXChildVisitResult local_use_visit(CXCursor c, CXCursor parent,
					       CXClientData data);

/*
 * Every variable @loop names that nothing outside it (and the removals)
 * uses can go with it: a local declared alone, calling nothing
 * (fold-locals.c removes it), or one declared in the loop; a static
 * variable of the file only the loop read would be left unused
 * (-Wunused-variable), and keeps the loop.
 */
static bool locals_go(const struct edit_list *el, CXCursor loop)
{
	struct local_use u = { loop, el, true };

	clang_visitChildren(loop, local_use_visit, &u);
	return u.ok;
}

static enum CXChildVisitResult local_use_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct local_use *u = data;
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXCursor d = clang_getCursorReferenced(c), scope;
	struct cursor_list refs = { NULL, 0, 0 };
	bool used = false;
	size_t i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(d) != CXCursor_VarDecl || within(d, u->loop))
		return CXChildVisit_Recurse;
	scope = clang_getCursorSemanticParent(d);
	if (clang_getCursorKind(scope) == CXCursor_FunctionDecl)
		scope = fold_enclosing_fn(c);
	else
		scope = clang_getTranslationUnitCursor(tu);
	find_refs(scope, d, &refs);
	for (i = 0; i < refs.nr && !used; i++) {
		struct cursor_range r = cursor_range(refs.v[i]);

		used = !within(refs.v[i], u->loop) &&
		       !edit_list_touches(u->el, r.begin, r.end);
	}
	cursor_list_release(&refs);
	if (!used && !fold_local_goes(d))
		u->ok = false;
	return u->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

static char *tidy_loop(struct edit_list *el, const char *buf, size_t len,
		       CXCursor stmt, const struct strvec *names,
		       const char *why)
{
	CXCursor fn = fold_enclosing_fn(stmt), loop, cur = stmt;
	char *gone = NULL;
	bool any = false;

	if (clang_Cursor_isNull(fn))
		return NULL;
	for (;;) {
		loop = loop_around(fn, cur);
		if (clang_Cursor_isNull(loop) ||
		    !body_idle(el, buf, len, last_child(loop)) ||
		    !header_idle(el, buf, fn, loop) || !locals_go(el, loop) ||
		    !fold_remove_whole(el, buf, len, loop, names, why))
			break;
		fold_tidy_locals(el, buf, len, loop);
		fold_tidy_label(el, buf, len, loop);
		fold_tidy_block(el, buf, len, loop, names);
		any = true;
		cur = loop;
	}
	if (any)
		fold_drop_empty_fn(el, buf, len, fn, why, &gone);
	return gone;
}

void fold_tidy_loops(struct edit_list *el, const char *buf, size_t len,
		     const struct cursor_list *stmts,
		     const struct strvec *names, const char *why,
		     struct strvec *notes)
{
	size_t i;

	for (i = 0; i < stmts->nr; i++) {
		char *gone = tidy_loop(el, buf, len, stmts->v[i], names, why);

		if (gone)
			strvec_push_nodup(notes, xasprintf("%s() was left with nothing to do: it goes, and so do the statements that only called it.",
							   gone));
		free(gone);
	}
}
