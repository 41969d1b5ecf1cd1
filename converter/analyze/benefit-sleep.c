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
	CXEvalResult r;
	bool sleeps;

	if (name_in(callee, sleepers))
		return true;
	/* fsleep() busy-waits up to 10 us and sleeps from there on. */
	if (strcmp(callee, "fsleep") || clang_Cursor_getNumArguments(call) != 1)
		return false;
	r = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, 0));
	sleeps = r && clang_EvalResult_getKind(r) == CXEval_Int &&
		 clang_EvalResult_getAsLongLong(r) > 10;
	if (r)
		clang_EvalResult_dispose(r);
	return sleeps;
}

static bool evaluates_zero(CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool zero = r && clang_EvalResult_getKind(r) == CXEval_Int &&
		    clang_EvalResult_getAsLongLong(r) == 0;

	if (r)
		clang_EvalResult_dispose(r);
	return zero;
}

static unsigned int expanded_at(CXCursor c)
{
	unsigned int off;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &off);
	return off;
}

/*
 * Declared in a macro's body: where it is expanded, the file does not
 * spell its name (libclang's spelling location of a macro's token is
 * where the macro is expanded).
 */
static bool in_macro_body(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	char *name = cxstring_take(clang_getCursorSpelling(c));
	size_t size = 0, n = strlen(name);
	const char *text = NULL;
	unsigned int off;
	CXFile file;
	bool body;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL,
				   NULL, &off);
	if (file)
		text = clang_getFileContents(tu, file, &size);
	body = text && off + n <= size && strncmp(text + off, name, n);
	free(name);
	return body;
}

/*
 * A local the macro around @ref declares and sets from its constant
 * argument (`unsigned long __sleep_us = (sleep_us);`): declared in the
 * same expansion, it is the macro's own copy, which its body only reads.
 */
static bool macro_local_zero(CXCursor ref)
{
	CXCursor decl = clang_getCursorReferenced(ref);
	struct cursor_kids kids;
	bool zero;

	if (clang_getCursorKind(decl) != CXCursor_VarDecl ||
	    expanded_at(decl) != expanded_at(ref) || !in_macro_body(decl))
		return false;
	da_kids(decl, &kids);
	zero = kids.nr && evaluates_zero(kids.v[kids.nr - 1]);
	free(kids.v);
	return zero;
}

bool benefit_dead_cond(CXCursor cond)
{
	CXCursor c = da_strip(cond);
	struct cursor_kids kids;
	bool dead = false;
	char *op;

	if (evaluates_zero(c))
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
