// SPDX-License-Identifier: GPL-2.0
/*
 * Which loops and delays are worth a thread (docs/convert.md, "What a
 * conversion gains"): a loop pays when its trip count is driven by the
 * device (a poll until a register changes, a count read from it) or by the
 * data (a transfer length, the bytes left); one bounded by a compile-time
 * constant (four channels, a four-word response, a constant table) costs
 * a few register accesses, as the rest of the handler does.  A delay pays
 * by its length, which this file reads off the call.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

#define CALLEE_DEPTH 2

struct reach {
	CXFile file;
	int depth;
	bool (*pred)(const char *callee, const void *data);
	const void *data;
	bool hit;
};

static bool in_file(CXCursor def, CXFile file)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(def), &f, NULL,
				   NULL, NULL);
	return f && clang_File_isEqual(f, file);
}

static void reach_visit(CXCursor call, void *data)
{
	struct reach *r = data;
	char *callee = da_callee(call);
	CXCursor def = da_callee_def(call);

	if (!r->hit && r->pred(callee, r->data))
		r->hit = true;
	else if (!r->hit && !clang_Cursor_isNull(def) &&
		 r->depth < CALLEE_DEPTH && in_file(def, r->file)) {
		r->depth++;
		da_for_each_call(def, reach_visit, r);
		r->depth--;
	}
	free(callee);
}

bool benefit_reaches(CXCursor c, CXFile file, int depth,
		     bool (*pred)(const char *callee, const void *data),
		     const void *data)
{
	struct reach r = { file, depth, pred, data, false };

	da_for_each_call(c, reach_visit, &r);
	return r.hit;
}

bool benefit_is_access(const char *callee, const void *ap)
{
	return da_is_access(ap, callee);
}

bool benefit_is_event_report(const char *callee, const void *unused)
{
	(void)unused;
	return !strcmp(callee, "serio_interrupt") ||
	       !strcmp(callee, "input_event") ||
	       !strcmp(callee, "input_sync") ||
	       starts_with(callee, "input_report_") ||
	       starts_with(callee, "input_mt_");
}

/* A local variable of a function (not a parameter, not static). */
static bool local_var(CXCursor ref, CXCursor *decl)
{
	CXCursor d = clang_getCursorReferenced(ref);

	if (clang_getCursorKind(ref) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(d) != CXCursor_VarDecl ||
	    clang_Cursor_getStorageClass(d) == CX_SC_Static ||
	    clang_getCursorKind(clang_getCursorSemanticParent(d)) !=
	    CXCursor_FunctionDecl)
		return false;
	*decl = d;
	return true;
}

static bool evaluates(CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;

	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

static bool in_macro(CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile ef, sf;
	unsigned int eoff, soff;

	clang_getExpansionLocation(loc, &ef, NULL, NULL, &eoff);
	clang_getSpellingLocation(loc, &sf, NULL, NULL, &soff);
	return eoff != soff || !ef || !sf || !clang_File_isEqual(ef, sf);
}

static unsigned int offset_of(CXSourceLocation loc)
{
	unsigned int off;

	clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
	return off;
}

/*
 * The operator of @op, an operator written in the file (not in a macro):
 * the first token after its first operand, or for a unary operator the
 * token before its operand (prefix) or its last one (postfix).  NULL when
 * it cannot be read.
 */
static char *op_token(CXCursor op, CXCursor first)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(op);
	bool unary = clang_getCursorKind(op) == CXCursor_UnaryOperator;
	unsigned int lend, fbegin, n, i, pick = ~0u;
	CXToken *toks;
	char *s = NULL;

	if (in_macro(op) || in_macro(first))
		return NULL;
	lend = offset_of(clang_getRangeEnd(clang_getCursorExtent(first)));
	fbegin = offset_of(clang_getRangeStart(clang_getCursorExtent(first)));
	clang_tokenize(tu, clang_getCursorExtent(op), &toks, &n);
	for (i = 0; i < n && pick == ~0u; i++) {
		unsigned int off = offset_of(clang_getTokenLocation(tu, toks[i]));

		if (unary && off < fbegin)
			pick = i;
		else if (off >= lend)
			pick = i;
	}
	if (pick < n)
		s = cxstring_take(clang_getTokenSpelling(tu, toks[pick]));
	clang_disposeTokens(tu, toks, n);
	return s;
}

struct counter_check {
	CXCursor decl;
	bool ok;
};

static bool refers_to(CXCursor e, CXCursor decl)
{
	CXCursor d;

	return local_var(da_strip(e), &d) && clang_equalCursors(d, decl);
}

/* One write of the variable: a step (++, --, += 1) or a constant. */
static void check_write(CXCursor c, struct counter_check *cc)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	char *op;

	da_kids(c, &kids);
	if (!kids.nr || !refers_to(kids.v[0], cc->decl)) {
		free(kids.v);
		return;
	}
	/*
	 * An operator written in a macro cannot be read: the macros a loop
	 * counter meets compute with it (`CT_ACK(i)`, `BIT(i)`), so it is
	 * taken as no write.
	 */
	op = op_token(c, kids.v[0]);
	if (k == CXCursor_UnaryOperator)
		cc->ok &= !op || strcmp(op, "&");
	else if (k == CXCursor_CompoundAssignOperator)
		cc->ok &= kids.nr == 2 && evaluates(kids.v[1]);
	else if (op && !strcmp(op, "="))
		cc->ok &= kids.nr == 2 && evaluates(kids.v[1]);
	free(op);
	free(kids.v);
}

static enum CXChildVisitResult counter_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct counter_check *cc = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_UnaryOperator || k == CXCursor_BinaryOperator ||
	    k == CXCursor_CompoundAssignOperator)
		check_write(c, cc);
	return cc->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* Its initialiser, when a declaration has one. */
static bool var_init_constant(CXCursor decl)
{
	struct cursor_kids kids;
	bool ok = true;
	CXCursor last;

	da_kids(decl, &kids);
	if (kids.nr) {
		last = kids.v[kids.nr - 1];
		ok = clang_getCursorKind(last) == CXCursor_TypeRef ||
		     evaluates(last);
	}
	free(kids.v);
	return ok;
}

/*
 * A counter: a local of @fn that starts from a constant and is only ever
 * set to constants or stepped by constants (i = 0, i++, timeout--).
 */
static bool is_counter(CXCursor decl, CXCursor fn)
{
	struct counter_check cc = { decl, true };

	if (!var_init_constant(decl))
		return false;
	clang_visitChildren(fn, counter_visit, &cc);
	return cc.ok;
}

struct bound {
	const struct loop_env *e;
	bool constant;
	bool counter;		/* a counter is among the operands */
};

/* Is @c built of constants and counters only? */
static void bound_check(CXCursor c, struct bound *b);

static enum CXChildVisitResult bound_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct bound *b = data;

	(void)parent;
	bound_check(c, b);
	return b->constant ? CXChildVisit_Continue : CXChildVisit_Break;
}

static void bound_check(CXCursor c, struct bound *b)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor decl;

	if (k == CXCursor_TypeRef || k == CXCursor_IntegerLiteral ||
	    k == CXCursor_CharacterLiteral)
		return;
	if (clang_isExpression(k) && k != CXCursor_DeclRefExpr && evaluates(c))
		return;
	if (k == CXCursor_DeclRefExpr) {
		if (clang_getCursorKind(clang_getCursorReferenced(c)) ==
		    CXCursor_EnumConstantDecl)
			return;
		if (local_var(c, &decl) && is_counter(decl, b->e->fn)) {
			b->counter = true;
			return;
		}
		b->constant = false;
		return;
	}
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
	if (local_var(c, &d))
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

	if (local_var(c, &d))
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
	if (local_var(c, &d))
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

static bool reads_device(CXCursor c, const struct exits *x)
{
	struct dev_read dr = { x, false };

	da_for_each_call(c, dev_read_visit, &dr);
	return dr.hit || names_any(c, &x->dev_vars);
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
	if (k != CXCursor_BinaryOperator && k != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (k == CXCursor_VarDecl && kids.nr && reads_device(c, x))
		da_kids_push(&x->dev_vars, c);
	else if (k == CXCursor_BinaryOperator && kids.nr == 2 &&
		 local_var(da_strip(kids.v[0]), &d) &&
		 reads_device(kids.v[1], x))
		da_kids_push(&x->dev_vars, d);
	free(kids.v);
	return CXChildVisit_Recurse;
}

static void exit_taken(struct exits *x)
{
	struct bound b = { x->e, true, false };
	size_t i;

	for (i = 0; i < x->guards.nr; i++) {
		if (reads_device(x->guards.v[i], x))
			x->device_exit = true;
		bound_check(x->guards.v[i], &b);
	}
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

bool benefit_loop_driven(CXCursor loop, const struct loop_env *e)
{
	struct exits x;
	struct bound b = { e, true, false };
	struct cursor_kids head;
	CXCursor body;
	size_t i;
	bool driven;

	memset(&x, 0, sizeof(x));
	x.e = e;
	loop_parts(loop, &head, &body);
	for (i = 0; i < head.nr; i++)
		clang_visitChildren(head.v[i], collect_vars, &x.head_vars);
	for (i = 0; i < head.nr && b.constant; i++)
		bound_check(head.v[i], &b);
	if (!clang_Cursor_isNull(body)) {
		clang_visitChildren(body, dev_var_visit, &x);
		exits_walk(body, &x);
	}
	driven = !b.constant || x.device_exit ||
		 (!b.counter && x.data_exit);
	for (i = 0; i < head.nr && !driven; i++)
		driven = reads_device(head.v[i], &x);
	free(head.v);
	free(x.head_vars.v);
	free(x.dev_vars.v);
	free(x.guards.v);
	return driven;
}

bool benefit_is_delay(const char *n)
{
	return !strcmp(n, "udelay") || !strcmp(n, "ndelay") ||
	       !strcmp(n, "mdelay") || !strcmp(n, "__udelay") ||
	       !strcmp(n, "__ndelay") || !strcmp(n, "__const_udelay") ||
	       !strcmp(n, "__delay");
}

long benefit_delay_us(CXCursor call, const char *callee)
{
	CXEvalResult r;
	long long v;

	if (!strcmp(callee, "__const_udelay"))
		return 0;
	if (!strcmp(callee, "__delay") ||
	    clang_Cursor_getNumArguments(call) != 1)
		return -1;
	r = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, 0));
	if (!r || clang_EvalResult_getKind(r) != CXEval_Int) {
		if (r)
			clang_EvalResult_dispose(r);
		return -1;
	}
	v = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	if (v < 0)
		return -1;
	if (strstr(callee, "ndelay"))
		return (v + 999) / 1000;
	if (!strcmp(callee, "mdelay"))
		return v * 1000;
	return v;
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
