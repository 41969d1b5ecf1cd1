// SPDX-License-Identifier: GPL-2.0
/*
 * Calls that may sleep, reached by code that runs in hard-irq context: a
 * bug there ("BUG: scheduling while atomic" under CONFIG_DEBUG_ATOMIC_SLEEP)
 * that the irq thread fixes, since it may sleep.  readl_poll_timeout()
 * with a sleep between reads (sun8i-di) is the usual one: its
 * usleep_range() is in every expansion, behind `if (__sleep_us)`, so an
 * arm whose condition the macro fixed to zero is dead.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* What may sleep whatever its arguments say. */
static const char *const sleepers[] = {
	"msleep", "msleep_interruptible", "ssleep", "usleep_range",
	"usleep_range_state", "mutex_lock", "mutex_lock_nested",
	"mutex_lock_interruptible", "mutex_lock_interruptible_nested",
	"mutex_lock_killable", "mutex_lock_killable_nested", "down",
	"down_interruptible", "down_killable", "down_timeout",
	"wait_for_completion", "wait_for_completion_timeout",
	"wait_for_completion_interruptible",
	"wait_for_completion_interruptible_timeout",
	"wait_for_completion_killable", "wait_for_completion_io",
	"wait_for_completion_io_timeout", "schedule", "schedule_timeout",
	"schedule_timeout_interruptible", "schedule_timeout_uninterruptible",
	"schedule_timeout_killable", "io_schedule", "io_schedule_timeout",
	NULL,
};

bool benefit_is_sleep(CXCursor call, const char *callee)
{
	/* fsleep() busy-waits up to 10 us and sleeps from there on. */
	return name_in(callee, sleepers) ||
	       (!strcmp(callee, "fsleep") && benefit_delay_us(call, callee) > 10);
}

static unsigned int expanded_at(CXCursor c)
{
	unsigned int off;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &off);
	return off;
}

/*
 * A local the macro around @ref declares and sets from its constant
 * argument (`unsigned long __sleep_us = (sleep_us);`): declared in the
 * same expansion (a local of the file's own is declared at an offset of
 * its own), it is the macro's own copy, which its body only reads.
 */
static bool macro_local_zero(CXCursor ref)
{
	CXCursor decl = clang_getCursorReferenced(ref);
	struct cursor_kids kids;
	bool zero;

	if (clang_getCursorKind(decl) != CXCursor_VarDecl ||
	    expanded_at(decl) != expanded_at(ref))
		return false;
	da_kids(decl, &kids);
	zero = kids.nr && benefit_is_zero(kids.v[kids.nr - 1]);
	free(kids.v);
	return zero;
}

bool benefit_dead_cond(CXCursor cond)
{
	CXCursor c = da_strip(cond);
	struct cursor_kids kids;
	bool dead = false;
	char *op;

	if (benefit_is_zero(c))
		return true;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		return macro_local_zero(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op = benefit_binop(c);
	da_kids(c, &kids);
	if (op && !strcmp(op, "&&") && kids.nr == 2)
		dead = benefit_dead_cond(kids.v[0]) ||
		       benefit_dead_cond(kids.v[1]);
	free(kids.v);
	free(op);
	return dead;
}

bool benefit_tests_context(CXCursor cond)
{
	static const char *const tests[] = {
		"in_interrupt", "in_irq", "in_hardirq", "in_softirq",
		"in_serving_softirq", "in_atomic", "in_task", "irqs_disabled",
		"preemptible", "in_nmi", NULL,
	};
	struct strvec toks = STRVEC_INIT;
	bool hit = false;
	size_t i;

	benefit_file_tokens(cond, &toks);
	for (i = 0; i < toks.nr && !hit; i++)
		hit = name_in(toks.v[i], tests);
	strvec_clear(&toks);
	return hit;
}
