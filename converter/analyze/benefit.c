// SPDX-License-Identifier: GPL-2.0
/*
 * What a conversion gains (review-findings.md, "When a conversion pays"):
 * the statements, loops and device accesses that leave hard-irq context,
 * counted in the thread's part of the old handler and in the functions of
 * its file that part calls (two calls deep, each once), and the reasons a
 * maintainer would take the patch for: a folded tasklet, a loop over
 * device registers, a delay.  A thread that has none of them would only
 * defer work that is deferred anyway (NAPI, a wake-up, a completion, an
 * event report, work it does not fold): no-gain.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/benefit.h"
#include "analyze/kapi-raise.h"
#include "analyze/lock-graph.h"
#include "tu.h"

static const char *const code_names[BENEFIT_NR] = {
	[BENEFIT_TASKLET_FOLDED] = "tasklet-folded",
	[BENEFIT_WORK_FOLDED] = "work-folded",
	[BENEFIT_HARDIRQ_LOOP_MOVED] = "hardirq-loop-moved",
	[BENEFIT_DELAY_MOVED] = "delay-moved",
	[BENEFIT_SLEEPING_CALL_MOVED] = "sleeping-call-moved",
	[BENEFIT_LOCK_SIMPLIFIED] = "lock-simplified",
};

const char *benefit_code_name(enum benefit_code c)
{
	return code_names[c];
}

/* What a thread that does only this defers for nothing, in words. */
static const char *deferral(const char *n)
{
	if (strstr(n, "napi_schedule"))
		return "schedule NAPI";
	if (starts_with(n, "wake_up") || starts_with(n, "__wake_up"))
		return "wake a waiter";
	if (!strcmp(n, "complete") || !strcmp(n, "complete_all"))
		return "complete";
	if (!strcmp(n, "schedule_work") || !strcmp(n, "schedule_delayed_work") ||
	    starts_with(n, "queue_work") || starts_with(n, "queue_delayed_work") ||
	    starts_with(n, "mod_delayed_work"))
		return "schedule work it does not fold";
	if (!strcmp(n, "rtc_update_irq") || !strcmp(n, "snd_pcm_period_elapsed") ||
	    starts_with(n, "input_") || !strcmp(n, "serio_interrupt") ||
	    !strcmp(n, "kill_fasync"))
		return "report an event";
	if (!strcmp(n, "uart_write_wakeup") || !strcmp(n, "tty_flip_buffer_push"))
		return "hand characters to the tty layer";
	return NULL;
}

/*
 * "schedule NAPI (napi_schedule_prep(), __napi_schedule())": one entry per
 * kind of deferral, with the calls that make it.
 */
static void add_deferral(struct strvec *only, const char *what,
			 const char *callee)
{
	size_t i, n = strlen(what);
	char *s;

	for (i = 0; i < only->nr; i++) {
		if (strncmp(only->v[i], what, n) || only->v[i][n] != ' ')
			continue;
		if (strstr(only->v[i], callee))
			return;
		s = only->v[i];
		s[strlen(s) - 1] = '\0';
		only->v[i] = xasprintf("%s, %s())", s, callee);
		free(s);
		return;
	}
	strvec_push_nodup(only, xasprintf("%s (%s())", what, callee));
}

/* What one function the walk went through waited, to count it again. */
struct fn_waits {
	char *name;
	unsigned long us;	/* constant busy-waits, per call */
	unsigned int polls;	/* polls, per call */
	bool error;		/* walked only on paths that handle an error */
};

struct walk {
	const struct access_preds *ap;
	const struct benefit_irqs *irqs;
	struct benefit *b;
	CXFile file;		/* the handler's: callees counted are its */
	CXCursor fn;		/* the function the walk is in */
	CXCursor handler;	/* and the one it started from */
	struct fn_waits *fns;	/* functions already counted */
	size_t nr_fns;
	unsigned int *delay_at;	/* delay macros counted, by offset and poll */
	size_t nr_delays;
	int depth;
	int irqs_off;		/* disables not yet undone where the walk is */
	int error;		/* arms handling an error around the walk */
	/* spinlocks held where the walk is: the thread may not sleep there */
	int locks;
	/* arms that never run (analyze/benefit-sleep.c), or run by context */
	int dead;
	bool in_poll;		/* the innermost loop around only waits */
	bool serial;		/* a serial port's handler (benefit_is_tty()) */
	/* an SPI or I2C controller's handler (benefit_bus_controller()) */
	bool bus;
	/* in a loop of such a handler that moves data: the bus paces it */
	bool clocked;
	/* in a poll that normally ends at once (benefit_poll_settles()) */
	bool settles;
	/* the callee walked runs with interrupts off elsewhere: who says so */
	char *shared;
	const struct lock_module *lm;	/* the module, or NULL */
	/* structures the device writes (benefit_coherent_types()) */
	struct strvec coherent;
};

static void walk(CXCursor c, struct walk *w);

static const char *const loop_words[] = { "for", "while", "do", NULL };

/*
 * The name written where @c is expanded when it is not one of @own, what
 * @c is written as (a loop's keyword, a call's callee): the macro whose
 * expansion holds it (readl_poll_timeout()), or NULL.
 */
static char *written_macro(CXCursor c, const char *const *own)
{
	char *name = cursor_written_name(c);

	if (*name && !name_in(name, own))
		return name;
	free(name);
	return NULL;
}

/* "40 us", "1 ms", "65.5 ms", "7 s": as a changelog gives a wait. */
static const char *duration(long long us)
{
	static char buf[32];

	if (us < 1000)
		snprintf(buf, sizeof(buf), "%lld us", us);
	else if (us < 1000000)
		snprintf(buf, sizeof(buf), us % 1000 ? "%.1f ms" : "%.0f ms",
			 us / 1000.0);
	else
		snprintf(buf, sizeof(buf), us % 1000000 ? "%.1f s" : "%.0f s",
			 us / 1000000.0);
	return buf;
}

/*
 * "the loop at line 406 in i2c_pxa_abort()", "the loop in
 * readl_poll_timeout() at line 141 in devapc_sync_vio_dbg() (it polls for up
 * to 65.5 ms)": what
 * counted, for the patch.  @own: what @c is written as, when not in a
 * macro.
 */
static void note_where(struct walk *w, CXCursor c, const char *what,
		       const char *const *own)
{
	char *fn = cxstring_take(clang_getCursorSpelling(w->fn));
	char *macro = own ? written_macro(c, own) : NULL;
	long long us = macro && !strcmp(what, "loop") ?
			benefit_poll_timeout_us(c, w->fn) : 0;
	unsigned int line;
	char *s;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line,
				   NULL, NULL);
	if (us < 0)
		s = xasprintf("the %s in %s() at line %u in %s() (it polls with no time-out)",
			      what, macro, line, fn);
	else if (us)
		s = xasprintf("the %s in %s() at line %u in %s() (it polls for up to %s)",
			      what, macro, line, fn, duration(us));
	else if (macro)
		s = xasprintf("the %s in %s() at line %u in %s()", what, macro,
			      line, fn);
	else
		s = xasprintf("the %s at line %u in %s()", what, line, fn);
	free(macro);
	free(fn);
	if (strvec_has(&w->b->where, s))
		free(s);
	else
		strvec_push_nodup(&w->b->where, s);
}

/* What runs with interrupts off elsewhere too: counted, named for the reason. */
static void note_elsewhere(struct walk *w, unsigned int *count)
{
	(*count)++;
	if (!strvec_has(&w->b->elsewhere, w->shared))
		strvec_push(&w->b->elsewhere, w->shared);
}

/* What the lock primitive @k, or the call written @written, does to irqs. */
static int irqs_change_of(const struct kapi_lock *k, const char *written)
{
	if (k && (k->form == LF_IRQSAVE || k->form == LF_IRQ))
		return k->op == LO_ACQUIRE ? 1 : -1;
	return lm_irq_switch(written);
}

int benefit_irqs_change(CXCursor call)
{
	char *written;
	const struct kapi_lock *k = lm_lock_call(call, &written);
	int change = irqs_change_of(k, written);

	free(written);
	return change;
}

/*
 * What @call does to interrupts (+1, -1, 0; the thread's version of it
 * when @w->irqs says) and to the spinlocks held (*@locks).
 */
static int irqs_change(const struct walk *w, CXCursor call, int *locks)
{
	char *written;
	const struct kapi_lock *k = lm_lock_call(call, &written);
	int change;

	*locks = k ? (k->op == LO_ACQUIRE ? 1 : -1) : 0;
	if (w->irqs && w->irqs->change)
		change = w->irqs->change(call, w->irqs->data);
	else
		change = irqs_change_of(k, written);
	free(written);
	return change;
}

static struct fn_waits *fn_counted(const struct walk *w, const char *name)
{
	size_t i;

	for (i = 0; i < w->nr_fns; i++)
		if (!strcmp(w->fns[i].name, name))
			return &w->fns[i];
	return NULL;
}

static struct fn_waits *fn_add(struct walk *w, const char *name)
{
	struct fn_waits *f;

	w->fns = xrealloc(w->fns, (w->nr_fns + 1) * sizeof(*w->fns));
	f = &w->fns[w->nr_fns++];
	f->name = xstrdup(name);
	f->us = 0;
	f->polls = 0;
	f->error = false;
	return f;
}

/*
 * One wait more: a poll when it runs in a loop that only waits (a delay in
 * a loop that moves data is a settle time between accesses, run once a
 * round: i2c-mv64xxx's errata udelay(5)), microseconds added to the
 * handler's run otherwise.  A length decided at run time outside a loop
 * adds nothing: nothing shows it is long (i2c-s3c2410's ndelay(tx_setup)
 * is 50 ns).
 */
static void add_wait(struct walk *w, long us, unsigned int polls)
{
	if (polls || (us && w->in_poll))
		w->b->poll_delays += polls ? polls : 1;
	else if (us > 0)
		w->b->delay_us += us;
}

/*
 * udelay(5) expands to __const_udelay() and __udelay() (each half of a
 * __builtin_constant_p() choice), mdelay(2) to two udelay()s: a delay is
 * counted once per macro written, with the length its first call reads.
 */
static void count_delay(CXCursor call, const char *callee, struct walk *w)
{
	long us = benefit_delay_us(call, callee);
	unsigned int off;
	size_t i;

	if (!us)
		return;
	clang_getExpansionLocation(clang_getCursorLocation(call), NULL, NULL,
				   NULL, &off);
	/*
	 * A macro that waits before its poll and in it
	 * (readl_poll_timeout_atomic()) counts each wait once; a function
	 * walked again off an error path (count_callee()) counts it again.
	 */
	off = off * 4 + w->in_poll * 2 + (w->error > 0);
	for (i = 0; i < w->nr_delays; i++)
		if (w->delay_at[i] == off)
			return;
	w->delay_at = xrealloc(w->delay_at,
			       (w->nr_delays + 1) * sizeof(*w->delay_at));
	w->delay_at[w->nr_delays++] = off;
	w->b->delays++;
	if (w->irqs_off > 0) {
		w->b->irqs_off_delays++;
	} else if (strstr(callee, "ndelay")) {
		/* nanoseconds: a settle time, never a poll worth a thread */
		w->b->delay_us += us > 0 ? us : 0;
	} else if (w->error) {
		w->b->error_delays++;
	} else if (w->settles) {
		w->b->settle_delays++;
	} else if (w->shared) {
		note_elsewhere(w, &w->b->elsewhere_delays);
	} else if (w->clocked) {
		w->b->bus_delays++;
	} else {
		if (us > 0 || w->in_poll)
			note_where(w, call, "delay", NULL);
		add_wait(w, us, 0);
	}
}

/*
 * A call that may sleep, made in hard-irq context today and where the
 * thread holds no spinlock and has interrupts on: "the sleep at line 167
 * in deinterlace_...() (usleep_range())".
 */
static void note_sleep(struct walk *w, CXCursor call, const char *callee)
{
	const char *own[] = { callee, NULL };
	char *what = xasprintf("sleep (%s())", callee);

	w->b->sleeps++;
	note_where(w, call, what, own);
	free(what);
}

/*
 * "rtc_delayed_write(), which armada38x_rtc_set_time() also calls with
 * interrupts off" when another function of the file does, else NULL.
 */
static char *irqs_off_caller(CXCursor def, const char *callee,
			     const struct walk *w)
{
	char *caller = benefit_irqs_off_caller(def, w->file), *s;

	if (!caller)
		return NULL;
	s = xasprintf("%s(), which %s() also calls with interrupts off",
		      callee, caller);
	free(caller);
	return s;
}

/* A function of the file, walked once; called again, it waits again. */
static void count_callee(CXCursor def, const char *callee, struct walk *w)
{
	struct fn_waits *f = fn_counted(w, callee);
	unsigned long us = w->b->delay_us;
	unsigned int polls = w->b->poll_delays;
	CXCursor fn = w->fn;
	char *shared;
	size_t at;

	/* Walked on an error path first, it may wait on this one. */
	if (f && !(f->error && !w->error)) {
		if (w->irqs_off <= 0 && !w->error && (f->us || f->polls))
			add_wait(w, f->us, f->polls);
		return;
	}
	if (f) {
		at = f - w->fns;
	} else {
		at = w->nr_fns;
		fn_add(w, callee);
	}
	w->fns[at].error = w->error > 0;
	shared = w->shared;
	if (!shared)
		w->shared = irqs_off_caller(def, callee, w);
	w->depth++;
	w->fn = def;
	walk(def, w);
	if (!shared) {
		free(w->shared);
		w->shared = NULL;
	}
	w->fn = fn;
	w->depth--;
	w->fns[at].us = w->b->delay_us - us;
	w->fns[at].polls = w->b->poll_delays - polls;
}

static void count_call(CXCursor call, struct walk *w)
{
	char *callee = da_callee(call);
	CXCursor def = da_callee_def(call);
	const char *d;
	int locks;

	w->irqs_off += irqs_change(w, call, &locks);
	if (w->irqs_off < 0)
		w->irqs_off = 0;
	w->locks += locks;
	if (w->locks < 0)
		w->locks = 0;
	if (!w->dead && w->irqs_off <= 0 && !w->locks &&
	    benefit_is_sleep(call, callee))
		note_sleep(w, call, callee);
	if (da_is_access(w->ap, callee))
		w->b->accesses++;
	else if (benefit_is_delay(callee))
		count_delay(call, callee, w);
	else if (!*callee && (d = kapi_member_delay(call))) {
		count_delay(call, d, w);
		free((char *)d);
		d = NULL;
	}
	else if (!clang_Cursor_isNull(def) && w->depth < BENEFIT_CALLEE_DEPTH &&
		 benefit_in_file(def, w->file))
		count_callee(def, callee, w);
	benefit_note_chain(call, callee, w->b);
	d = w->depth ? NULL : deferral(callee);
	if (d)
		add_deferral(&w->b->only, d, callee);
	free(callee);
}

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct walk *w = data;

	if (clang_getCursorKind(parent) == CXCursor_CompoundStmt)
		w->b->statements++;
	walk(c, w);
	return CXChildVisit_Continue;
}

/*
 * A loop over device registers counts when the device or the data drive
 * its trip count (analyze/benefit-loop.c), the hardware does not bound
 * it (a configuration count, a status word's bits, a bank of registers
 * walked one a round, a FIFO the device empties, one FIFO's worth of a
 * transfer: analyze/benefit-fifo.c), and
 * it does more than hand each datum to an input event
 * report (serio_interrupt(): a PS/2 FIFO of one or two bytes, a keypad's
 * few columns), which defers anyway.  A serial port's loops move
 * characters between its FIFO, a few bytes deep, and the tty layer,
 * which pushes them on from a worker anyway.
 * An SPI or I2C controller's loops that move data (@paced: and wait for no
 * datum inside) move what it clocked since the last interrupt
 * (analyze/benefit-bus.c).
 */
static void count_loop(CXCursor loop, bool paced, struct walk *w)
{
	const struct loop_env e = { w->ap, w->file, w->depth, w->fn,
				    w->handler, w->lm, &w->coherent };
	unsigned int *kinds[] = {
		[LOOP_CONSTANT] = &w->b->constant_loops,
		[LOOP_WIDTH] = &w->b->width_loops,
		[LOOP_DRAIN] = &w->b->drain_loops,
		[LOOP_BANK] = &w->b->bank_loops,
	};
	enum loop_kind kind;

	w->b->loops++;
	if (!benefit_reaches(loop, w->file, w->depth, benefit_is_access, w->ap))
		return;
	kind = benefit_loop_kind(loop, &e);
	if (kind != LOOP_CONSTANT && kind != LOOP_WIDTH && kind != LOOP_BANK &&
	    benefit_reaches(loop, w->file, w->depth, benefit_is_event_report,
			    NULL))
		w->b->event_loops++;
	else if (kind != LOOP_DRIVEN && kind != LOOP_FIFO)
		(*kinds[kind])++;
	else if (w->serial)
		w->b->tty_loops++;
	else if (kind == LOOP_FIFO)
		w->b->fifo_loops++;
	else if (w->error)
		w->b->error_loops++;
	else if (w->settles)
		w->b->settle_loops++;
	else if (w->shared)
		note_elsewhere(w, &w->b->elsewhere_loops);
	else if (paced)
		w->b->bus_loops++;
	else {
		w->b->device_loops++;
		w->b->irqs_off_loops += w->irqs_off > 0;
		if (w->irqs_off <= 0)
			note_where(w, loop, "loop", loop_words);
	}
}

/*
 * One run of the handler takes one branch of an if-else: it waits as long
 * as the longer branch does, not as both together.  An arm that handles an
 * error, a reset, a failure status or a hardware quirk, or serves the I2C
 * target role (analyze/benefit-error.c) is not the path that pays for a
 * thread: what it reaches counts apart.
 */
static void walk_if(CXCursor c, struct walk *w)
{
	struct cursor_kids kids;
	unsigned long base = 0, longest = 0;
	size_t i;
	bool error, dead, by_context;

	da_kids(c, &kids);
	by_context = kids.nr && benefit_tests_context(kids.v[0]);
	for (i = 0; i < kids.nr; i++) {
		if (i)
			w->b->delay_us = base;
		error = i && (benefit_error_arm(kids.v[i]) ||
			      (i == 1 && benefit_names_rare(kids.v[0])) ||
			      benefit_reaches(kids.v[i], w->file, w->depth,
					      benefit_is_slave_event, NULL));
		dead = i && (by_context ||
			     (i == 1 && benefit_dead_cond(kids.v[0])));
		w->error += error;
		w->dead += dead;
		walk(kids.v[i], w);
		w->dead -= dead;
		w->error -= error;
		if (!i)
			base = w->b->delay_us;
		else if (w->b->delay_us - base > longest)
			longest = w->b->delay_us - base;
	}
	if (kids.nr)
		w->b->delay_us = base + longest;
	free(kids.v);
}

/*
 * One run of the handler takes one case of a switch: it waits as long as
 * the longest case does (mv64xxx_i2c_do_action()'s errata udelay(5) in two
 * of its actions is 5 us per run, not 10).
 */
static void walk_switch(CXCursor c, struct walk *w)
{
	struct cursor_kids kids, body;
	unsigned long base, longest = 0;
	enum CXCursorKind k;
	size_t i;
	bool *error;

	da_kids(c, &kids);
	for (i = 0; i + 1 < kids.nr; i++)
		walk(kids.v[i], w);
	base = w->b->delay_us;
	da_kids(kids.nr ? kids.v[kids.nr - 1] : c, &body);
	error = benefit_error_cases(&body);
	for (i = 0; i < body.nr; i++) {
		k = clang_getCursorKind(body.v[i]);
		if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
			if (w->b->delay_us - base > longest)
				longest = w->b->delay_us - base;
			w->b->delay_us = base;
		}
		w->b->statements++;
		w->error += error[i];
		walk(body.v[i], w);
		w->error -= error[i];
	}
	if (w->b->delay_us - base > longest)
		longest = w->b->delay_us - base;
	w->b->delay_us = base + longest;
	free(body.v);
	free(error);
	free(kids.v);
}

/*
 * A branch or a loop body leaves interrupts as it found them: an unlock on
 * an early way out (unlock, return) does not end the locked region for
 * the code after it.  A delay counts as a poll in a loop that only waits
 * (analyze/benefit-wait.c), not in one that moves data.
 */
static void walk(CXCursor c, struct walk *w)
{
	const struct loop_env e = { w->ap, w->file, w->depth, w->fn,
				    w->handler, w->lm, &w->coherent };
	enum CXCursorKind k = clang_getCursorKind(c);
	int irqs_off = w->irqs_off;
	int locks = w->locks;
	bool loop = da_is_loop(c), in_poll = w->in_poll, settles = w->settles;
	bool clocked = w->clocked, moves = loop && benefit_loop_moves(c, &e);
	/* a data loop of a bus controller that waits for no datum inside */
	bool paced = moves && w->bus && !benefit_bus_waits(c, &e);

	if (loop && !w->settles)
		w->settles = benefit_poll_settles(c, &e);
	if (loop)
		count_loop(c, paced, w);
	if (k == CXCursor_CallExpr)
		count_call(c, w);
	if (loop)
		w->in_poll = !moves;
	if (paced)
		w->clocked = true;
	if (k == CXCursor_IfStmt)
		walk_if(c, w);
	else if (k == CXCursor_SwitchStmt)
		walk_switch(c, w);
	else
		clang_visitChildren(c, walk_visit, w);
	w->in_poll = in_poll;
	w->settles = settles;
	w->clocked = clocked;
	if (loop || k == CXCursor_IfStmt || k == CXCursor_SwitchStmt ||
	    k == CXCursor_ConditionalOperator) {
		w->irqs_off = irqs_off;
		w->locks = locks;
	}
}

static void walk_release(struct walk *w)
{
	size_t i;

	for (i = 0; i < w->nr_fns; i++)
		free(w->fns[i].name);
	free(w->fns);
	strvec_clear(&w->coherent);
	free(w->delay_at);
}

void benefit_judge(CXCursor handler, const CXCursor *moved, size_t nr,
		   const struct access_preds *ap,
		   const struct benefit_irqs *irqs, bool tasklet_folded,
		   const struct lock_module *lm, struct benefit *b)
{
	struct walk w;
	size_t i;
	char *name = cxstring_take(clang_getCursorSpelling(handler));

	memset(b, 0, sizeof(*b));
	memset(&w, 0, sizeof(w));
	w.ap = ap;
	w.irqs = irqs;
	w.lm = lm;
	w.b = b;
	w.fn = handler;
	w.handler = handler;
	clang_getExpansionLocation(clang_getCursorLocation(handler), &w.file,
				   NULL, NULL, NULL);
	fn_add(&w, name);
	free(name);
	w.irqs_off = irqs && irqs->from_start;
	for (i = 0; i < nr && !w.serial; i++)
		w.serial = benefit_reaches(moved[i], w.file, 0, benefit_is_tty,
					   NULL);
	w.bus = !w.serial && benefit_bus_controller(handler, lm);
	benefit_coherent_types(handler, lm, &w.coherent);
	for (i = 0; i < nr; i++) {
		b->statements++;
		walk(moved[i], &w);
	}
	walk_release(&w);
	b->code[BENEFIT_TASKLET_FOLDED] = tasklet_folded;
	b->code[BENEFIT_HARDIRQ_LOOP_MOVED] = b->device_loops > b->irqs_off_loops;
	b->code[BENEFIT_DELAY_MOVED] = b->poll_delays > 0 ||
				       b->delay_us >= BENEFIT_DELAY_US;
	b->code[BENEFIT_SLEEPING_CALL_MOVED] = b->sleeps > 0;
}

void benefit_release(struct benefit *b)
{
	free(b->per_queue_via);
	strvec_clear(&b->only);
	strvec_clear(&b->tasklets);
	strvec_clear(&b->works);
	strvec_clear(&b->where);
	strvec_clear(&b->elsewhere);
	strvec_clear(&b->kept_why);
	strvec_clear(&b->direct);
	memset(b, 0, sizeof(*b));
}

bool benefit_no_gain(const struct benefit *b)
{
	int i;

	for (i = 0; i < BENEFIT_NR; i++)
		if (b->code[i])
			return false;
	return true;
}
