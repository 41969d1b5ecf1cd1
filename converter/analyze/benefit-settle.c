// SPDX-License-Identifier: GPL-2.0
/*
 * A poll that normally ends at once: it waits on a register that the
 * statement before it writes, a write read back until it lands (rpmh-rsc's
 * write_tcs_reg_sync()), or that the statement after it writes, the
 * acknowledge of the event it waits for, which the interrupt being handled
 * reports already (brcmnand_edu_irq()'s EDU_DONE), or that tests the bits
 * a statement before it wrote (an acknowledge waited for).  Its delays
 * are not time the handler spends.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

struct regs {
	const struct access_preds *ap;
	struct strvec keys;	/* the registers a poll reads */
	const char *want;	/* a register looked for among writes */
	CXCursor loop;		/* the poll, when a write must be read back */
	bool hit;
};

/* @value as an operand of one of @ops (`==`, or `&`) in what is visited. */
struct operand {
	CXCursor value;
	const char *const *ops;
	bool hit;
};

static enum CXChildVisitResult operand_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct operand *o = data;
	struct cursor_kids kids;
	char *op;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	op = benefit_binop(c);
	da_kids(c, &kids);
	if (op && name_in(op, o->ops) && kids.nr == 2)
		o->hit = benefit_same_tokens(kids.v[0], o->value) ||
			 benefit_same_tokens(kids.v[1], o->value);
	free(kids.v);
	free(op);
	return o->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does @loop use @value as an operand of one of @ops? */
static bool loop_uses(CXCursor loop, CXCursor value, const char *const *ops)
{
	struct operand o = { value, ops, false };

	clang_visitChildren(loop, operand_visit, &o);
	return o.hit;
}

/*
 * Does @loop compare something with @value, the value written before it
 * (`if (readl(addr) == data) return;`): it waits to read it back?
 */
static bool compares_with(CXCursor loop, CXCursor value)
{
	static const char *const equality[] = { "==", "!=", NULL };

	return !clang_Cursor_isNull(value) && loop_uses(loop, value, equality);
}

static void read_visit(CXCursor call, void *data)
{
	struct regs *r = data;
	struct device_access a;

	if (!da_resolve(call, r->ap, &a))
		return;
	if (!a.write && a.reg && !strvec_has(&r->keys, a.reg))
		strvec_push(&r->keys, a.reg);
	da_release(&a);
}

static void write_visit(CXCursor call, void *data)
{
	struct regs *r = data;
	struct device_access a;

	if (r->hit || !da_resolve(call, r->ap, &a))
		return;
	r->hit = a.write && a.reg && !strcmp(a.reg, r->want) &&
		 (clang_Cursor_isNull(r->loop) ||
		  compares_with(r->loop, a.value_expr));
	da_release(&a);
}

/* Does @stmt write one of the registers in @r->keys? */
static bool writes_polled(CXCursor stmt, struct regs *r)
{
	size_t i;

	for (i = 0; i < r->keys.nr && !r->hit; i++) {
		r->want = r->keys.v[i];
		da_for_each_call(stmt, write_visit, r);
	}
	return r->hit;
}

struct siblings {
	unsigned int begin;	/* where the loop starts */
	CXCursor prev, next;
	bool found;
};

/*
 * Is @c `if (cond) loop;`, the loop that starts at @begin its one arm?
 * Then the statement after the if is the one after the loop
 * (spi-fsl-spi's `if ((events & SPIE_NF) == 0) while (...) cpu_relax();`).
 */
static bool guards_only(CXCursor c, unsigned int begin)
{
	struct cursor_kids kids;
	CXCursor arm;
	bool hit = false;

	if (clang_getCursorKind(c) != CXCursor_IfStmt)
		return false;
	da_kids(c, &kids);
	if (kids.nr == 2) {
		arm = kids.v[1];
		if (clang_getCursorKind(arm) == CXCursor_CompoundStmt) {
			free(kids.v);
			da_kids(arm, &kids);
			hit = kids.nr == 1 && benefit_start(kids.v[0]) == begin;
		} else {
			hit = benefit_start(arm) == begin;
		}
	}
	free(kids.v);
	return hit;
}

static enum CXChildVisitResult sibling_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct siblings *s = data;
	struct cursor_kids kids;
	size_t i;

	(void)parent;
	if (s->found)
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	for (i = 0; i < kids.nr && !s->found; i++) {
		bool guarded = guards_only(kids.v[i], s->begin);

		if (benefit_start(kids.v[i]) != s->begin && !guarded)
			continue;
		s->found = true;
		/* a write read back comes right before the poll */
		if (i && !guarded)
			s->prev = kids.v[i - 1];
		if (i + 1 < kids.nr)
			s->next = kids.v[i + 1];
	}
	free(kids.v);
	return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

struct earlier {
	unsigned int begin;	/* where the loop starts */
	struct cursor_kids stmts;	/* the block's statements before it */
	bool found;
};

/*
 * The statements before the one that holds the loop, in the innermost
 * block written in the file around it: the poll of a macro
 * (readl_poll_timeout_atomic()) is in the statement that uses its value.
 */
static void earlier_in(CXCursor c, struct earlier *e);

static enum CXChildVisitResult earlier_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct earlier *e = data;

	(void)parent;
	earlier_in(c, e);
	return e->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool holds(CXCursor c, unsigned int at)
{
	return benefit_start(c) <= at && benefit_end(c) > at;
}

static void earlier_in(CXCursor c, struct earlier *e)
{
	struct cursor_kids kids;
	size_t i, k;

	if (e->found || !holds(c, e->begin))
		return;
	/* a macro's own block starts where the macro is written */
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt ||
	    benefit_start(c) == e->begin) {
		clang_visitChildren(c, earlier_visit, e);
		return;
	}
	da_kids(c, &kids);
	for (i = 0; i < kids.nr && !holds(kids.v[i], e->begin); i++)
		;
	if (i < kids.nr)
		earlier_in(kids.v[i], e);
	if (i < kids.nr && !e->found) {
		e->found = true;
		for (k = 0; k < i; k++)
			da_kids_push(&e->stmts, kids.v[k]);
	}
	free(kids.v);
}

struct acked {
	const struct access_preds *ap;
	CXCursor loop;
	bool hit;
};

static void acked_visit(CXCursor call, void *data)
{
	static const char *const bit_test[] = { "&", NULL };
	struct acked *k = data;
	struct device_access a;

	if (k->hit || !da_resolve(call, k->ap, &a))
		return;
	k->hit = a.write && !clang_Cursor_isNull(a.value_expr) &&
		 !benefit_evaluates(a.value_expr) &&
		 loop_uses(k->loop, a.value_expr, bit_test);
	da_release(&a);
}

/*
 * Does a statement before the poll write the device the bits the poll
 * tests (`writel(irq_bits, CLEAR); ... !(status & irq_bits)`)?  It waits
 * for that write to take effect: emac_sgmii_irq_clear()'s "a few cycles
 * for hw to clear the interrupt status".
 */
static bool waits_for_bits_written(CXCursor loop, const struct loop_env *e)
{
	struct earlier er = { benefit_start(loop), { NULL, 0 }, false };
	struct acked k = { e->ap, loop, false };
	size_t i;

	earlier_in(e->fn, &er);
	for (i = 0; i < er.stmts.nr && !k.hit; i++)
		da_for_each_call(er.stmts.v[i], acked_visit, &k);
	free(er.stmts.v);
	return k.hit;
}

/* An interrupt handler (brcmnand_edu_irq(), which two others call too). */
static bool is_handler(CXCursor fn)
{
	CXType r = clang_getCursorResultType(fn);
	char *t = cxstring_take(clang_getTypeSpelling(r));
	bool handler = !strcmp(t, "irqreturn_t");

	free(t);
	return handler;
}

/*
 * Keep of @r->keys the registers the handler reads in its own body (its
 * status: spi-fsl-spi's fsl_spi_irq() reads `reg_base->event`, which
 * fsl_spi_cpu_irq() polls): any left?
 */
static bool handler_reads(const struct loop_env *e, struct regs *r)
{
	struct regs h = { e->ap, STRVEC_INIT, NULL, clang_getNullCursor(),
			  false };
	struct strvec kept = STRVEC_INIT;
	size_t i;

	if (clang_Cursor_isNull(e->handler))
		return false;
	da_for_each_call(e->handler, read_visit, &h);
	for (i = 0; i < r->keys.nr; i++)
		if (strvec_has(&h.keys, r->keys.v[i]))
			strvec_push(&kept, r->keys.v[i]);
	strvec_clear(&h.keys);
	strvec_clear(&r->keys);
	r->keys = kept;
	return kept.nr > 0;
}

bool benefit_poll_settles(CXCursor loop, const struct loop_env *e)
{
	struct siblings s = { benefit_start(loop), clang_getNullCursor(),
			      clang_getNullCursor(), false };
	struct regs r = { e->ap, STRVEC_INIT, NULL, clang_getNullCursor(), false };
	bool settles = false;

	if (benefit_loop_moves(loop, e))
		return false;
	if (waits_for_bits_written(loop, e))
		return true;
	clang_visitChildren(e->fn, sibling_visit, &s);
	if (!s.found)
		return false;
	da_for_each_call(loop, read_visit, &r);
	/* Written before: read back until the value written is there. */
	r.loop = loop;
	settles = !clang_Cursor_isNull(s.prev) && writes_polled(s.prev, &r);
	/*
	 * Written after, in an interrupt handler or on the status register
	 * the handler itself reads: the acknowledge of an event the
	 * interrupt reports.
	 */
	r.loop = clang_getNullCursor();
	settles |= (is_handler(e->fn) || handler_reads(e, &r)) &&
		   !clang_Cursor_isNull(s.next) && writes_polled(s.next, &r);
	strvec_clear(&r.keys);
	return settles;
}
