/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_BENEFIT_H
#define IRQCONV_ANALYZE_BENEFIT_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#include "analyze/device-access.h"
#include "jsonl.h"
#include "util.h"

struct lock_module;

/*
 * What a conversion gains: the code that leaves hard-irq context, judged
 * the way review-findings.md ("When a conversion pays") does.  A thread
 * that would only schedule NAPI, wake a waiter, complete, report an event
 * or schedule work it does not fold gains nothing worth a context switch:
 * no-gain.
 */
enum benefit_code {
	BENEFIT_TASKLET_FOLDED,
	BENEFIT_WORK_FOLDED,
	BENEFIT_HARDIRQ_LOOP_MOVED,
	BENEFIT_DELAY_MOVED,
	BENEFIT_SLEEPING_CALL_MOVED,
	BENEFIT_LOCK_SIMPLIFIED,
	BENEFIT_NR
};

struct benefit {
	bool code[BENEFIT_NR];
	/* leaving hard-irq context, the functions of the file it calls too */
	unsigned int statements, loops, accesses, device_loops, delays;
	/*
	 * Loops over device registers that do not count: bounded by a
	 * compile-time constant, by the hardware's width (a configuration
	 * count, a status word's bits), ended by the device when a FIFO or
	 * the status is empty, moving characters between a UART FIFO and the
	 * tty layer, or handing each datum to a subsystem that processes it
	 * later (an input event, a received frame); and loops
	 * that move one FIFO's worth of a transfer per interrupt
	 * (analyze/benefit-fifo.c).
	 */
	unsigned int constant_loops, width_loops, drain_loops, tty_loops;
	unsigned int event_loops, fifo_loops;
	/* loops over a bank of registers, one a round (analyze/benefit-bank.c) */
	unsigned int bank_loops;
	/*
	 * Loops that move the bytes of an SPI or I2C controller's transfer,
	 * and the delays in them: one FIFO's worth per interrupt, whatever
	 * bounds them as written (analyze/benefit-bus.c)
	 */
	unsigned int bus_loops, bus_delays;
	/*
	 * Loops and delays reached only on an arm that handles an error
	 * (analyze/benefit-error.c): the path a failed transfer takes, not
	 * the one every interrupt does.
	 */
	unsigned int error_loops, error_delays;
	/*
	 * Busy-waits run with interrupts on: in a loop or of a length decided
	 * at run time (polls), and the sum in microseconds of the others, per
	 * run of the handler (a function called twice waits twice).
	 */
	unsigned int poll_delays;
	unsigned long delay_us;
	/* of those, run by the thread with interrupts still off */
	unsigned int irqs_off_loops, irqs_off_delays;
	/*
	 * Loops and delays in functions the driver also calls with
	 * interrupts off elsewhere (analyze/benefit-elsewhere.c), and
	 * "rtc_delayed_write(), which armada38x_rtc_set_time() also calls
	 * with interrupts off" for each such function
	 */
	unsigned int elsewhere_loops, elsewhere_delays;
	/*
	 * Polls that normally end at once, and their delays: on a register
	 * written just before (read back) or just after (the acknowledge)
	 * (analyze/benefit-settle.c)
	 */
	unsigned int settle_loops, settle_delays;
	/*
	 * Calls that may sleep, made in hard-irq context today: a bug the
	 * thread fixes where it holds no spinlock (analyze/benefit-sleep.c)
	 */
	unsigned int sleeps;
	struct strvec elsewhere;
	struct strvec only;	/* what the thread would only do, no-gain */
	/*
	 * The tasklets scheduled and the work items queued that stay: the
	 * chain grows a step (hard irq -> thread -> tasklet) unless the
	 * conversion folds them (code tasklet-folded, work-folded).
	 */
	struct strvec tasklets, works;
	/* why the tasklets kept do not fold, when a fold was tried */
	struct strvec kept_why;
	/*
	 * The tasklets the thread would fold that the handler also runs
	 * directly, in hard-irq context, on an arm of its own choice:
	 * "xgbe_ecc_isr_task() directly unless `pdata->isr_as_tasklet`"
	 * (convert/benefit-site.c).  Their fold gains nothing.
	 */
	struct strvec direct;
	/*
	 * Where the loops and delays that count are: "the loop at line 406 in
	 * i2c_pxa_abort()", for the patch to point a reviewer at.
	 */
	struct strvec where;
	/*
	 * The request registers the handler once per queue of a multi-queue
	 * device (benefit_note_request()): its line, 0 when not; the loop that
	 * passes the queues, and the helper it calls to request each, when the
	 * request is in a helper (NULL when not).
	 */
	unsigned int per_queue_line, per_queue_loop_line;
	char *per_queue_via;
};

/*
 * Constant busy-waits shorter than this, per run, are not worth a thread:
 * Documentation/timers/timers-howto.rst keeps udelay() for waits under
 * about 10 us and has sleeping code use usleep_range() from there on.
 */
#define BENEFIT_DELAY_US 10

/*
 * Where the thread runs with interrupts off: @change tells, for a call of
 * the moved code, +1 when the thread's version of it disables interrupts
 * (spin_lock_irqsave(), local_irq_disable(), ...), -1 when it enables them
 * again, 0 otherwise (NULL: benefit_irqs_change(), the call as written);
 * @from_start when the thread holds an irqsave lock from its first
 * statement.  A loop or delay run there keeps interrupts off as long as it
 * did in hard-irq context, so moving it gains nothing.
 */
struct benefit_irqs {
	int (*change)(CXCursor call, void *data);
	void *data;
	bool from_start;
};

int benefit_irqs_change(CXCursor call);

/*
 * Judge the statements @moved (the thread's part of the old handler) of
 * the handler @handler; @tasklet_folded when the split folds its tasklet;
 * @lm, the module, or NULL.
 */
void benefit_judge(CXCursor handler, const CXCursor *moved, size_t nr,
		   const struct access_preds *ap,
		   const struct benefit_irqs *irqs, bool tasklet_folded,
		   const struct lock_module *lm, struct benefit *b);
void benefit_release(struct benefit *b);

const char *benefit_code_name(enum benefit_code c);
bool benefit_no_gain(const struct benefit *b);
/*
 * Note what the request @request tells of the handler's cost: that it is
 * made once per queue of a multi-queue device (analyze/benefit-queue.c).
 */
void benefit_note_request(struct benefit *b, CXCursor request);
/*
 * Requested per queue, and no work item folded: a thread on the I/O hot
 * path.  Where the request is ("line 1121, in irdma_cfg_ceq_vector(),
 * which the loop at line 1295 calls for each queue"), and what the thread
 * costs there, for the reason.
 */
bool benefit_per_queue(const struct benefit *b);
char *benefit_per_queue_where(const struct benefit *b);
const char *benefit_per_queue_cost(const struct benefit *b);
/*
 * The thread still ends by scheduling a tasklet or queueing a work item
 * the conversion does not fold: "scheduling the tasklet 'x->t'
 * (tasklet_schedule()), which ...: hard irq -> thread -> tasklet", or NULL.
 */
char *benefit_chain(const struct benefit *b);
/* analyze/benefit-chain.c: note the tasklet or work item @call keeps. */
void benefit_note_chain(CXCursor call, const char *callee, struct benefit *b);
/* uart_insert_char(), tty_flip_buffer_push(): a serial port's handler. */
bool benefit_is_tty(const char *callee, const void *unused);
/*
 * analyze/benefit-bus.c: does the module of @handler register an SPI
 * controller or an I2C adapter (@lm, or the handler's file when NULL)?
 */
bool benefit_bus_controller(CXCursor handler, const struct lock_module *lm);
/*
 * Does @loop poll the device in a loop of its own, waiting for each datum
 * rather than moving what the bus clocked (analyze/benefit-bus.c)?
 */
struct loop_env;
bool benefit_bus_waits(CXCursor loop, const struct loop_env *e);
/* Declined by default (no-gain or per-queue), emitted with --all. */
bool benefit_declined(const struct benefit *b);
/* The members "benefit" (codes) and "moved" (figures) of a site record. */
json_t *benefit_json(const struct benefit *b);
/*
 * Why a no-gain site is declined, for the sentence of reason no-gain: what
 * its thread would only do ("wake a waiter (__wake_up())"), and the figures.
 */
char *benefit_deferrals(const struct benefit *b);
char *benefit_figures(const struct benefit *b);

#endif
