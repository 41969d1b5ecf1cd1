// SPDX-License-Identifier: GPL-2.0
/*
 * Locks the handler takes and releases, with the primitive as written
 * (spin_lock, spin_lock_irqsave, raw_spin_lock, mutex_lock, ...): the
 * thread needs a different primitive for a lock shared with hard-irq or
 * softirq context (docs/analysis.md).
 */
#include <string.h>

#include "analyze/analyze.h"

static const char *const acquire[] = {
	"spin_lock", "spin_lock_irq", "spin_lock_irqsave", "spin_lock_bh",
	"spin_trylock", "spin_trylock_irqsave", "spin_lock_nested",
	"raw_spin_lock", "raw_spin_lock_irq", "raw_spin_lock_irqsave",
	"raw_spin_trylock",
	"read_lock", "read_lock_irq", "read_lock_irqsave", "read_lock_bh",
	"write_lock", "write_lock_irq", "write_lock_irqsave", "write_lock_bh",
	"mutex_lock", "mutex_trylock", "mutex_lock_interruptible",
	"down", "down_trylock", "down_interruptible", NULL,
};

static const char *const release[] = {
	"spin_unlock", "spin_unlock_irq", "spin_unlock_irqrestore",
	"spin_unlock_bh", "raw_spin_unlock", "raw_spin_unlock_irq",
	"raw_spin_unlock_irqrestore",
	"read_unlock", "read_unlock_irq", "read_unlock_irqrestore",
	"read_unlock_bh", "write_unlock", "write_unlock_irq",
	"write_unlock_irqrestore", "write_unlock_bh", "mutex_unlock", "up",
	NULL,
};

static void lock_call(struct analysis_ctx *ctx, const struct an_call *c,
		      void *data)
{
	const char *const *list = NULL;
	const char *name;
	struct fact *f;

	(void)data;
	/* The written name: spin_lock_irqsave() is a macro of a macro. */
	if (name_in(c->written, acquire))
		list = acquire, name = c->written;
	else if (name_in(c->written, release))
		list = release, name = c->written;
	else if (name_in(c->callee, acquire))
		list = acquire, name = c->callee;
	else if (name_in(c->callee, release))
		list = release, name = c->callee;
	else
		return;
	f = an_add(ctx, FACT_LOCK, name, c->cursor);
	if (f->arg)
		return;
	f->detail = xstrdup(list == acquire ? "acquire" : "release");
	f->arg = an_arg_text(ctx, c->cursor, 0);
	if (!f->arg)
		f->arg = xstrdup("");
}

void analyze_locks(struct analysis_ctx *ctx)
{
	an_for_each_call(ctx, lock_call, NULL);
}
