// SPDX-License-Identifier: GPL-2.0
/*
 * What a call or an expression of the moved code is, for the benefit
 * judgement: a call that reaches a device access or an event report
 * through the file's functions, a busy-wait delay and its length, a
 * local variable, a constant, an operator as written, a loop counter.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

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
		 r->depth < BENEFIT_CALLEE_DEPTH && in_file(def, r->file)) {
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

/*
 * Calls that hand a datum to a subsystem that processes it later, from
 * its own context: an input event, a received frame (the NET_RX softirq),
 * a CAN frame's echo, a remote control's raw pulse (the rc thread), MIDI
 * bytes (rawmidi's readers), comedi samples.  A loop doing this each
 * round is the interrupt's own job; the subsystem defers the rest anyway.
 */
bool benefit_is_event_report(const char *callee, const void *unused)
{
	static const char *const handoffs[] = {
		"serio_interrupt", "input_event", "input_sync", "netif_rx",
		"__netif_rx", "netif_receive_skb", "napi_gro_receive",
		"can_get_echo_skb", "ir_raw_event_store",
		"ir_raw_event_store_with_filter", "ir_raw_event_store_edge",
		"ir_raw_event_store_with_timeout", "snd_rawmidi_receive",
		"comedi_buf_write_samples", NULL,
	};

	(void)unused;
	return name_in(callee, handoffs) ||
	       starts_with(callee, "input_report_") ||
	       starts_with(callee, "input_mt_");
}

/* A local variable of a function (not a parameter, not static). */
bool benefit_local_var(CXCursor ref, CXCursor *decl)
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

bool benefit_evaluates(CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;

	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

bool benefit_is_zero(CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool zero = r && clang_EvalResult_getKind(r) == CXEval_Int &&
		    !clang_EvalResult_getAsLongLong(r);

	if (r)
		clang_EvalResult_dispose(r);
	return zero;
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
char *benefit_op_token(CXCursor op, CXCursor first)
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

	if (!strcmp(callee, "__const_udelay") || !strcmp(callee, "const_udelay"))
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

/*
 * regmap_read(map, reg, &v) and the writes of a regmap: register
 * accesses, though convert's accessors leave them out (clps711x reads its
 * UART flags through the syscon regmap).
 */
bool benefit_is_regmap(const char *callee, const void *unused)
{
	(void)unused;
	return !strcmp(callee, "regmap_read") ||
	       !strcmp(callee, "regmap_write") ||
	       !strcmp(callee, "regmap_update_bits_base");
}

struct counter_check {
	CXCursor decl;
	bool ok;
	long long max;		/* the largest constant it is set to */
};

void benefit_note_value(long long *max, CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	long long v = 0;

	if (!r)
		return;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		v = clang_EvalResult_getAsLongLong(r);
		/* ~0, -1 as a u16: as many rounds as it takes */
		if (v < 0 || (clang_EvalResult_isUnsignedInt(r) &&
			      clang_EvalResult_getAsUnsigned(r) > LLONG_MAX))
			v = LLONG_MAX;
	}
	clang_EvalResult_dispose(r);
	if (v > *max)
		*max = v;
}

static bool refers_to(CXCursor e, CXCursor decl)
{
	CXCursor d;

	return benefit_local_var(da_strip(e), &d) && clang_equalCursors(d, decl);
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
	op = benefit_op_token(c, kids.v[0]);
	if (k == CXCursor_UnaryOperator) {
		cc->ok &= !op || strcmp(op, "&");
	} else if (k == CXCursor_CompoundAssignOperator) {
		cc->ok &= kids.nr == 2 && benefit_evaluates(kids.v[1]);
	} else if (op && !strcmp(op, "=")) {
		cc->ok &= kids.nr == 2 && benefit_evaluates(kids.v[1]);
		if (cc->ok)
			benefit_note_value(&cc->max, kids.v[1]);
	}
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
static bool var_init_constant(CXCursor decl, long long *max)
{
	struct cursor_kids kids;
	bool ok = true;
	CXCursor last;

	da_kids(decl, &kids);
	if (kids.nr) {
		last = kids.v[kids.nr - 1];
		ok = clang_getCursorKind(last) == CXCursor_TypeRef ||
		     benefit_evaluates(last);
		if (ok && clang_getCursorKind(last) != CXCursor_TypeRef)
			benefit_note_value(max, last);
	}
	free(kids.v);
	return ok;
}

/*
 * A counter: a local of @fn that starts from a constant and is only ever
 * set to constants or stepped by constants (i = 0, i++, timeout--); @max
 * takes the largest constant it is set to.
 */
bool benefit_counter(CXCursor decl, CXCursor fn, long long *max)
{
	struct counter_check cc = { decl, true, 0 };

	if (!var_init_constant(decl, &cc.max))
		return false;
	clang_visitChildren(fn, counter_visit, &cc);
	if (cc.ok && cc.max > *max)
		*max = cc.max;
	return cc.ok;
}
