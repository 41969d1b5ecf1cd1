// SPDX-License-Identifier: GPL-2.0
/*
 * What a local, a parameter or a field holds where a loop starts, for
 * analyze/benefit-fifo-value.c: the stores to it before the loop, in
 * the order the function runs them, each branch of an if joined with the
 * other (`if (len > 32) len = 32;` is a min()), a parameter by what every
 * call of its function in the file passes, a field by every value the
 * file stores in it.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* The if condition a branch runs under, negated in its else branch. */
struct guard {
	CXCursor cmp;
	bool negated;
};

struct flow {
	const struct fifo_at *at;
	CXCursor decl;
	bool bounded;
};

static bool refers(CXCursor e, CXCursor decl)
{
	e = da_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), decl);
}

static bool named_fifo(CXCursor decl)
{
	char *name = da_spelling(decl);
	bool hit = benefit_names_fifo(name);

	free(name);
	return hit;
}

/*
 * The value @rhs stored in the variable where @stmt is; a read of the
 * device is a FIFO's level when the variable is named for one.
 */
static bool value_at(CXCursor rhs, CXCursor stmt, const struct flow *f)
{
	struct fifo_at at = *f->at;

	at.fifo_named = named_fifo(f->decl);

	at.loop = clang_getNullCursor();
	at.at = benefit_start(stmt);
	at.end = benefit_end(stmt);
	return at.value(rhs, &at);
}

/*
 * `x = v` under `if (x > v)` (or in the else of `if (v > x)`): the
 * smaller of the two, bounded when either is.
 */
static bool assigned(CXCursor stmt, CXCursor rhs, const struct guard *g,
		     const struct flow *f)
{
	CXCursor big, small, t;

	if (value_at(rhs, stmt, f))
		return true;
	if (!g || !benefit_relation(g->cmp, &big, &small))
		return false;
	if (g->negated) {
		t = big;
		big = small;
		small = t;
	}
	if (!refers(small, f->decl) && benefit_same_tokens(small, rhs))
		return refers(big, f->decl) ? f->bounded :
					      value_at(big, stmt, f);
	return false;
}

static void flow_walk(CXCursor s, struct flow *f, const struct guard *g);

struct flow_kids {
	struct flow *f;
	const struct guard *g;
};

static enum CXChildVisitResult flow_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct flow_kids *fk = data;

	(void)parent;
	flow_walk(c, fk->f, fk->g);
	return CXChildVisit_Continue;
}

static void flow_kids(CXCursor s, struct flow *f, const struct guard *g)
{
	struct flow_kids fk = { f, g };

	clang_visitChildren(s, flow_visit, &fk);
}

/* `-=`, `>>=`: a compound assignment that keeps a value below itself. */
static bool lowers(const char *op)
{
	return !strcmp(op, "-=") || !strcmp(op, ">>=") || !strcmp(op, "/=") ||
	       !strcmp(op, "%=");
}

/* A store to the variable: `=`, a compound assignment, its address. */
static void flow_store(CXCursor s, struct flow *f, const struct guard *g)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct cursor_kids kids;
	char *op = NULL;

	da_kids(s, &kids);
	if (k == CXCursor_VarDecl) {
		f->bounded = kids.nr && clang_getCursorKind(kids.v[kids.nr - 1]) !=
			     CXCursor_TypeRef && value_at(kids.v[kids.nr - 1], s, f);
	} else if (kids.nr == 2 && refers(kids.v[0], f->decl)) {
		op = benefit_binop(s);
		if (k == CXCursor_BinaryOperator) {
			if (op && !strcmp(op, "="))
				f->bounded = assigned(s, kids.v[1], g, f);
		} else if (op && !strcmp(op, "&=")) {
			f->bounded = f->bounded || value_at(kids.v[1], s, f);
		} else if (!op || !lowers(op)) {
			f->bounded = f->bounded && value_at(kids.v[1], s, f);
		}
	}
	free(op);
	free(kids.v);
}

/* `regmap_read(map, reg, &v)` reads v from the device; others write it. */
static void flow_call(CXCursor call, struct flow *f)
{
	int i, n = clang_Cursor_getNumArguments(call);
	const struct loop_env *e = f->at->e;
	struct cursor_kids kids;
	CXCursor arg;

	for (i = 0; i < n; i++) {
		arg = da_strip(clang_Cursor_getArgument(call, i));
		if (clang_getCursorKind(arg) != CXCursor_UnaryOperator)
			continue;
		da_kids(arg, &kids);
		if (kids.nr == 1 && refers(kids.v[0], f->decl))
			f->bounded = (benefit_reaches(call, e->file, e->depth,
						      benefit_is_regmap, NULL) ||
				      benefit_reaches(call, e->file, e->depth,
						      benefit_is_access, e->ap)) &&
				     benefit_fifo_read(call, named_fifo(f->decl));
		free(kids.v);
	}
}

/*
 * Does the branch's condition bound the variable (`if (len > 32)`, in its
 * else branch: len is at most 32)?
 */
static bool implies(const struct guard *g, CXCursor stmt, const struct flow *f)
{
	CXCursor big, small, t;

	if (!benefit_relation(g->cmp, &big, &small))
		return false;
	if (g->negated) {
		t = big;
		big = small;
		small = t;
	}
	return refers(small, f->decl) && !refers(big, f->decl) &&
	       value_at(big, stmt, f);
}

/* One branch of an if, none when @branch is null: what it leaves. */
static bool flow_branch(CXCursor s, CXCursor branch, struct guard *g,
			bool before, struct flow *f)
{
	f->bounded = before || implies(g, s, f);
	if (!clang_Cursor_isNull(branch))
		flow_walk(branch, f, g);
	return f->bounded;
}

/*
 * The branches of an if: the one the loop is in, or, before the loop,
 * either, joined.
 */
static void flow_if(CXCursor s, struct flow *f, bool contains)
{
	CXCursor branch[2] = { clang_getNullCursor(), clang_getNullCursor() };
	struct cursor_kids kids;
	bool before, then;
	struct guard g;
	size_t i;

	da_kids(s, &kids);
	if (kids.nr < 2) {
		free(kids.v);
		return;
	}
	g.cmp = kids.v[0];
	for (i = 1; i < kids.nr && i < 3; i++)
		branch[i - 1] = kids.v[i];
	free(kids.v);
	flow_walk(g.cmp, f, NULL);
	before = f->bounded;
	for (i = 0; contains && i < 2; i++) {
		g.negated = i;
		if (!clang_Cursor_isNull(branch[i]) &&
		    benefit_start(branch[i]) <= f->at->at &&
		    benefit_end(branch[i]) >= f->at->end)
			flow_branch(s, branch[i], &g, before, f);
	}
	if (contains)
		return;
	g.negated = false;
	then = flow_branch(s, branch[0], &g, before, f);
	g.negated = true;
	f->bounded = flow_branch(s, branch[1], &g, before, f) && then;
}

static void flow_walk(CXCursor s, struct flow *f, const struct guard *g)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	unsigned int start = benefit_start(s), end = benefit_end(s);
	bool contains = start <= f->at->at && end >= f->at->end;
	bool before;

	if (start >= f->at->at && !contains)
		return;
	if (k == CXCursor_IfStmt) {
		flow_if(s, f, contains);
		return;
	}
	if (!contains && (da_is_loop(s) || k == CXCursor_SwitchStmt)) {
		before = f->bounded;
		flow_kids(s, f, NULL);
		f->bounded = f->bounded && before;
		return;
	}
	if (k == CXCursor_CallExpr)
		flow_call(s, f);
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
	    (k == CXCursor_VarDecl && clang_equalCursors(s, f->decl))) {
		flow_kids(s, f, g);
		/* `count = min(count, len)` reads count before it stores */
		if (!contains)
			flow_store(s, f, g);
		return;
	}
	flow_kids(s, f, g);
}

/* The argument every call of @fn in the file passes for its @idx-th. */
struct callers {
	const struct fifo_at *at;
	CXCursor fn, caller;
	int idx, calls;
	bool bounded;
};

static void caller_visit(CXCursor call, void *data)
{
	struct callers *c = data;
	CXCursor def = da_callee_def(call);
	struct fifo_at at = *c->at;

	if (clang_Cursor_isNull(def) || !clang_equalCursors(def, c->fn) ||
	    clang_Cursor_getNumArguments(call) <= c->idx)
		return;
	c->calls++;
	at.fn = c->caller;
	at.loop = clang_getNullCursor();
	at.at = benefit_start(call);
	at.end = benefit_end(call);
	c->bounded = c->bounded &&
		     at.value(clang_Cursor_getArgument(call, c->idx), &at);
}

static bool param_value(CXCursor parm, const struct fifo_at *at)
{
	struct callers c = { at, clang_getCursorSemanticParent(parm),
			     clang_getNullCursor(), -1, 0, true };
	struct cursor_kids fns;
	int i, n;
	size_t j;

	n = clang_Cursor_getNumArguments(c.fn);
	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(c.fn, i), parm))
			c.idx = i;
	if (c.idx < 0)
		return false;
	da_file_functions(at->fn, &fns);
	for (j = 0; j < fns.nr && c.bounded; j++) {
		c.caller = fns.v[j];
		da_for_each_call(fns.v[j], caller_visit, &c);
	}
	free(fns.v);
	return c.calls && c.bounded;
}

/* A store in the loop itself: its for's initialisation sets the value. */
static void loop_stores(CXCursor loop, struct flow *f)
{
	struct cursor_kids kids;
	struct flow in = *f;
	struct fifo_at at = *f->at;

	da_kids(loop, &kids);
	at.at = ~0u;
	at.end = ~0u;
	in.at = &at;
	if (clang_getCursorKind(loop) == CXCursor_ForStmt && kids.nr > 1 &&
	    benefit_for_step_or_init(loop, kids.v[0])) {
		in.bounded = f->bounded;
		flow_walk(kids.v[0], &in, NULL);
		f->bounded = in.bounded;
	}
	free(kids.v);
}

bool benefit_var_value(CXCursor decl, const struct fifo_at *at)
{
	struct flow f = { at, decl, false };
	enum CXCursorKind k = clang_getCursorKind(decl);
	CXCursor parent = clang_getCursorSemanticParent(decl);

	if (clang_getCursorKind(parent) != CXCursor_FunctionDecl ||
	    (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) ||
	    clang_Cursor_getStorageClass(decl) == CX_SC_Static)
		return false;
	if (k == CXCursor_ParmDecl)
		f.bounded = param_value(decl, at);
	flow_walk(at->fn, &f, NULL);
	if (!clang_Cursor_isNull(at->loop))
		loop_stores(at->loop, &f);
	return f.bounded;
}

struct field_stores {
	const struct fifo_at *at;
	CXCursor field, fn;
	unsigned int stores;
	bool bounded;
	bool fifo_named;	/* the field is named for a FIFO */
};

static bool is_field(CXCursor e, CXCursor field)
{
	e = da_strip(e);
	return clang_getCursorKind(e) == CXCursor_MemberRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), field);
}

/* What @op, an operator on the field, does to it: lowers it, or not. */
static bool lowers_or_reads(enum CXCursorKind k, const char *op)
{
	static const char *const lower[] = { "-=", ">>=", "/=", "&=", "%=",
					     NULL };

	if (!op)
		return true;
	if (k == CXCursor_CompoundAssignOperator)
		return name_in(op, lower);
	if (k == CXCursor_UnaryOperator)
		return strcmp(op, "++") && strcmp(op, "&");
	return true;
}

static enum CXChildVisitResult store_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct field_stores *fs = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	struct fifo_at at = *fs->at;
	char *op;

	(void)parent;
	if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator &&
	    k != CXCursor_UnaryOperator)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (kids.nr && is_field(kids.v[0], fs->field)) {
		op = k == CXCursor_UnaryOperator ?
		     benefit_op_token(c, kids.v[0]) : benefit_binop(c);
		at.fn = fs->fn;
		at.loop = clang_getNullCursor();
		at.fifo_named = fs->fifo_named;
		at.at = benefit_start(c);
		at.end = benefit_end(c);
		if (k == CXCursor_BinaryOperator && op && !strcmp(op, "=") &&
		    kids.nr == 2) {
			fs->stores++;
			fs->bounded = at.value(kids.v[1], &at);
		} else {
			fs->bounded = lowers_or_reads(k, op);
		}
		free(op);
	}
	free(kids.v);
	return fs->bounded ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/*
 * A field: a configuration count, one of the driver's const match data
 * (`i2c->variant->fifo_depth`), or one the file only ever sets to such
 * values or lowers (`spicc->rx_remain = burst_len`, `rx_remain--`).
 */
bool benefit_field_value(CXCursor member, const struct fifo_at *at)
{
	struct field_stores fs = { at, clang_getCursorReferenced(member),
				   clang_getNullCursor(), 0, true, false };
	struct cursor_kids kids, fns;
	CXType t;
	size_t i;
	bool ro = false;

	if (clang_getCursorKind(fs.field) != CXCursor_FieldDecl)
		return false;
	fs.fifo_named = named_fifo(fs.field);
	da_kids(member, &kids);
	if (kids.nr) {
		t = clang_getCanonicalType(clang_getCursorType(kids.v[0]));
		if (t.kind == CXType_Pointer)
			t = clang_getPointeeType(t);
		ro = clang_isConstQualifiedType(t);
	}
	free(kids.v);
	if (ro || benefit_config_field(member, at->e))
		return true;
	da_file_functions(at->fn, &fns);
	for (i = 0; i < fns.nr && fs.bounded; i++) {
		fs.fn = fns.v[i];
		clang_visitChildren(fns.v[i], store_visit, &fs);
	}
	free(fns.v);
	return fs.stores && fs.bounded;
}

struct reads_into {
	const struct fifo_at *at;
	CXCursor decl;
	bool hit;
};

static enum CXChildVisitResult into_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct reads_into *r = data;
	const struct loop_env *e = r->at->e;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	CXCursor v = clang_getNullCursor();
	char *op = NULL;

	(void)parent;
	if (k != CXCursor_BinaryOperator && k != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (k == CXCursor_VarDecl && kids.nr &&
	    clang_equalCursors(c, r->decl)) {
		v = kids.v[kids.nr - 1];
	} else if (k == CXCursor_BinaryOperator && kids.nr == 2 &&
		   refers(kids.v[0], r->decl)) {
		op = benefit_binop(c);
		if (op && !strcmp(op, "="))
			v = kids.v[1];
	}
	if (!clang_Cursor_isNull(v))
		r->hit = benefit_reaches(v, e->file, e->depth,
					 benefit_is_access, e->ap);
	free(op);
	free(kids.v);
	return r->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Is the local @decl set from a device read in @at->loop, each round? */
bool benefit_reads_into(CXCursor decl, const struct fifo_at *at)
{
	struct reads_into r = { at, decl, false };

	clang_visitChildren(at->loop, into_visit, &r);
	return r.hit;
}
