// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a loop only waits (docs/convert.md, "Which loops and delays
 * count"): a poll's round reads the device into locals, tests it, steps a
 * time-out and spins (udelay(), cpu_relax()); it writes nothing to the
 * device, stores nothing but locals and hands nothing on.  A round that
 * does (a FIFO's datum stored to a buffer, an event handled, an
 * acknowledge written) moves data, and a delay in it is a settle time
 * between two accesses, not a poll.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/kapi-raise.h"
#include "tu.h"

struct moves {
	const struct loop_env *e;
	int depth;
	bool hit;
};

/* What a wait calls besides reads and delays: time, spinning, messages. */
static bool waits(const char *callee)
{
	static const char *const prefixes[] = {
		"cpu_relax", "barrier", "ktime_", "jiffies", "time_",
		"msecs_to_jiffies", "usecs_to_jiffies", "dev_", "_dev_",
		"__dynamic_", "printk", "_printk", "pr_", "__builtin",
		"__warn", "__WARN", "warn_", "might_", "__might_", "__bad_udelay",
		"__bad_ndelay", NULL
	};
	size_t i;

	if (benefit_is_delay(callee) || !strcmp(callee, "regmap_read"))
		return true;
	for (i = 0; prefixes[i]; i++)
		if (starts_with(callee, prefixes[i]))
			return true;
	return false;
}

/*
 * `*buf++ = v`, `x->rx[i] = v`: a store to anything but a local; or a
 * read of the device as a statement of its own, whose value is dropped
 * (`readl(base + RX_FIFO);`): it pops a FIFO.
 */
static enum CXChildVisitResult store_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	CXCursor lhs;
	char *op;
	bool write;

	if (k == CXCursor_CallExpr &&
	    (clang_getCursorKind(parent) == CXCursor_CompoundStmt ||
	     da_is_loop(parent))) {
		op = da_callee(c);
		*(bool *)data = da_is_accessor(op, &write);
		free(op);
		return *(bool *)data ? CXChildVisit_Break : CXChildVisit_Recurse;
	}
	if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	lhs = kids.nr == 2 ? da_strip(kids.v[0]) : clang_getNullCursor();
	op = kids.nr == 2 && k == CXCursor_BinaryOperator ? benefit_binop(c) :
							    NULL;
	if (!clang_Cursor_isNull(lhs) &&
	    (k == CXCursor_CompoundAssignOperator || (op && !strcmp(op, "="))) &&
	    clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
		*(bool *)data = true;
	free(op);
	free(kids.v);
	return *(bool *)data ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void moves_visit(CXCursor call, void *data);

/* A function of the file the round calls: what it stores and calls. */
static void moves_callee(CXCursor def, struct moves *m)
{
	if (m->depth >= BENEFIT_CALLEE_DEPTH)
		return;
	clang_visitChildren(def, store_visit, &m->hit);
	m->depth++;
	da_for_each_call(def, moves_visit, m);
	m->depth--;
}

static void moves_visit(CXCursor call, void *data)
{
	struct moves *m = data;
	char *callee = da_callee(call);
	char *member;
	CXCursor def = da_callee_def(call);
	const struct access_preds *ap = m->e->ap;
	bool w;

	if (m->hit) {
		free(callee);
		return;
	}
	if (da_is_access(ap, callee))
		m->hit = ap->is_write(callee, ap->data) ||
			 (da_is_accessor(callee, &w) && w);
	else if (!clang_Cursor_isNull(def) && benefit_in_file(def, m->e->file))
		moves_callee(def, m);
	else if (!*callee && (member = kapi_member_delay(call)))
		free(member);
	else
		m->hit = !waits(callee);
	free(callee);
}

/* Is @decl stepped in @loop (`buf++`, `p += 4`)? */
static enum CXChildVisitResult step_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	CXCursor *decl = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	bool hit = false;

	(void)parent;
	if (k != CXCursor_UnaryOperator && k != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	hit = kids.nr && clang_getCursorKind(da_strip(kids.v[0])) ==
			 CXCursor_DeclRefExpr &&
	      clang_equalCursors(clang_getCursorReferenced(da_strip(kids.v[0])),
				 *decl);
	if (hit && k == CXCursor_UnaryOperator) {
		char *op = benefit_op_token(c, kids.v[0]);

		hit = op && (!strcmp(op, "++") || !strcmp(op, "--"));
		free(op);
	}
	free(kids.v);
	return hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * A store to memory: not to a local, nor through a pointer the loop does
 * not step (`*status = readl(...)`: an out-parameter); a buffer the loop
 * walks (`*buf++ = v`, `rx[i] = v`) or a field is.
 */
static bool stores_memory(CXCursor lhs, CXCursor loop)
{
	struct cursor_kids kids;
	CXCursor p = clang_getNullCursor(), decl;
	enum CXCursorKind k;

	lhs = da_strip(lhs);
	k = clang_getCursorKind(lhs);
	if (k == CXCursor_DeclRefExpr)
		return false;
	if (k != CXCursor_UnaryOperator)
		return true;
	da_kids(lhs, &kids);
	if (kids.nr == 1)
		p = da_strip(kids.v[0]);
	free(kids.v);
	if (clang_getCursorKind(p) != CXCursor_DeclRefExpr)
		return true;
	decl = clang_getCursorReferenced(p);
	return clang_visitChildren(loop, step_visit, &decl);
}

/*
 * put_unaligned() and its kin store a datum through a packed structure
 * in their own body, whose operator cannot be read from the file.
 */
static bool stores_unaligned(CXCursor op)
{
	char *w = cursor_written_name(op);
	bool hit = starts_with(w, "put_unaligned");

	free(w);
	return hit;
}

struct round {
	CXCursor loop;
	struct moves m;
};

/* A branch that leaves the loop: what it does runs once, not a round. */
static bool leaves(CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct cursor_kids kids;
	bool hit = false;

	if (k == CXCursor_BreakStmt || k == CXCursor_ReturnStmt ||
	    k == CXCursor_GotoStmt)
		return true;
	if (k != CXCursor_CompoundStmt)
		return false;
	da_kids(s, &kids);
	hit = kids.nr && leaves(kids.v[kids.nr - 1]);
	free(kids.v);
	return hit;
}

static enum CXChildVisitResult continue_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	(void)parent;
	(void)data;
	if (clang_getCursorKind(c) == CXCursor_ContinueStmt)
		return CXChildVisit_Break;
	return da_is_loop(c) ? CXChildVisit_Continue : CXChildVisit_Recurse;
}

static bool has_continue(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_ContinueStmt ||
	       clang_visitChildren(c, continue_visit, NULL);
}

static void round_walk(CXCursor c, CXCursor parent, struct round *r);

static enum CXChildVisitResult round_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct round *r = data;

	round_walk(c, parent, r);
	return r->m.hit ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * The statements of a block a round runs: when the block ends by leaving
 * the loop, those after its last `continue` run on the way out only
 * (moxart's acknowledge once the status is there).
 */
static void round_block(CXCursor c, struct round *r)
{
	struct cursor_kids kids;
	size_t i, n;

	da_kids(c, &kids);
	n = kids.nr;
	if (n && leaves(kids.v[n - 1]))
		for (i = n; i-- > 0;)
			if (has_continue(kids.v[i])) {
				n = i + 1;
				break;
			}
	for (i = 0; i < n && !r->m.hit; i++)
		round_walk(kids.v[i], c, r);
	free(kids.v);
}

static void round_walk(CXCursor c, CXCursor parent, struct round *r)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	char *op;
	size_t i;
	bool write;

	if (k == CXCursor_IfStmt) {
		da_kids(c, &kids);
		for (i = 0; i < kids.nr && !r->m.hit; i++)
			if (!i || !leaves(kids.v[i]))
				round_walk(kids.v[i], c, r);
		free(kids.v);
		return;
	}
	if (k == CXCursor_CompoundStmt) {
		round_block(c, r);
		return;
	}
	/* `readl(base + RX_FIFO);`, its value dropped, pops a FIFO */
	if (k == CXCursor_CallExpr &&
	    (clang_getCursorKind(parent) == CXCursor_CompoundStmt ||
	     da_is_loop(parent))) {
		op = da_callee(c);
		r->m.hit = da_is_accessor(op, &write);
		free(op);
	}
	if (k == CXCursor_CallExpr)
		moves_visit(c, &r->m);
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		da_kids(c, &kids);
		op = k == CXCursor_BinaryOperator && kids.nr == 2 ?
		     benefit_binop(c) : NULL;
		r->m.hit |= kids.nr == 2 &&
			    (k == CXCursor_CompoundAssignOperator ||
			     (op && !strcmp(op, "="))) &&
			    stores_memory(kids.v[0], r->loop);
		r->m.hit |= !op && stores_unaligned(c);
		free(op);
		free(kids.v);
	}
	if (!r->m.hit)
		clang_visitChildren(c, round_visit, r);
}

bool benefit_loop_moves(CXCursor loop, const struct loop_env *e)
{
	struct round r = { loop, { e, e->depth, false } };

	clang_visitChildren(loop, round_visit, &r);
	return r.m.hit;
}

struct timeout {
	unsigned int at;	/* the expansion's offset */
	long long us;
	bool found;
};

static enum CXChildVisitResult timeout_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct timeout *t = data;
	struct cursor_kids kids;
	unsigned int off;
	CXEvalResult r;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &off);
	name = cxstring_take(clang_getCursorSpelling(c));
	if (off == t->at && !strcmp(name, "__timeout_us")) {
		da_kids(c, &kids);
		r = kids.nr ? clang_Cursor_Evaluate(kids.v[kids.nr - 1]) : NULL;
		if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
			t->us = clang_EvalResult_getAsLongLong(r);
			t->found = true;
		}
		if (r)
			clang_EvalResult_dispose(r);
		free(kids.v);
	}
	free(name);
	return t->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * read_poll_timeout() and its _atomic() form keep their time-out in a
 * local of the expansion, `u64 __timeout_us = (timeout_us);`: a constant
 * there is the longest the poll at @loop, in @fn, spins; zero spins until
 * the condition holds, with no time-out (-1 here).
 */
long long benefit_poll_timeout_us(CXCursor loop, CXCursor fn)
{
	struct timeout t = { 0, 0, false };

	clang_getExpansionLocation(clang_getCursorLocation(loop), NULL, NULL,
				   NULL, &t.at);
	clang_visitChildren(fn, timeout_visit, &t);
	if (!t.found || t.us < 0)
		return 0;
	return t.us ? t.us : -1;
}
