// SPDX-License-Identifier: GPL-2.0
/*
 * Locks the handler takes and releases, with the primitive as written
 * (spin_lock, spin_lock_irqsave, raw_spin_lock, mutex_lock, ...): the
 * thread needs a different primitive for a lock shared with hard-irq or
 * softirq context (docs/analysis.md).  The spinning locks are the kernel
 * API table's (kapi-locks.def), which convert's lock analysis reads too.
 */
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/lock-graph.h"

/* Sleeping locks: not the lock analysis's, a fact all the same. */
static const char *const sleeping_acquire[] = {
	"mutex_lock", "mutex_trylock", "mutex_lock_interruptible",
	"down", "down_trylock", "down_interruptible", NULL,
};

static const char *const sleeping_release[] = {
	"mutex_unlock", "up", NULL,
};

/* "acquire", "release" or NULL for a name as written or called. */
static const char *lock_op(const char *name)
{
	const struct kapi_lock *k = kapi_lock_named(name);

	if (k)
		return k->op == LO_ACQUIRE ? "acquire" : "release";
	if (name_in(name, sleeping_acquire))
		return "acquire";
	return name_in(name, sleeping_release) ? "release" : NULL;
}

static void lock_call(struct analysis_ctx *ctx, const struct an_call *c,
		      void *data)
{
	const char *op, *name;
	struct fact *f;

	(void)data;
	/* The written name: spin_lock_irqsave() is a macro of a macro. */
	op = lock_op(c->written);
	name = c->written;
	if (!op) {
		op = lock_op(c->callee);
		name = c->callee;
	}
	if (!op)
		return;
	f = an_add(ctx, FACT_LOCK, name, c->cursor);
	if (f->arg)
		return;
	f->detail = xstrdup(op);
	f->arg = an_arg_text(ctx, c->cursor, 0);
	if (!f->arg)
		f->arg = xstrdup("");
}

void analyze_locks(struct analysis_ctx *ctx)
{
	an_for_each_call(ctx, lock_call, NULL);
}
