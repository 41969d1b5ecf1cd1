// SPDX-License-Identifier: GPL-2.0
/*
 * A poll that normally ends at once: it waits on a register that the
 * statement before it writes, a write read back until it lands (rpmh-rsc's
 * write_tcs_reg_sync()), or that the statement after it writes, the
 * acknowledge of the event it waits for, which the interrupt being handled
 * reports already (brcmnand_edu_irq()'s EDU_DONE).  Its delays are not
 * time the handler spends.
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

struct compare {
	CXCursor value;
	bool hit;
};

static enum CXChildVisitResult compare_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct compare *cmp = data;
	struct cursor_kids kids;
	char *op;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	op = benefit_binop(c);
	da_kids(c, &kids);
	if (op && (!strcmp(op, "==") || !strcmp(op, "!=")) && kids.nr == 2)
		cmp->hit = benefit_same_tokens(kids.v[0], cmp->value) ||
			   benefit_same_tokens(kids.v[1], cmp->value);
	free(kids.v);
	free(op);
	return cmp->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Does @loop compare something with @value, the value written before it
 * (`if (readl(addr) == data) return;`): it waits to read it back?
 */
static bool compares_with(CXCursor loop, CXCursor value)
{
	struct compare cmp = { value, false };

	if (clang_Cursor_isNull(value))
		return false;
	clang_visitChildren(loop, compare_visit, &cmp);
	return cmp.hit;
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
		if (benefit_start(kids.v[i]) != s->begin)
			continue;
		s->found = true;
		if (i)
			s->prev = kids.v[i - 1];
		if (i + 1 < kids.nr)
			s->next = kids.v[i + 1];
	}
	free(kids.v);
	return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
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

bool benefit_poll_settles(CXCursor loop, const struct loop_env *e)
{
	struct siblings s = { benefit_start(loop), clang_getNullCursor(),
			      clang_getNullCursor(), false };
	struct regs r = { e->ap, STRVEC_INIT, NULL, clang_getNullCursor(), false };
	bool settles = false;

	if (benefit_loop_moves(loop, e))
		return false;
	clang_visitChildren(e->fn, sibling_visit, &s);
	if (!s.found)
		return false;
	da_for_each_call(loop, read_visit, &r);
	/* Written before: read back until the value written is there. */
	r.loop = loop;
	settles = !clang_Cursor_isNull(s.prev) && writes_polled(s.prev, &r);
	/* Written after, in an interrupt handler: the event's acknowledge. */
	r.loop = clang_getNullCursor();
	settles |= is_handler(e->fn) && !clang_Cursor_isNull(s.next) &&
		   writes_polled(s.next, &r);
	strvec_clear(&r.keys);
	return settles;
}
