// SPDX-License-Identifier: GPL-2.0
/*
 * The ownership check: the earliest `return IRQ_NONE` under an if whose
 * condition depends on a value read from the device, the reads it depends
 * on, and the statements before it that must stay in hard-irq context.  A
 * device write of such a value (writing the status back) is an ack.
 *
 * Dependence is followed through local variables in source order: a local
 * assigned from an expression with a device read, or from another such
 * local, holds a device value.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/member-read.h"
#include "analyze/ownership-reads.h"
#include "analyze/unit.h"
#include "tu.h"

#define MAX_DERIVED 64
#define MAX_IFS 32

struct derived {
	CXCursor var;
	CXCursor read;		/* the read in its value, or null */
	int from;		/* index of the local it came from, or -1 */
};

struct own_walk {
	struct analysis_ctx *ctx;
	const struct lock_module *lm;	/* where a regmap is created */
	struct derived d[MAX_DERIVED];
	size_t nr;
	CXCursor ifs[MAX_IFS];
	size_t depth;
	int cond_from;		/* a derived local an enclosing if tests, or -1 */
	bool cond_read;		/* an enclosing if tests a device read */
	bool found;
	CXCursor own_if, own_ret;
};

static int derived_index(struct own_walk *w, CXCursor var)
{
	size_t i;

	for (i = 0; i < w->nr; i++)
		if (clang_equalCursors(w->d[i].var, var))
			return (int)i;
	return -1;
}

/* The first derived local @expr references, or -1. */
static int references_derived(struct own_walk *w, CXCursor expr)
{
	size_t i;

	for (i = 0; i < w->nr; i++)
		if (cx_references(expr, w->d[i].var))
			return (int)i;
	return -1;
}

static bool access_read(const char *callee, void *ctx)
{
	return an_is_access_read(ctx, callee);
}

struct value_walk {
	struct analysis_ctx *ctx;
	CXCursor read;
};

static enum CXChildVisitResult value_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct value_walk *vw = data;
	char *callee;
	bool out;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	callee = cx_callee(c);
	out = or_is_out_read(callee);
	free(callee);
	/* Its value is an error code: the device value is in its pointer. */
	if (out)
		return CXChildVisit_Continue;
	/* macb reads through bp->macb_reg_readl(), set only to readers. */
	if (member_read_call(c, access_read, vw->ctx)) {
		vw->read = c;
		return CXChildVisit_Break;
	}
	if (!an_reads_device(vw->ctx, c, &vw->read))
		return CXChildVisit_Continue;
	return CXChildVisit_Break;
}

/* Whether @expr has a device read in its value; *@read gets the first. */
static bool value_read(struct own_walk *w, CXCursor expr, CXCursor *read)
{
	struct value_walk vw = { w->ctx, clang_getNullCursor() };

	if (value_visit(expr, clang_getNullCursor(), &vw) ==
	    CXChildVisit_Recurse)
		clang_visitChildren(expr, value_visit, &vw);
	if (read)
		*read = vw.read;
	return !clang_Cursor_isNull(vw.read);
}

static bool depends_on_device(struct own_walk *w, CXCursor expr)
{
	return value_read(w, expr, NULL) ||
	       references_derived(w, expr) >= 0;
}

static void mark_derived(struct own_walk *w, CXCursor var, CXCursor value)
{
	CXCursor read = clang_getNullCursor();
	int from;

	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    derived_index(w, var) >= 0 || w->nr == MAX_DERIVED)
		return;
	value_read(w, value, &read);
	from = references_derived(w, value);
	/* Assigned under an if that tests a device value: control dependence. */
	if (from < 0)
		from = w->cond_from;
	if (clang_Cursor_isNull(read) && from < 0 && !w->cond_read)
		return;
	w->d[w->nr].var = var;
	w->d[w->nr].read = read;
	w->d[w->nr].from = from;
	w->nr++;
}

static enum CXChildVisitResult last_expr(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult last_kid(CXCursor c, CXCursor parent,
					CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult two_kids(CXCursor c, CXCursor parent,
					CXClientData data)
{
	CXCursor *k = data;

	(void)parent;
	if (clang_Cursor_isNull(k[0]))
		k[0] = c;
	else if (clang_Cursor_isNull(k[1]))
		k[1] = c;
	return CXChildVisit_Continue;
}

static bool is_irq_none(CXCursor ret)
{
	CXCursor e = clang_getNullCursor();
	char *name;
	bool none;

	clang_visitChildren(ret, last_expr, &e);
	e = cx_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	name = cxstring_take(clang_getCursorSpelling(
		clang_getCursorReferenced(e)));
	none = !strcmp(name, "IRQ_NONE");
	free(name);
	return none;
}

static CXCursor if_condition(CXCursor ifs)
{
	CXCursor k[2] = { clang_getNullCursor(), clang_getNullCursor() };

	clang_visitChildren(ifs, two_kids, k);
	return k[0];
}

static void walk(struct own_walk *w, CXCursor c);

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	walk(data, c);
	return CXChildVisit_Continue;
}

/*
 * Whether the handler, jumping to @label, can return "not handled": the
 * first return after the label gives IRQ_NONE, IRQ_RETVAL() or a variable.
 */
static bool goto_returns_none(struct own_walk *w, CXCursor label)
{
	struct src_range at = cx_range(w->ctx->st, label, NULL);
	const struct handler_facts *hf = w->ctx->hf;
	size_t i;

	for (i = 0; i < hf->nr; i++) {
		const struct fact *f = &hf->v[i];

		if (f->kind != FACT_RETURN || f->where.begin < at.begin)
			continue;
		return !strcmp(f->detail, "IRQ_NONE") ||
		       !strcmp(f->detail, "IRQ_RETVAL") ||
		       !strcmp(f->detail, "variable");
	}
	return false;
}

static enum CXChildVisitResult label_of(CXCursor c, CXCursor parent,
					CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LabelRef)
		*(CXCursor *)data = clang_getCursorReferenced(c);
	return CXChildVisit_Continue;
}

/* Whether leaving through @c (a return or a goto) says "not mine". */
static bool leaves_unhandled(struct own_walk *w, CXCursor c)
{
	CXCursor label = clang_getNullCursor();

	if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		return is_irq_none(c);
	clang_visitChildren(c, label_of, &label);
	return !clang_Cursor_isNull(label) && goto_returns_none(w, label);
}

static void check_exit(struct own_walk *w, CXCursor c)
{
	size_t i;

	if (w->found || !leaves_unhandled(w, c))
		return;
	for (i = w->depth; i > 0; i--) {
		CXCursor cond = if_condition(w->ifs[i - 1]);

		if (depends_on_device(w, cond)) {
			w->found = true;
			w->own_if = w->ifs[i - 1];
			w->own_ret = c;
			return;
		}
	}
}

static void walk_if(struct own_walk *w, CXCursor c)
{
	CXCursor cond = if_condition(c);
	int from = w->cond_from;
	bool read = w->cond_read;
	int dep = references_derived(w, cond);

	if (dep >= 0)
		w->cond_from = dep;
	else if (value_read(w, cond, NULL))
		w->cond_read = true;
	if (w->depth < MAX_IFS)
		w->ifs[w->depth++] = c;
	clang_visitChildren(c, walk_visit, w);
	if (w->depth && clang_equalCursors(w->ifs[w->depth - 1], c))
		w->depth--;
	w->cond_from = from;
	w->cond_read = read;
}

/* Whether a value assigned here holds (or is controlled by) device data. */
static bool assigned_from_device(struct own_walk *w, CXCursor value)
{
	return w->cond_from >= 0 || w->cond_read ||
	       depends_on_device(w, value);
}

/* `regmap_read(map, reg, &v)`: v holds a device value from here on. */
static void mark_read_into(struct own_walk *w, CXCursor call)
{
	char *callee = cx_callee(call);
	CXCursor var;

	/* The module is parsed only for a regmap, to find where it is made. */
	if (!w->lm && !strcmp(callee, "regmap_read"))
		w->lm = scan_tu_lock_module(w->ctx->st);
	free(callee);
	var = or_read_into(call, w->lm);
	if (clang_Cursor_isNull(var) || derived_index(w, var) >= 0 ||
	    w->nr == MAX_DERIVED)
		return;
	w->d[w->nr].var = var;
	w->d[w->nr].read = call;
	w->d[w->nr].from = -1;
	w->nr++;
}

static void walk(struct own_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor kids[2] = { clang_getNullCursor(), clang_getNullCursor() };

	switch (k) {
	case CXCursor_VarDecl: {
		CXCursor init = clang_getNullCursor();

		clang_visitChildren(c, last_expr, &init);
		if (!clang_Cursor_isNull(init) && assigned_from_device(w, init))
			mark_derived(w, c, init);
		break;
	}
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		clang_visitChildren(c, two_kids, kids);
		kids[0] = cx_strip(kids[0]);
		if (clang_getCursorKind(kids[0]) == CXCursor_DeclRefExpr &&
		    !clang_Cursor_isNull(kids[1]) &&
		    assigned_from_device(w, kids[1])) {
			struct src_range l = cx_range(w->ctx->st, kids[0], NULL);
			struct src_range r = cx_range(w->ctx->st, kids[1], NULL);
			CXFile f;
			char *op;

			cx_range(w->ctx->st, c, &f);
			op = cx_range_text(w->ctx->st, f,
				(struct src_range){ l.end, r.begin, 0 });
			if (k == CXCursor_CompoundAssignOperator ||
			    !strcmp(op, "="))
				mark_derived(w, clang_getCursorReferenced(kids[0]),
					     kids[1]);
			free(op);
		}
		break;
	case CXCursor_CallExpr:
		mark_read_into(w, c);
		break;
	case CXCursor_ReturnStmt:
	case CXCursor_GotoStmt:
		check_exit(w, c);
		return;
	case CXCursor_IfStmt:
		walk_if(w, c);
		return;
	default:
		break;
	}
	clang_visitChildren(c, walk_visit, w);
}

static void add_read(struct own_walk *w, CXCursor read)
{
	struct fact *f;
	char *name;

	if (clang_Cursor_isNull(read))
		return;
	name = cx_written_name(w->ctx->st, read);
	f = an_add(w->ctx, FACT_READ, name, read);
	if (!f->arg) {
		f->arg = cx_text(w->ctx->st, read);
		f->target = cx_callee(read);
	}
	free(name);
}

static void add_reads_of(struct own_walk *w, CXCursor expr)
{
	CXCursor read;
	size_t i;

	if (value_read(w, expr, &read))
		add_read(w, read);
	for (i = 0; i < w->nr; i++) {
		int j = (int)i;

		if (!cx_references(expr, w->d[i].var))
			continue;
		/* The local, and the locals it was computed from. */
		while (j >= 0) {
			add_read(w, w->d[j].read);
			j = w->d[j].from;
		}
	}
}

struct body_walk {
	struct analysis_ctx *ctx;
	struct src_range own;
	bool done;
};

static enum CXChildVisitResult body_stmt(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct body_walk *b = data;
	struct src_range r;
	struct fact *f;

	(void)parent;
	if (b->done)
		return CXChildVisit_Break;
	r = cx_stmt_range(b->ctx->st, c);
	f = handler_facts_add(b->ctx->hf, FACT_HARDIRQ, "statement", r);
	if (!f->arg && r.end - r.begin < 160)
		f->arg = cx_text(b->ctx->st, c);
	if (r.begin <= b->own.begin && b->own.begin < r.end)
		b->done = true;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* Does some argument of a wrapper call carry a value read from the device? */
static bool wrapper_writes_derived(struct own_walk *w, CXCursor call)
{
	int i;

	for (i = 0; i < clang_Cursor_getNumArguments(call); i++)
		if (references_derived(w, clang_Cursor_getArgument(call, i)) >= 0)
			return true;
	return false;
}

static void acks(struct analysis_ctx *ctx, const struct an_call *c,
		 void *data)
{
	struct own_walk *w = data;
	int value = !strcmp(c->callee, "regmap_write") ? 2 : 0;
	struct fact *f;

	if (an_is_device_write(c->callee)) {
		if (value >= clang_Cursor_getNumArguments(c->cursor) ||
		    references_derived(w, clang_Cursor_getArgument(c->cursor,
								   value)) < 0)
			return;
	} else if (!an_is_write_wrapper(ctx, c->callee) ||
		   !wrapper_writes_derived(w, c->cursor)) {
		return;
	}
	f = an_add(ctx, FACT_ACK, c->written, c->cursor);
	if (!f->arg) {
		f->arg = cx_text(ctx->st, c->cursor);
		f->target = xstrdup(c->callee);
	}
}

struct result_find {
	CXCursor body;		/* of the loop */
	bool hit;
};

/* A local the return gives back, which the loop's body sets. */
static enum CXChildVisitResult result_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct result_find *rf = data;
	CXCursor var;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	var = clang_getCursorReferenced(c);
	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	name = cxstring_take(clang_getCursorSpelling(var));
	rf->hit |= cursor_assigns(rf->body, name);
	free(name);
	return rf->hit ? CXChildVisit_Break : CXChildVisit_Continue;
}

struct loop_find {
	struct own_walk *w;
	CXCursor ret;		/* the body's last statement, a return */
	CXCursor loop;
};

/*
 * `while ((status = read(...))) { ...; handled = 1; } return
 * IRQ_RETVAL(handled);`: a top-level loop whose test reads the device,
 * and a final return of a local only the loop sets, so a first read that
 * finds nothing says "not ours".
 */
static enum CXChildVisitResult loop_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct loop_find *lf = data;
	CXCursor k[2] = { clang_getNullCursor(), clang_getNullCursor() };
	struct result_find rf = { clang_getNullCursor(), false };

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_WhileStmt)
		return CXChildVisit_Continue;
	clang_visitChildren(c, two_kids, k);
	if (clang_Cursor_isNull(k[1]) || !depends_on_device(lf->w, k[0]))
		return CXChildVisit_Continue;
	rf.body = k[1];
	clang_visitChildren(lf->ret, result_visit, &rf);
	if (!rf.hit)
		return CXChildVisit_Continue;
	lf->loop = c;
	return CXChildVisit_Break;
}

static void find_retval_loop(struct own_walk *w, CXCursor body)
{
	struct loop_find lf = { w, clang_getNullCursor(),
				clang_getNullCursor() };

	clang_visitChildren(body, last_kid, &lf.ret);
	if (clang_getCursorKind(lf.ret) != CXCursor_ReturnStmt)
		return;
	clang_visitChildren(body, loop_visit, &lf);
	if (clang_Cursor_isNull(lf.loop))
		return;
	w->found = true;
	w->own_if = lf.loop;
	w->own_ret = lf.ret;
}

void analyze_ownership(struct analysis_ctx *ctx)
{
	struct own_walk w;
	struct body_walk b = { ctx, { 0, 0, 0 }, false };
	CXCursor body = clang_getNullCursor();
	struct fact *f;
	bool loop;

	memset(&w, 0, sizeof(w));
	w.ctx = ctx;
	w.cond_from = -1;
	clang_visitChildren(ctx->fn, find_body, &body);
	if (clang_Cursor_isNull(body))
		return;
	walk(&w, body);
	an_for_each_call(ctx, acks, &w);
	if (!w.found)
		find_retval_loop(&w, body);
	if (!w.found)
		return;
	loop = clang_getCursorKind(w.own_if) == CXCursor_WhileStmt;
	f = handler_facts_add(ctx->hf, FACT_OWNERSHIP, loop ? "loop" : "if",
			      cx_stmt_range(ctx->st, w.own_if));
	f->arg = cx_text(ctx->st, if_condition(w.own_if));
	f->detail = loop ?
		xasprintf("returns at line %u what only the loop sets: unhandled when its first test fails",
			  cx_range(ctx->st, w.own_ret, NULL).line) :
		xasprintf("%s at line %u",
			  clang_getCursorKind(w.own_ret) == CXCursor_GotoStmt ?
			  "leaves through goto to an unhandled return" :
			  "returns IRQ_NONE",
			  cx_range(ctx->st, w.own_ret, NULL).line);
	add_reads_of(&w, if_condition(w.own_if));
	b.own = f->where;
	clang_visitChildren(body, body_stmt, &b);
}
