// SPDX-License-Identifier: GPL-2.0
/*
 * The words of a conversion patch: what each converted handler became,
 * what the driver gains, what stays in hard-irq context and why that is
 * safe, in the text a maintainer reads before the diff.  The plan gives
 * the facts (strategy, benefit, hand-overs, the evidence that a write
 * silences the device); the renderer adds its notes.  Nothing here may be
 * said of a driver it is not true of.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/callsite.h"
#include "patches/describe.h"

void wrap_paragraph(struct strbuf *sb, const char *text, const char *first,
		    const char *rest)
{
	strbuf_add_wrapped(sb, text, first, rest, 72);
}

static void add_gain(struct strbuf *body, const struct split_plan *plan)
{
	char *text = describe_gain(&plan->benefit);

	strbuf_addch(body, '\n');
	wrap_paragraph(body, text, "", "");
	free(text);
}

/* The notes, as list items, each once. */
static void add_notes(struct strbuf *body, const struct strvec *notes)
{
	size_t i, j;

	for (i = 0; i < notes->nr; i++) {
		bool dup = false;

		for (j = 0; j < i; j++)
			dup |= !strcmp(notes->v[i], notes->v[j]);
		if (!dup)
			wrap_paragraph(body, notes->v[i], "- ", "  ");
	}
}

static bool notes_mention(const struct strvec *notes, const char *what)
{
	size_t i;

	for (i = 0; i < notes->nr; i++)
		if (strstr(notes->v[i], what))
			return true;
	return false;
}

/* A paragraph of @sb (emptied for the next), a blank line before it. */
static void add_paragraph(struct strbuf *body, struct strbuf *sb)
{
	if (body->len)
		strbuf_addch(body, '\n');
	wrap_paragraph(body, sb->buf, "", "");
	strbuf_reset(sb);
}

static void describe_split(struct driver *d, const struct split_plan *plan,
			   const struct msi_fact *msi,
			   const struct strvec *notes)
{
	struct strbuf *body = &d->body, sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "Split %s() for request_threaded_irq(): a primary handler, %s() (the quick check), stays in hard-irq context, and %s() does the rest of the old handler's work in the irq thread.",
		    plan->handler, plan->quick_name, plan->thread_name);
	add_paragraph(body, &sb);
	add_gain(body, plan);
	strbuf_addf(&sb, "What stays in hard-irq context: %s() reads the interrupt status and returns IRQ_NONE when the device did not raise the interrupt",
		    plan->quick_name);
	if (plan->strategy == SPLIT_MASK) {
		strbuf_addstr(&sb, plan->lock_arg ?
			      "; under the lock the old handler took first, it runs the old handler up to its last register write, so the device is as quiet as the old handler left it before the thread is woken, and the line is not masked meanwhile." :
			      "; before it wakes the thread it silences the device with the old handler's own register write, so the line is not masked meanwhile.");
	} else {
		strbuf_addstr(&sb, ", and silences nothing. ");
		describe_oneshot(&sb, msi,
				 "from the quick check until the thread has run");
	}
	add_paragraph(body, &sb);
	strbuf_addch(body, '\n');
	for (i = 0; i < plan->nr_handovers; i++) {
		describe_handover(&sb, plan, &plan->handovers[i]);
		wrap_paragraph(body, sb.buf, "- ", "  ");
		strbuf_reset(&sb);
	}
	add_notes(body, &plan->notes);
	add_notes(body, notes);
	d->tests |= plan->strategy == SPLIT_MASK ? TEST_SHARED : TEST_ONESHOT;
	d->tests |= msi->use == MSI_MAY ? TEST_MSI : 0;
	strbuf_release(&sb);
}

/* Moved whole: no primary handler, the old handler is the thread function. */
static void describe_whole(struct driver *d, const struct split_plan *plan,
			   const struct msi_fact *msi,
			   const struct strvec *notes)
{
	struct strbuf *body = &d->body, sb = STRBUF_INIT;

	if (plan->whole_why) {
		strbuf_addf(&sb, "Request %s() as the thread function of request_threaded_irq(), with no primary handler: %s ",
			    plan->handler, plan->whole_why);
	} else {
		strbuf_addf(&sb, "Request %s() as the thread function of request_threaded_irq(), with no primary handler: the %s is not shared. ",
			    plan->handler,
			    msi->use == MSI_ONLY ? "vector" : "line");
		describe_whole_check(&sb, plan);
		strbuf_addch(&sb, ' ');
	}
	describe_oneshot(&sb, msi, "until the thread has run");
	add_paragraph(body, &sb);
	if (plan->agreed_line) {
		strbuf_addstr(&sb, plan->agreed_line);
		add_paragraph(body, &sb);
		d->tests |= TEST_SHARED;
	}
	add_gain(body, plan);
	if (plan->whole_edited)
		strbuf_addf(&sb, "%s() changes only where thread context asks for it (below); nothing else calls it.",
			    plan->handler);
	else
		describe_whole_calls(&sb, plan);
	add_paragraph(body, &sb);
	if (notes->nr) {
		strbuf_addch(body, '\n');
		add_notes(body, notes);
	}
	d->tests |= TEST_ONESHOT;
	d->tests |= msi->use == MSI_MAY ? TEST_MSI : 0;
	strbuf_release(&sb);
}

/* A work item folded: the work function is the thread, no primary. */
static void describe_work(struct driver *d, const struct split_plan *plan,
			  const struct msi_fact *msi,
			  const struct strvec *notes)
{
	struct strbuf *body = &d->body, sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s() could not do its work in hard-irq context and queued a work item for it. Request the work function's code as the thread function of request_threaded_irq(), with no primary handler. ",
		    plan->handler);
	describe_oneshot(&sb, msi, "until the thread has run");
	add_paragraph(body, &sb);
	if (plan->agreed_line) {
		strbuf_addstr(&sb, plan->agreed_line);
		add_paragraph(body, &sb);
		d->tests |= TEST_SHARED;
	}
	add_gain(body, plan);
	strbuf_addstr(&sb, "The thread runs the work function's code unchanged but for its signature, the structure it takes (the dev_id instead of container_of() of the work item) and its return value; what it did in process context it does in the thread, which is process context too.");
	add_paragraph(body, &sb);
	if (notes->nr) {
		strbuf_addch(body, '\n');
		add_notes(body, notes);
	}
	d->tests |= TEST_ONESHOT;
	d->tests |= msi->use == MSI_MAY ? TEST_MSI : 0;
	strbuf_release(&sb);
}

/* A quick check in front of the old handler: a first step, not a thread. */
static void describe_staged(struct driver *d, const struct split_plan *plan,
			    const struct strvec *notes)
{
	struct strbuf *body = &d->body, sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "Give %s() a quick check, %s(), which runs first in hard-irq context, reads the interrupt status and returns IRQ_NONE when the device did not raise the interrupt, IRQ_NEEDS_HANDLING otherwise; the core then calls %s() right away, still in hard-irq context. This is the first step the 2008 genirq RFC describes on the way to a threaded handler.",
		    plan->handler, plan->quick_name, plan->handler);
	add_paragraph(body, &sb);
	strbuf_addstr(&sb, "It needs the genirq quick-check series (request_irq_quickcheck(), devm_request_irq_quickcheck() and IRQ_NEEDS_HANDLING), which mainline Linux does not have.");
	add_paragraph(body, &sb);
	strbuf_addch(body, '\n');
	for (i = 0; i < plan->nr_handovers; i++) {
		strbuf_addf(&sb, "'%s' is read once, in the quick check, and handed to %s() through the new atomic_t %s in struct %s: atomic_or() in the quick check, atomic_xchg() in the handler, which read the device a second time before (a read-to-clear status would read back 0).",
			    plan->handovers[i].name, plan->handler,
			    plan->handovers[i].field, plan->priv_struct);
		wrap_paragraph(body, sb.buf, "- ", "  ");
		strbuf_reset(&sb);
	}
	add_notes(body, notes);
	strbuf_addf(&sb, "Next step: make the quick check silence the device and return IRQ_WAKE_THREAD, and run %s() in the irq thread with request_threaded_irq().",
		    plan->handler);
	wrap_paragraph(body, sb.buf, "- ", "  ");
	d->tests |= TEST_SHARED;
	strbuf_release(&sb);
}

void describe_conversion(struct driver *d, const struct split_plan *plan,
			 const struct callsite *cs, const char *buf,
			 const struct strvec *notes)
{
	struct msi_fact msi;

	describe_msi(cs, buf, plan->file, d, &msi);
	if (plan->strategy == SPLIT_STAGED)
		describe_staged(d, plan, notes);
	else if (plan->work)
		describe_work(d, plan, &msi, notes);
	else if (plan->whole_thread)
		describe_whole(d, plan, &msi, notes);
	else
		describe_split(d, plan, &msi, notes);
	msi_fact_release(&msi);
	if (notes_mention(notes, "folded"))
		d->tests |= TEST_TEARDOWN;
	if (notes_mention(notes, "irq_wake_thread()"))
		d->tests |= TEST_NETPOLL;
}

/* What the patch leaves to a reviewer with the hardware. */
void describe_testing(struct strbuf *body, const struct driver *d)
{
	struct strbuf sb = STRBUF_INIT;

	if (d->nr_staged < d->nr_converted) {
		strbuf_addstr(&sb, "Checked by static analysis (irqconv): the locks the thread's code takes, followed through the module's functions, against every other context that takes them; the softirqs it raises; and the new request call, cross-checked with a Coccinelle rule.");
		add_paragraph(body, &sb);
	}
	strbuf_addstr(&sb, "Not tested on the hardware. Please test the driver's usual workload with lockdep (CONFIG_PROVE_LOCKING) and with the threadirqs boot option");
	if (d->tests & TEST_SHARED)
		strbuf_addstr(&sb, "; with CONFIG_DEBUG_SHIRQ or on a shared line, /proc/interrupts must show no storm and the kernel no \"nobody cared\"");
	if (d->tests & TEST_MSI)
		strbuf_addstr(&sb, "; both on MSI and on INTx (pci=nomsi)");
	if (d->tests & TEST_TEARDOWN)
		strbuf_addstr(&sb, "; unbinding the device while it is busy, since free_irq() now waits for the work the thread took over");
	if (d->tests & TEST_NETPOLL)
		strbuf_addstr(&sb, "; netconsole, whose poll controller now wakes the thread");
	strbuf_addch(&sb, '.');
	add_paragraph(body, &sb);
	strbuf_release(&sb);
}
