// SPDX-License-Identifier: GPL-2.0
/*
 * Loop bounds set by the hardware rather than by the load
 * (docs/convert.md, "Which loops and delays count"): a bit search sized
 * by a constant or a configuration count (benefit-config.c), the bits
 * of a status word already read, walked and cleared one by one, and the
 * register accesses a loop makes each round, which tell a FIFO drain or
 * an event loop from a poll.  A loop bounded so runs at most as many
 * rounds as the device has channels or FIFO entries or the word has bits,
 * whatever the work: a few register accesses each, like the rest of the
 * handler.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* find_next_bit(), find_next_zero_bit(), __ffs() and what they expand to. */
static bool bit_search(const char *callee)
{
	static const char *const names[] = {
		"find_next_bit", "find_first_bit", "find_last_bit",
		"_find_next_bit", "_find_first_bit", "_find_last_bit",
		/* for_each_clear_bit(): the bits clear in the word */
		"find_next_zero_bit", "find_first_zero_bit",
		"_find_next_zero_bit", "_find_first_zero_bit", "ffz",
		/* 32-bit arm's, in assembly */
		"_find_next_bit_le", "_find_first_bit_le", "_find_next_zero_bit_le",
		"_find_first_zero_bit_le", "_find_next_bit_be", "_find_first_bit_be",
		"_find_next_zero_bit_be", "_find_first_zero_bit_be",
		"variable_ffz",
		"__ffs", "variable__ffs", "ffs", "variable_ffs", "__fls",
		"variable__fls", "fls", "fls64", "__ffs64",
		"__builtin_ctz", "__builtin_ctzl", "__builtin_ctzll",
		"__builtin_ffs", "__builtin_ffsl", "__builtin_clz",
		"__builtin_clzl", NULL
	};

	return name_in(callee, names);
}

/*
 * A local scalar, or its address: a status word already read; or a field
 * only probing sets, a mask of the channels the device has.
 */
static bool word_arg(CXCursor arg, const struct loop_env *e)
{
	CXCursor d;
	enum CXTypeKind t;

	arg = da_strip(arg);
	if (clang_getCursorKind(arg) == CXCursor_UnaryOperator) {
		struct cursor_kids kids;

		da_kids(arg, &kids);
		if (kids.nr == 1)
			arg = da_strip(kids.v[0]);
		free(kids.v);
	}
	if (clang_getCursorKind(arg) == CXCursor_MemberRefExpr)
		return benefit_config_field(arg, e);
	d = clang_getCursorReferenced(arg);
	if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(d) != CXCursor_VarDecl ||
	    clang_getCursorKind(clang_getCursorSemanticParent(d)) !=
	    CXCursor_FunctionDecl)
		return false;
	t = clang_getCanonicalType(clang_getCursorType(d)).kind;
	return t >= CXType_Bool && t <= CXType_Int128;
}

/*
 * find_next_bit(addr, size, offset) and its kin find no bit past `size`:
 * a constant or a configuration count (ste_dma40's `BITS_PER_LONG *
 * il_size`, il_size set from ARRAY_SIZE() while probing) bounds the
 * search whatever the words are.
 */
static bool size_arg(CXCursor call, const char *callee,
		     const struct loop_env *e)
{
	struct fifo_at at = { e, e->fn, clang_getNullCursor(),
			      benefit_start(call), benefit_end(call), 0, false,
			      benefit_fifo_value };

	if (!starts_with(callee, "find_") && !starts_with(callee, "_find_"))
		return false;
	return clang_Cursor_getNumArguments(call) >= 2 &&
	       benefit_fifo_value(clang_Cursor_getArgument(call, 1), &at);
}

bool benefit_bit_search(CXCursor call, const struct loop_env *e)
{
	char *callee;
	bool hit;

	if (clang_getCursorKind(call) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(call) < 1)
		return false;
	callee = da_callee(call);
	hit = bit_search(callee) &&
	      word_arg(clang_Cursor_getArgument(call, 0), e);
	hit = hit || (bit_search(callee) && size_arg(call, callee, e));
	free(callee);
	return hit;
}

struct word_use {
	CXCursor decl;
	bool shrunk;		/* `status &= ~BIT(bit)`, `status >>= 1` */
	bool other;		/* set any other way */
};

static bool refers_to(CXCursor e, CXCursor decl)
{
	e = da_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), decl);
}

static void word_write(CXCursor c, struct word_use *u)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	char *op;

	da_kids(c, &kids);
	if (!kids.nr || !refers_to(kids.v[0], u->decl)) {
		free(kids.v);
		return;
	}
	op = benefit_op_token(c, kids.v[0]);
	if (k == CXCursor_CompoundAssignOperator)
		*(op && (!strcmp(op, "&=") || !strcmp(op, ">>=") ||
			 !strcmp(op, "^=")) ? &u->shrunk : &u->other) = true;
	else if (k == CXCursor_UnaryOperator)
		u->other |= !op || !strcmp(op, "++") || !strcmp(op, "--");
	else
		u->other |= !op || !strcmp(op, "=");
	free(op);
	free(kids.v);
}

static enum CXChildVisitResult word_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_BinaryOperator || k == CXCursor_UnaryOperator ||
	    k == CXCursor_CompoundAssignOperator)
		word_write(c, data);
	return CXChildVisit_Recurse;
}

bool benefit_status_word(CXCursor decl, CXCursor loop)
{
	struct word_use u = { decl, false, false };
	enum CXTypeKind t;

	t = clang_getCanonicalType(clang_getCursorType(decl)).kind;
	if (t < CXType_Bool || t > CXType_Int128)
		return false;
	clang_visitChildren(loop, word_visit, &u);
	return u.shrunk && !u.other;
}

struct accesses {
	const struct loop_env *e;
	int depth;
	unsigned int n;
};

static void access_visit(CXCursor call, void *data)
{
	struct accesses *a = data;
	char *callee = da_callee(call);
	CXCursor def = da_callee_def(call);

	if (da_is_access(a->e->ap, callee) ||
	    benefit_is_regmap(callee, NULL)) {
		a->n++;
	} else if (!clang_Cursor_isNull(def) && a->depth < BENEFIT_CALLEE_DEPTH &&
		   benefit_in_file(def, a->e->file)) {
		a->depth++;
		da_for_each_call(def, access_visit, a);
		a->depth--;
	}
	free(callee);
}

unsigned int benefit_round_accesses(CXCursor loop, const struct loop_env *e)
{
	struct accesses a = { e, e->depth, 0 };

	da_for_each_call(loop, access_visit, &a);
	return a.n;
}

struct array_use {
	const struct cursor_kids *counters;
	bool hit;
};

static bool is_counter(CXCursor e, const struct cursor_kids *counters)
{
	CXCursor decl;
	size_t i;

	e = da_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	decl = clang_getCursorReferenced(e);
	for (i = 0; i < counters->nr; i++)
		if (clang_equalCursors(decl, counters->v[i]))
			return true;
	return false;
}

/* `isr[i]`: an array of at most BENEFIT_FIFO_DEPTH, indexed by a counter. */
static enum CXChildVisitResult array_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct array_use *u = data;
	struct cursor_kids kids;
	CXCursor base;
	CXType t;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (kids.nr == 2) {
		base = da_strip(kids.v[0]);
		t = clang_getCursorType(base);
		u->hit = (clang_getCursorKind(base) == CXCursor_DeclRefExpr ||
			  clang_getCursorKind(base) == CXCursor_MemberRefExpr) &&
			 t.kind == CXType_ConstantArray &&
			 clang_getArraySize(t) <= BENEFIT_FIFO_DEPTH &&
			 is_counter(kids.v[1], u->counters);
	}
	free(kids.v);
	return u->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool benefit_small_array(CXCursor loop, const struct cursor_kids *counters)
{
	struct array_use u = { counters, false };

	if (counters->nr)
		clang_visitChildren(loop, array_visit, &u);
	return u.hit;
}

struct found_use {
	CXCursor decl;
	const struct loop_env *e;
	int found;		/* stores of a bit search's result */
	int fixed;		/* stores of a constant or a configuration count */
	bool other;		/* set any other way */
};

/* What `decl = value` (or its initializer) stores. */
static void found_store(CXCursor value, struct found_use *u)
{
	value = da_strip(value);
	if (benefit_bit_search(value, u->e))
		u->found++;
	else if (benefit_evaluates(value) ||
		 (clang_getCursorKind(value) == CXCursor_MemberRefExpr &&
		  benefit_config_field(value, u->e)))
		u->fixed++;
	else
		u->other = true;
}

static enum CXChildVisitResult found_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct found_use *u = data;
	struct cursor_kids kids;
	char *op = NULL;

	(void)parent;
	if (k == CXCursor_VarDecl && clang_equalCursors(c, u->decl)) {
		da_kids(c, &kids);
		if (kids.nr)
			found_store(kids.v[kids.nr - 1], u);
		free(kids.v);
		return CXChildVisit_Continue;
	}
	if (k != CXCursor_BinaryOperator && k != CXCursor_UnaryOperator &&
	    k != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (kids.nr && refers_to(kids.v[0], u->decl)) {
		op = benefit_op_token(c, kids.v[0]);
		if (k == CXCursor_BinaryOperator && op && !strcmp(op, "=") &&
		    kids.nr == 2)
			found_store(kids.v[1], u);
		/* `chan + 1` in a macro's arguments reads no operator: no store */
		else if (k != CXCursor_BinaryOperator)
			u->other |= !op || !strcmp(op, "++") || !strcmp(op, "--") ||
				    k == CXCursor_CompoundAssignOperator;
	}
	free(op);
	free(kids.v);
	return CXChildVisit_Recurse;
}

/*
 * A local of the handler whose every store is the result of a bounded
 * bit search (`chan = find_next_bit(regs, BITS_PER_LONG * il_size, chan +
 * 1)`), a constant (`chan = -1`) or a configuration count (`il_size =
 * base->gen_dmac.il_size`): a loop that ends on it runs at most as many
 * rounds as the search has bits, or the device has rows.
 */
bool benefit_found_bit(CXCursor decl, const struct loop_env *e)
{
	struct found_use u = { decl, e, 0, 0, false };

	clang_visitChildren(e->fn, found_visit, &u);
	return !u.other && (u.found || u.fixed);
}
