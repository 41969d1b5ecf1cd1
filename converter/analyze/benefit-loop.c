// SPDX-License-Identifier: GPL-2.0
/*
 * Which loops are worth a thread (docs/convert.md, "What a conversion
 * gains"): a loop pays when its trip count is driven by the device (a
 * poll until a register changes, a count read from it) or by the data (a
 * transfer length, the bytes left); one bounded by a compile-time
 * constant (four channels, a four-word response, a constant table), by
 * the hardware's width (a configuration count, a status word's bits,
 * analyze/benefit-bound.c) or by a FIFO the device empties costs a few
 * register accesses a round, as the rest of the handler does.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* The loop's header (condition, initialisation, step) and its body. */
static void loop_parts(CXCursor loop, struct cursor_kids *head,
		       CXCursor *body)
{
	struct cursor_kids kids;
	size_t i, first = 0, end;

	da_kids(loop, &kids);
	memset(head, 0, sizeof(*head));
	*body = clang_getNullCursor();
	if (!kids.nr) {
		free(kids.v);
		return;
	}
	/* do { body } while (cond); the others end with their body */
	if (clang_getCursorKind(loop) == CXCursor_DoStmt) {
		*body = kids.v[0];
		first = 1;
		end = kids.nr;
	} else {
		*body = kids.v[kids.nr - 1];
		end = kids.nr - 1;
	}
	for (i = first; i < end; i++)
		da_kids_push(head, kids.v[i]);
	free(kids.v);
}

struct exits {
	const struct loop_env *e;
	CXCursor loop;
	struct cursor_kids head_vars;	/* the locals the header names */
	struct cursor_kids dev_vars;	/* locals set from a register read */
	struct cursor_kids guards;	/* the if conditions around */
	int nested;			/* loops and switches a break stays in */
	bool device_exit;		/* a way out taken on a register read */
	bool data_exit;			/* a way out on anything not constant */
};

static bool names_any(CXCursor c, const struct cursor_kids *vars);

static enum CXChildVisitResult names_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	const struct cursor_kids *vars = data;
	CXCursor d;
	size_t i;

	(void)parent;
	if (benefit_local_var(c, &d))
		for (i = 0; i < vars->nr; i++)
			if (clang_equalCursors(d, vars->v[i]))
				return CXChildVisit_Break;
	return CXChildVisit_Recurse;
}

/* Does @c name one of @vars? */
static bool names_any(CXCursor c, const struct cursor_kids *vars)
{
	CXCursor d;
	size_t i;

	if (benefit_local_var(c, &d))
		for (i = 0; i < vars->nr; i++)
			if (clang_equalCursors(d, vars->v[i]))
				return true;
	return vars->nr && clang_visitChildren(c, names_visit, (void *)vars);
}

static enum CXChildVisitResult collect_vars(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct cursor_kids *vars = data;
	CXCursor d;

	(void)parent;
	if (benefit_local_var(c, &d))
		da_kids_push(vars, d);
	return CXChildVisit_Recurse;
}

struct dev_read {
	const struct exits *x;
	bool hit;
};

/*
 * A register read again each round: not one whose address follows the
 * loop's counter (amlogic's flow registers, one per round).
 */
static void dev_read_visit(CXCursor call, void *data)
{
	struct dev_read *dr = data;
	const struct loop_env *e = dr->x->e;

	if (!dr->hit && !names_any(call, &dr->x->head_vars) &&
	    benefit_reaches(call, e->file, e->depth, benefit_is_access, e->ap))
		dr->hit = true;
}

static bool loop_reads_device(CXCursor c, const struct exits *x)
{
	struct dev_read dr = { x, false };

	da_for_each_call(c, dev_read_visit, &dr);
	return dr.hit || names_any(c, &x->dev_vars) ||
	       benefit_reads_coherent(c, x->e);
}

/*
 * What a header or a way out is built of: constants, counters, the
 * hardware's widths (a configuration count, a status word's bits) and
 * register reads; anything else is data.
 */
struct bound {
	const struct exits *x;
	bool constant;		/* nothing the data decide */
	bool counter;		/* a counter is among the operands */
	bool width;		/* a configuration count or a status word */
	bool device;		/* a register read again each round */
	long long max;		/* the largest constant a counter runs to */
};

static void bound_check(CXCursor c, struct bound *b);

static enum CXChildVisitResult bound_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct bound *b = data;

	(void)parent;
	bound_check(c, b);
	return b->constant ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* `i < 4`: the constant a counter is compared with bounds it. */
static void note_compared(CXCursor op, struct bound *b)
{
	static const char *const rel[] = { "<", "<=", ">", ">=", "!=", NULL };
	struct cursor_kids kids;
	char *tok = NULL;
	size_t i;

	da_kids(op, &kids);
	if (kids.nr == 2)
		tok = benefit_op_token(op, kids.v[0]);
	for (i = 0; tok && name_in(tok, rel) && i < kids.nr; i++)
		if (benefit_evaluates(kids.v[i]))
			benefit_note_value(&b->max, kids.v[i]);
	free(tok);
	free(kids.v);
}

static void bound_call(CXCursor c, struct bound *b)
{
	const struct loop_env *e = b->x->e;
	int i, n = clang_Cursor_getNumArguments(c);

	if (loop_reads_device(c, b->x)) {
		b->device = true;
		return;
	}
	if (benefit_bit_search(c, e)) {
		b->width = true;
		for (i = 1; i < n && b->constant; i++)
			bound_check(clang_Cursor_getArgument(c, i), b);
		return;
	}
	/* A read of a register the counter picks: a scan, not a poll. */
	if (!benefit_reaches(c, e->file, e->depth, benefit_is_access, e->ap))
		b->constant = false;
}

static void bound_ref(CXCursor c, struct bound *b)
{
	CXCursor decl;

	if (clang_getCursorKind(clang_getCursorReferenced(c)) ==
	    CXCursor_EnumConstantDecl)
		return;
	if (!benefit_local_var(c, &decl))
		b->constant = false;
	else if (names_any(c, &b->x->dev_vars))
		b->device = true;
	else if (benefit_counter(decl, b->x->e->fn, &b->max))
		b->counter = true;
	else if (benefit_status_word(decl, b->x->loop))
		b->width = true;
	else if (benefit_found_bit(decl, b->x->e))
		b->width = true;
	else
		b->constant = false;
}

static void bound_check(CXCursor c, struct bound *b)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_TypeRef || k == CXCursor_IntegerLiteral ||
	    k == CXCursor_CharacterLiteral)
		return;
	if (clang_isExpression(k) && k != CXCursor_DeclRefExpr && benefit_evaluates(c))
		return;
	if (k == CXCursor_DeclRefExpr) {
		bound_ref(c, b);
		return;
	}
	if (k == CXCursor_MemberRefExpr && benefit_config_field(c, b->x->e)) {
		b->width = true;
		return;
	}
	if (k == CXCursor_MemberRefExpr && benefit_reads_coherent(c, b->x->e)) {
		b->device = true;
		return;
	}
	if (k == CXCursor_CallExpr) {
		bound_call(c, b);
		return;
	}
	if (k == CXCursor_BinaryOperator)
		note_compared(c, b);
	if (k == CXCursor_UnaryOperator || k == CXCursor_BinaryOperator ||
	    k == CXCursor_CompoundAssignOperator || k == CXCursor_ParenExpr ||
	    k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr ||
	    k == CXCursor_ConditionalOperator || k == CXCursor_DeclStmt ||
	    k == CXCursor_VarDecl || k == CXCursor_UnaryExpr) {
		clang_visitChildren(c, bound_visit, b);
		return;
	}
	b->constant = false;
}

/* `regmap_read(map, reg, &v)`: v is read from the device. */
static void dev_out_params(CXCursor call, struct exits *x)
{
	const struct loop_env *e = x->e;
	int i, n = clang_Cursor_getNumArguments(call);
	struct cursor_kids kids;
	CXCursor arg, d;

	if (!benefit_reaches(call, e->file, e->depth, benefit_is_access, e->ap) &&
	    !benefit_reaches(call, e->file, e->depth, benefit_is_regmap, NULL))
		return;
	for (i = 0; i < n; i++) {
		arg = da_strip(clang_Cursor_getArgument(call, i));
		if (clang_getCursorKind(arg) != CXCursor_UnaryOperator)
			continue;
		da_kids(arg, &kids);
		if (kids.nr == 1 && benefit_local_var(da_strip(kids.v[0]), &d))
			da_kids_push(&x->dev_vars, d);
		free(kids.v);
	}
}

/* `v = readl(...)` or `u32 v = readl(...)` in the loop: v polls. */
static enum CXChildVisitResult dev_var_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct exits *x = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	CXCursor d;

	(void)parent;
	if (k == CXCursor_CallExpr)
		dev_out_params(c, x);
	if (k != CXCursor_BinaryOperator && k != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (k == CXCursor_VarDecl && kids.nr && loop_reads_device(c, x))
		da_kids_push(&x->dev_vars, c);
	else if (k == CXCursor_BinaryOperator && kids.nr == 2 &&
		 benefit_local_var(da_strip(kids.v[0]), &d) &&
		 loop_reads_device(kids.v[1], x))
		da_kids_push(&x->dev_vars, d);
	free(kids.v);
	return CXChildVisit_Recurse;
}

static void exit_taken(struct exits *x)
{
	struct bound b = { x, true, false, false, false, 0 };
	size_t i;

	for (i = 0; i < x->guards.nr; i++)
		bound_check(x->guards.v[i], &b);
	if (b.device)
		x->device_exit = true;
	if (!b.constant)
		x->data_exit = true;
}

static void exits_walk(CXCursor c, struct exits *x);

static enum CXChildVisitResult exits_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	exits_walk(c, data);
	return CXChildVisit_Continue;
}

static void exits_walk(CXCursor c, struct exits *x)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	size_t i;

	if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
	    (k == CXCursor_BreakStmt && !x->nested)) {
		exit_taken(x);
		return;
	}
	if (k == CXCursor_IfStmt) {
		da_kids(c, &kids);
		for (i = 0; i < kids.nr; i++) {
			if (i == 0) {
				da_kids_push(&x->guards, kids.v[0]);
				continue;
			}
			exits_walk(kids.v[i], x);
		}
		if (kids.nr)
			x->guards.nr--;
		free(kids.v);
		return;
	}
	if (da_is_loop(c) || k == CXCursor_SwitchStmt) {
		x->nested++;
		clang_visitChildren(c, exits_visit, x);
		x->nested--;
		return;
	}
	clang_visitChildren(c, exits_visit, x);
}

/*
 * The device ends the loop (its header or a way out reads a register):
 * a counter beyond BENEFIT_FIFO_DEPTH makes a loop that only waits a poll
 * with a retry limit, and one that moves data or writes the device each
 * round an event loop with a safety cap (sun4i_can's 20 rounds of
 * `while (n < SUN4I_CAN_MAX_IRQ && (isrc = readl(...)))`); a counter
 * within it, a FIFO; without one, a loop that only waits for
 * the device is a poll, one that moves a datum or acknowledges an event
 * each round (more than one access, a device write, a store to memory, a
 * call through a pointer) ends when the FIFO or the status is empty.
 */
static enum loop_kind device_ended(CXCursor loop, const struct bound *b)
{
	if (b->width)
		return LOOP_WIDTH;
	if (b->counter)
		return b->max > BENEFIT_FIFO_DEPTH &&
		       !benefit_loop_moves(loop, b->x->e) ? LOOP_DRIVEN : LOOP_DRAIN;
	return benefit_round_accesses(loop, b->x->e) > 1 ||
	       benefit_loop_moves(loop, b->x->e) ? LOOP_DRAIN : LOOP_DRIVEN;
}

/*
 * The data drive it, unless it moves one chunk of the transfer, bounded
 * by a FIFO (analyze/benefit-fifo.c), or walks a bank of registers
 * (analyze/benefit-bank.c).
 */
static enum loop_kind data_driven(CXCursor loop, const struct exits *x)
{
	if (benefit_fifo_chunk(loop, x->e))
		return LOOP_FIFO;
	if (benefit_register_bank(loop, &x->head_vars, x->e))
		return LOOP_BANK;
	return LOOP_DRIVEN;
}

static enum loop_kind classify(CXCursor loop, const struct bound *b)
{
	const struct exits *x = b->x;

	if (!b->constant && benefit_small_array(loop, &x->head_vars))
		return LOOP_CONSTANT;
	if (!b->constant)
		return data_driven(loop, x);
	/*
	 * no bound of its own, it leaves on data: a list, a time-out; a
	 * header the device ends (`while (nr_busy > 0)`, nr_busy read again
	 * each round) bounds it whatever else ends it sooner
	 */
	if (!b->counter && !b->width && !b->device && x->data_exit)
		return data_driven(loop, x);
	if (b->device || x->device_exit)
		return device_ended(loop, b);
	return b->width ? LOOP_WIDTH : LOOP_CONSTANT;
}

/*
 * A register read whose address follows a counter of the header is a
 * scan; one through another local the header names (`info`, `reg_dbg1`)
 * is read again each round.
 */
static void keep_counters(struct cursor_kids *vars, CXCursor fn)
{
	long long max = 0;
	size_t i, n = 0;

	for (i = 0; i < vars->nr; i++)
		if (benefit_counter(vars->v[i], fn, &max))
			vars->v[n++] = vars->v[i];
	vars->nr = n;
}

enum loop_kind benefit_loop_kind(CXCursor loop, const struct loop_env *e)
{
	struct exits x;
	struct bound b = { &x, true, false, false, false, 0 };
	struct cursor_kids head;
	CXCursor body;
	enum loop_kind kind;
	size_t i;

	memset(&x, 0, sizeof(x));
	x.e = e;
	x.loop = loop;
	loop_parts(loop, &head, &body);
	for (i = 0; i < head.nr; i++)
		clang_visitChildren(head.v[i], collect_vars, &x.head_vars);
	keep_counters(&x.head_vars, e->fn);
	/* `while ((stat = readl(...)))`: stat is read again each round */
	for (i = 0; i < head.nr; i++) {
		dev_var_visit(head.v[i], clang_getNullCursor(), &x);
		clang_visitChildren(head.v[i], dev_var_visit, &x);
	}
	if (!clang_Cursor_isNull(body)) {
		clang_visitChildren(body, dev_var_visit, &x);
		exits_walk(body, &x);
	}
	for (i = 0; i < head.nr && b.constant; i++)
		if (!benefit_for_step_or_init(loop, head.v[i]))
			bound_check(head.v[i], &b);
	kind = classify(loop, &b);
	free(head.v);
	free(x.head_vars.v);
	free(x.dev_vars.v);
	free(x.guards.v);
	return kind;
}

static enum CXChildVisitResult subscript_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	const struct cursor_kids *vars = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr &&
	    names_any(c, vars))
		return CXChildVisit_Break;
	return CXChildVisit_Recurse;
}

bool benefit_loop_indexes(CXCursor loop, CXCursor expr)
{
	struct cursor_kids head, vars;
	CXCursor body;
	size_t i;
	bool hit;

	memset(&vars, 0, sizeof(vars));
	loop_parts(loop, &head, &body);
	for (i = 0; i < head.nr; i++)
		clang_visitChildren(head.v[i], collect_vars, &vars);
	hit = vars.nr &&
	      (subscript_visit(expr, clang_getNullCursor(), &vars) ==
	       CXChildVisit_Break ||
	       clang_visitChildren(expr, subscript_visit, &vars));
	free(head.v);
	free(vars.v);
	return hit;
}
