// SPDX-License-Identifier: GPL-2.0
/*
 * Loops that move one FIFO's worth of data per interrupt (docs/convert.md,
 * "Which loops and delays count"): a PIO loop bounded by the FIFO's depth,
 * or ended when the device says its FIFO is full or empty, fills or
 * drains the FIFO once and leaves the rest of the transfer to the next
 * interrupt.  A thread would add a context switch per chunk.  What is
 * not a chunk: a loop that only waits (a poll), and one whose rounds each
 * move a chunk of their own with a loop (davinci_mmc's outer loop moves
 * rw_threshold bytes a round for as long as the device says it is ready
 * again: a whole transfer per interrupt).
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* The condition of @loop, null when it has none (`for (;;)`). */
static CXCursor loop_cond(CXCursor loop)
{
	enum CXCursorKind k = clang_getCursorKind(loop);
	CXCursor cond = clang_getNullCursor();
	struct cursor_kids kids;
	size_t i;

	da_kids(loop, &kids);
	if (k == CXCursor_WhileStmt && kids.nr == 2)
		cond = kids.v[0];
	else if (k == CXCursor_DoStmt && kids.nr == 2)
		cond = kids.v[1];
	for (i = 0; k == CXCursor_ForStmt && i + 1 < kids.nr; i++)
		if (!benefit_for_step_or_init(loop, kids.v[i]))
			cond = kids.v[i];
	free(kids.v);
	return cond;
}

struct stepped {
	CXCursor target;	/* a local's declaration or a field */
	bool up;		/* `i++`, `count += 4`; else `n--`, `n -= m` */
	bool hit;
};

static bool same_target(CXCursor e, CXCursor target)
{
	enum CXCursorKind k;

	e = da_strip(e);
	k = clang_getCursorKind(e);
	return (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) &&
	       clang_equalCursors(clang_getCursorReferenced(e), target);
}

/* Does the operator @op of kind @k step its operand the way @s asks? */
static bool steps(enum CXCursorKind k, const char *op, const struct stepped *s)
{
	static const char *const lower[] = { "-=", ">>=", "&=", "/=", NULL };

	if (k == CXCursor_UnaryOperator)
		return op && !strcmp(op, s->up ? "++" : "--");
	if (k == CXCursor_CompoundAssignOperator)
		return s->up ? !op || !strcmp(op, "+=") : op && name_in(op, lower);
	/* set again: `n = readl(...)` */
	return !s->up && op && !strcmp(op, "=");
}

static enum CXChildVisitResult stepped_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct stepped *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	char *op;

	(void)parent;
	if (k != CXCursor_UnaryOperator && k != CXCursor_CompoundAssignOperator &&
	    k != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (kids.nr && same_target(kids.v[0], s->target)) {
		op = k == CXCursor_UnaryOperator ?
		     benefit_op_token(c, kids.v[0]) : benefit_binop(c);
		s->hit = steps(k, op, s);
		free(op);
	}
	free(kids.v);
	return s->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Does @loop step @x up (`i++`, `count += 4`, `espi->fifo_level++`), or,
 * with @up false, lower it (`len--`, `n -= m`, set again)?
 */
static bool stepped(CXCursor loop, CXCursor x, bool up)
{
	struct stepped s = { clang_getCursorReferenced(da_strip(x)), up,
			     false };
	enum CXCursorKind k = clang_getCursorKind(da_strip(x));

	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return false;
	clang_visitChildren(loop, stepped_visit, &s);
	return s.hit;
}

/* `n--`, `--count`: the operand, else @c itself. */
static CXCursor counted_down(CXCursor c)
{
	struct cursor_kids kids;
	CXCursor x = da_strip(c);
	char *op;

	if (clang_getCursorKind(x) != CXCursor_UnaryOperator)
		return x;
	da_kids(x, &kids);
	op = kids.nr == 1 ? benefit_op_token(x, kids.v[0]) : NULL;
	if (op && !strcmp(op, "--"))
		x = da_strip(kids.v[0]);
	free(op);
	free(kids.v);
	return x;
}

/*
 * A count tested or counted down: bounded by a FIFO when its value is and
 * the loop lowers it (a constant condition bounds nothing, nor a mask
 * the loop never changes).
 */
static bool tested(CXCursor x, const struct fifo_at *at)
{
	enum CXCursorKind k = clang_getCursorKind(da_strip(x));

	return (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) &&
	       !benefit_evaluates(x) && stepped(at->loop, x, false) &&
	       benefit_fifo_value(x, at);
}

/*
 * One conjunct of the condition bounds the loop by a FIFO: a FIFO value
 * tested or counted down (`while (len--)`, `n > 0`), or a value the loop
 * steps up compared with one (`i < rxcnt`, `txcnt < txfifosize`).
 */
static bool fifo_conjunct(CXCursor c, const struct fifo_at *at)
{
	struct cursor_kids kids;
	CXCursor big, small;
	bool hit = false;
	char *op;

	c = da_strip(c);
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator) {
		op = benefit_binop(c);
		da_kids(c, &kids);
		if (op && kids.nr == 2 && !strcmp(op, "&&"))
			hit = fifo_conjunct(kids.v[0], at) ||
			      fifo_conjunct(kids.v[1], at);
		else if (op && kids.nr == 2 && !strcmp(op, "!=") &&
			 benefit_is_zero(kids.v[1]))
			hit = tested(counted_down(kids.v[0]), at);
		free(kids.v);
		free(op);
		if (hit || !benefit_relation(c, &big, &small))
			return hit;
		/*
		 * `n > 0`; `s >= 4` of a count lowered by 4 a round; the FIFO
		 * room or level lowered each round against what a round
		 * takes (spi-fsl-espi's `rx_fifo_avail >= min(4U, rx_left)`)
		 */
		if (tested(counted_down(big), at))
			return true;
		if (benefit_is_zero(small) || benefit_evaluates(small))
			return false;
		return stepped(at->loop, small, true) &&
		       benefit_fifo_value(big, at);
	}
	return tested(counted_down(c), at);
}

/* `!max_write`, `max_write == 0`, `n <= 0`: a FIFO budget used up. */
static bool budget_spent(CXCursor c, const struct fifo_at *at)
{
	struct cursor_kids kids;
	bool hit = false;
	char *op;

	c = da_strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator &&
	    clang_getCursorKind(c) != CXCursor_UnaryOperator)
		return false;
	da_kids(c, &kids);
	op = clang_getCursorKind(c) == CXCursor_UnaryOperator ?
	     (kids.nr == 1 ? benefit_op_token(c, kids.v[0]) : NULL) :
	     benefit_binop(c);
	if (op && kids.nr == 2 && !strcmp(op, "||"))
		hit = budget_spent(kids.v[0], at) || budget_spent(kids.v[1], at);
	else if (op && kids.nr == 2 && (!strcmp(op, "==") ||
					!strcmp(op, "<=")) && benefit_is_zero(kids.v[1]))
		hit = tested(kids.v[0], at);
	else if (op && kids.nr == 1 && !strcmp(op, "!"))
		hit = tested(kids.v[0], at);
	free(op);
	free(kids.v);
	return hit;
}

struct ways_out {
	struct cursor_kids guards;	/* the if conditions around */
	struct cursor_kids taken;	/* those of a way out */
	int nested;
};

static void out_walk(CXCursor c, struct ways_out *w);

static enum CXChildVisitResult out_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	out_walk(c, data);
	return CXChildVisit_Continue;
}

/* The guards of the ways out of a loop body: break, return, goto. */
static void out_walk(CXCursor c, struct ways_out *w)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	size_t i;

	if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
	    (k == CXCursor_BreakStmt && !w->nested)) {
		for (i = 0; i < w->guards.nr; i++)
			da_kids_push(&w->taken, w->guards.v[i]);
		return;
	}
	if (k == CXCursor_IfStmt) {
		da_kids(c, &kids);
		for (i = 1; i < kids.nr; i++) {
			da_kids_push(&w->guards, kids.v[0]);
			out_walk(kids.v[i], w);
			w->guards.nr--;
		}
		free(kids.v);
		return;
	}
	w->nested += da_is_loop(c) || k == CXCursor_SwitchStmt;
	clang_visitChildren(c, out_visit, w);
	w->nested -= da_is_loop(c) || k == CXCursor_SwitchStmt;
}

struct dev_read {
	const struct loop_env *e;
	CXCursor loop;
	bool hit;
};

static void dev_read_call(CXCursor call, void *data)
{
	struct dev_read *d = data;

	d->hit |= benefit_reaches(call, d->e->file, d->e->depth,
				  benefit_is_access, d->e->ap);
}

static enum CXChildVisitResult dev_read_visit(CXCursor c, CXCursor parent,
					      CXClientData data);

/* Does @c read the device, or a local the loop reads it into? */
static bool reads_device_here(CXCursor c, struct dev_read *d)
{
	struct fifo_at at = { d->e, d->e->fn, clang_getNullCursor(),
			      benefit_start(c), benefit_end(c), 0, false,
			      benefit_fifo_value };
	CXCursor decl = clang_getCursorReferenced(c);

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(decl) == CXCursor_VarDecl) {
		at.loop = d->loop;
		at.at = benefit_start(d->loop);
		at.end = benefit_end(d->loop);
		d->hit |= benefit_reads_into(decl, &at);
		return d->hit;
	}
	da_for_each_call(c, dev_read_call, d);
	if (!d->hit)
		clang_visitChildren(c, dev_read_visit, d);
	return d->hit;
}

static enum CXChildVisitResult dev_read_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    reads_device_here(c, data))
		return CXChildVisit_Break;
	return CXChildVisit_Recurse;
}

struct inner {
	const struct loop_env *e;
	int depth;
	bool hit;
};

static enum CXChildVisitResult inner_visit(CXCursor c, CXCursor parent,
					   CXClientData data);

static void inner_call(CXCursor call, void *data)
{
	struct inner *in = data;
	CXCursor def = da_callee_def(call);

	if (in->hit || clang_Cursor_isNull(def) || in->depth >= BENEFIT_CALLEE_DEPTH ||
	    !benefit_in_file(def, in->e->file))
		return;
	in->depth++;
	clang_visitChildren(def, inner_visit, in);
	in->depth--;
}

static enum CXChildVisitResult inner_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct inner *in = data;

	(void)parent;
	if (da_is_loop(c) && benefit_reaches(c, in->e->file, in->depth,
					     benefit_is_access, in->e->ap))
		in->hit = true;
	else if (clang_getCursorKind(c) == CXCursor_CallExpr)
		inner_call(c, in);
	return in->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does a round of @loop run a loop over device registers of its own? */
static bool round_loops(CXCursor loop, const struct loop_env *e)
{
	struct inner in = { e, e->depth, false };

	clang_visitChildren(loop, inner_visit, &in);
	return in.hit;
}

bool benefit_fifo_chunk(CXCursor loop, const struct loop_env *e)
{
	struct fifo_at at = { e, e->fn, loop, benefit_start(loop),
			      benefit_end(loop), 0, false, benefit_fifo_value };
	struct dev_read d = { e, loop, false };
	CXCursor cond = loop_cond(loop);
	struct ways_out w;
	bool hit;
	size_t i;

	if (!benefit_loop_moves(loop, e))
		return false;
	hit = !clang_Cursor_isNull(cond) && fifo_conjunct(cond, &at);
	memset(&w, 0, sizeof(w));
	clang_visitChildren(loop, out_visit, &w);
	for (i = 0; !hit && i < w.taken.nr; i++)
		hit = budget_spent(w.taken.v[i], &at);
	/* ended when the device says its FIFO is full or empty */
	if (!hit && !round_loops(loop, e)) {
		if (!clang_Cursor_isNull(cond))
			reads_device_here(cond, &d);
		for (i = 0; !d.hit && i < w.taken.nr; i++)
			reads_device_here(w.taken.v[i], &d);
		hit = d.hit;
	}
	free(w.guards.v);
	free(w.taken.v);
	return hit;
}
