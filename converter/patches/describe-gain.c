// SPDX-License-Identifier: GPL-2.0
/*
 * What a conversion gains, in a patch's words: the benefit codes of the
 * site (analyze/benefit.h) as sentences a maintainer weighs, with the
 * figures, and for a site emitted on request though it gains nothing, the
 * plain admission.
 */
#include <stdlib.h>
#include <string.h>

#include "patches/describe.h"

static void add_reason(struct strbuf *sb, bool *first, const char *text)
{
	strbuf_addstr(sb, *first ? "" : "; ");
	strbuf_addstr(sb, text);
	*first = false;
}

/* "12 statements and 5 device register accesses" */
static void add_figures(struct strbuf *sb, const struct benefit *b)
{
	strbuf_addf(sb, "%u statement%s", b->statements,
		    plural(b->statements, "", "s"));
	if (b->accesses)
		strbuf_addf(sb, " and %u device register access%s",
			    b->accesses, plural(b->accesses, "", "es"));
}

/*
 * "2 busy-wait delays in polls no longer spin with interrupts off", "10
 * us of busy-wait delays on the longest path through the handler no longer
 * spin with interrupts off" (a branch not taken, or a loop run more than
 * once, makes a run spin less or more);
 * a delay in a loop or of a run-time length is one of a poll.
 */
static char *delay_reason(const struct benefit *b)
{
	unsigned int polls = b->poll_delays;

	if (polls && b->delay_us)
		return xasprintf("busy-waits no longer spin with interrupts off: %u delay%s in polls and %lu us of fixed delays on the longest path through the handler",
				 polls, plural(polls, "", "s"), b->delay_us);
	if (polls)
		return xasprintf("%u busy-wait delay%s in %s no longer spin%s with interrupts off",
				 polls, plural(polls, "", "s"),
				 plural(polls, "a poll", "polls"),
				 plural(polls, "s", ""));
	return xasprintf("%lu us of busy-wait delays on the longest path through the handler no longer spin with interrupts off",
			 b->delay_us);
}

static void add_reasons(struct strbuf *sb, const struct benefit *b)
{
	unsigned int loops = b->device_loops - b->irqs_off_loops;
	bool first = true;
	char *s;

	/* a bug fixed leads */
	if (b->code[BENEFIT_SLEEPING_CALL_MOVED]) {
		s = xasprintf("it fixes %s in atomic context: the handler reaches %u call%s that may sleep, which hard-irq context must not make and the thread may",
			      plural(b->sleeps, "a sleep", "sleeps"), b->sleeps,
			      plural(b->sleeps, "", "s"));
		add_reason(sb, &first, s);
		free(s);
	}
	if (b->code[BENEFIT_TASKLET_FOLDED])
		add_reason(sb, &first, "the thread calls the function of the tasklet the handler scheduled directly, so the work runs without a second deferral through softirq context, and the tasklet goes");
	if (b->code[BENEFIT_WORK_FOLDED])
		add_reason(sb, &first, "the thread calls the function of the work item the handler queued directly, instead of waking a worker, and the work item goes");
	if (b->code[BENEFIT_HARDIRQ_LOOP_MOVED]) {
		s = xasprintf("%u loop%s over device registers no longer run%s with interrupts off",
			      loops, plural(loops, "", "s"), plural(loops, "s", ""));
		add_reason(sb, &first, s);
		free(s);
	}
	if (b->code[BENEFIT_DELAY_MOVED]) {
		s = delay_reason(b);
		add_reason(sb, &first, s);
		free(s);
	}
	if (b->code[BENEFIT_LOCK_SIMPLIFIED])
		add_reason(sb, &first, "locks taken with interrupts disabled only because the handler ran in hard-irq context can take a lighter form");
}

/*
 * What the thread would only do, from @b->only ("wake a waiter
 * (__wake_up())"), in a patch's words: work "not folded" is work queued
 * for a worker.
 */
static void add_deferrals(struct strbuf *sb, const struct benefit *b)
{
	static const char not_folded[] = "schedule work it does not fold";
	size_t i;

	for (i = 0; i < b->only.nr; i++) {
		const char *what = b->only.v[i];

		strbuf_addstr(sb, i == 0 ? "" :
			      i + 1 == b->only.nr ? " and " : ", ");
		if (starts_with(what, not_folded)) {
			strbuf_addstr(sb, "queue work for a worker");
			what += strlen(not_folded);
		}
		strbuf_addstr(sb, what);
	}
}

/*
 * A thread that still ends by scheduling a tasklet or queueing a work
 * item it does not fold: the patch says so, and that only the gain above
 * pays for the longer chain.
 */
static void add_chain(struct strbuf *sb, const struct benefit *b, bool gains)
{
	char *chain = benefit_chain(b);

	if (!chain)
		return;
	strbuf_addf(sb, " The thread still ends by %s%s.", chain,
		    gains ? "; only what leaves hard-irq context besides pays for that step" : "");
	free(chain);
}

/*
 * " Counted: the loop at line 406 in i2c_pxa_abort() and the delay at
 * line 416 in i2c_pxa_abort().": what a reviewer reads to weigh the gain.
 */
static void add_where(struct strbuf *sb, const struct benefit *b)
{
	size_t i, nr = b->where.nr < 6 ? b->where.nr : 6;

	if (!nr || !(b->code[BENEFIT_HARDIRQ_LOOP_MOVED] ||
		     b->code[BENEFIT_DELAY_MOVED] ||
		     b->code[BENEFIT_SLEEPING_CALL_MOVED]))
		return;
	strbuf_addstr(sb, " Counted: ");
	for (i = 0; i < nr; i++)
		strbuf_addf(sb, "%s%s", i == 0 ? "" :
			    i + 1 == b->where.nr ? " and " : ", ",
			    b->where.v[i]);
	if (nr < b->where.nr)
		strbuf_addf(sb, " and %zu more", b->where.nr - nr);
	strbuf_addch(sb, '.');
}

static bool moves_work(const struct benefit *b)
{
	return b->code[BENEFIT_HARDIRQ_LOOP_MOVED] ||
	       b->code[BENEFIT_DELAY_MOVED] ||
	       b->code[BENEFIT_SLEEPING_CALL_MOVED];
}

char *describe_gain(const struct benefit *b)
{
	struct strbuf sb = STRBUF_INIT;

	if (benefit_no_gain(b)) {
		strbuf_addstr(&sb, "This gains little by itself: ");
		if (b->only.nr) {
			strbuf_addstr(&sb, "the thread would only ");
			add_deferrals(&sb, b);
			strbuf_addstr(&sb, ", work that is deferred already");
		} else if (!b->irqs_off_loops && !b->irqs_off_delays) {
			strbuf_addstr(&sb, "nothing costly leaves hard-irq context");
		}
		if (b->irqs_off_loops || b->irqs_off_delays) {
			if (b->only.nr)
				strbuf_addstr(&sb, "; ");
			strbuf_addstr(&sb, "the thread runs its loops over device registers and delays under a lock it takes with interrupts disabled, so interrupts stay off as long as before");
		}
		strbuf_addstr(&sb, ", while every interrupt costs a wake-up of the thread. It was generated on request, not because it pays; ");
		add_figures(&sb, b);
		strbuf_addstr(&sb, " leave hard-irq context, counting the functions of this file they call.");
		add_chain(&sb, b, false);
	} else {
		strbuf_addstr(&sb, "What the driver gains: ");
		add_reasons(&sb, b);
		strbuf_addstr(&sb, ".");
		add_where(&sb, b);
		/* a fold alone moves no work out of hard-irq context */
		if (moves_work(b)) {
			strbuf_addstr(&sb, " In all, ");
			add_figures(&sb, b);
			strbuf_addstr(&sb, " of the old handler leave hard-irq context, counting the functions of this file they call.");
		}
		if (benefit_per_queue(b)) {
			char *where = benefit_per_queue_where(b);

			strbuf_addf(&sb, " But the handler is requested once per queue (%s), so each of its interrupts on a queue now wakes the thread%s: it was generated on request, not because it pays on this path.",
				    where, b->code[BENEFIT_TASKLET_FOLDED] ?
				    ", where the tasklet ran as the interrupt returned, with no wake-up" : "");
			free(where);
		}
		add_chain(&sb, b, true);
	}
	return strbuf_detach(&sb);
}
