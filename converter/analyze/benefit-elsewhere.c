// SPDX-License-Identifier: GPL-2.0
/*
 * A function the driver also calls with interrupts off elsewhere: under a
 * lock it takes with spin_lock_irqsave() or spin_lock_irq(), after
 * local_irq_save(), or after a function of its file that returns with
 * such a lock held (rtc-mxc_v2's mxc_rtc_lock()), or in a callback the
 * kernel runs with interrupts off (analyze/benefit-atomic-ops.c).  The
 * busy-waits and register loops in it keep interrupts off there whatever
 * the thread does, so moving them out of the handler shortens no worst
 * case (rtc-armada38x's rtc_delayed_write(), which set_time and set_alarm
 * also call under the lock).  A call on an arm that handles an error does
 * not count, as such arms count nothing for the handler either (pxamci's
 * DMA callback ends a failed transfer under its lock).
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/benefit.h"
#include "analyze/held.h"

struct irqs_off {
	const char *name;	/* the function looked for, or NULL */
	CXFile file;
	int depth;		/* functions of the file entered */
	bool found;
};

static int change(CXCursor call, struct held_walk *hw);

/*
 * How a function of the file leaves interrupts: +1 when it returns with
 * an irq-disabling lock held that it took, -1 when it releases one its
 * caller took, 0 otherwise.
 */
static int net_change(CXCursor def, const struct irqs_off *outer)
{
	struct irqs_off in = { NULL, outer->file, outer->depth + 1, false };
	struct held_walk hw = { change, NULL, &in, true, 0, false };

	if (in.depth > 1)
		return 0;
	held_walk(def, &hw);
	return hw.held;
}

static int change(CXCursor call, struct held_walk *hw)
{
	const struct irqs_off *io = hw->data;
	CXCursor def = da_callee_def(call);
	int c = benefit_irqs_change(call);

	if (!c && !clang_Cursor_isNull(def) && benefit_in_file(def, io->file))
		c = net_change(def, io);
	return c;
}

static void at(CXCursor call, struct held_walk *hw)
{
	struct irqs_off *io = hw->data;
	char *callee;

	if (!io->name || hw->held <= 0)
		return;
	callee = da_callee(call);
	io->found = !strcmp(callee, io->name);
	hw->stop = io->found;
	free(callee);
}

char *benefit_irqs_off_caller(CXCursor fn, CXFile file)
{
	struct strvec atomic = STRVEC_INIT;
	struct cursor_kids fns;
	char *name = da_spelling(fn), *caller = NULL, *n;
	bool callback;
	size_t i;

	da_file_functions(fn, &fns);
	benefit_atomic_callbacks(fn, file, &fns, &atomic);
	for (i = 0; i < fns.nr && !caller; i++) {
		struct irqs_off io = { name, file, 0, false };
		struct held_walk hw = { change, at, &io, true, 0, false };

		if (!benefit_in_file(fns.v[i], file) ||
		    clang_equalCursors(fns.v[i], fn))
			continue;
		n = da_spelling(fns.v[i]);
		callback = strvec_has(&atomic, n);
		hw.held = callback;
		held_walk(fns.v[i], &hw);
		if (io.found && callback)
			caller = xasprintf("the ALSA PCM operation %s", n);
		else if (io.found)
			caller = xstrdup(n);
		free(n);
	}
	strvec_clear(&atomic);
	free(fns.v);
	free(name);
	return caller;
}
