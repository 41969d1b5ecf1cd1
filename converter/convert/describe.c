// SPDX-License-Identifier: GPL-2.0
/*
 * The words of a conversion patch: what each converted handler became and
 * why, in the text a maintainer reads before the diff.  The plan gives the
 * facts (strategy, why, hand-overs); the renderer adds its notes.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/describe.h"

void wrap_paragraph(struct strbuf *sb, const char *text, const char *first,
		    const char *rest)
{
	strbuf_add_wrapped(sb, text, first, rest, 72);
}

/* The notes of the call sites, as list items, each once. */
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

/*
 * What the conversion gains, in words and figures (analyze/benefit.c): the
 * reason a maintainer would take the patch, or, emitted with --all, the
 * admission that there is none.
 */
static void add_benefit(struct strbuf *body, const struct split_plan *plan)
{
	char *words = benefit_words(&plan->benefit);

	wrap_paragraph(body, words, "", "");
	strbuf_addch(body, '\n');
	free(words);
}

/*
 * The patch body's first paragraph, from @sb (emptied for the next):
 * a blank line after the text before it, and one before the points.
 */
static void open_body(struct strbuf *body, struct strbuf *sb)
{
	if (body->len)
		strbuf_addch(body, '\n');
	wrap_paragraph(body, sb->buf, "", "");
	strbuf_reset(sb);
	strbuf_addstr(body, "\n");
}

static void describe_split(struct strbuf *body,
			   const struct split_plan *plan,
			   const struct strvec *notes)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "%s() did all of its work in hard-irq context. Split it the way request_threaded_irq() intends, with the %s strategy: %s.",
		    plan->handler, split_strategy_name(plan->strategy),
		    plan->why);
	open_body(body, &sb);
	add_benefit(body, plan);
	strbuf_addf(&sb, "%s() keeps what must stay in hard-irq context: the read of the interrupt status and the check that the interrupt is ours (IRQ_NONE otherwise)%s.",
		    plan->quick_name,
		    plan->strategy == SPLIT_MASK ?
		    ", and the register writes that silence the device" : "");
	wrap_paragraph(body, sb.buf, "- ", "  ");
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%s() runs the rest of the old handler in the irq thread.",
		    plan->thread_name);
	wrap_paragraph(body, sb.buf, "- ", "  ");
	for (i = 0; i < plan->nr_handovers; i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "'%s' is read once, in the quick check, and handed to the thread through the new atomic_t %s in struct %s: accumulated with atomic_or(), taken with atomic_xchg(), so status bits that arrive while the thread runs are neither lost nor read twice.",
			    plan->handovers[i].name, plan->handovers[i].field,
			    plan->priv_struct);
		wrap_paragraph(body, sb.buf, "- ", "  ");
	}
	for (i = 0; i < plan->notes.nr; i++)
		wrap_paragraph(body, plan->notes.v[i], "- ", "  ");
	add_notes(body, notes);
	strbuf_release(&sb);
}

/* Moved whole: no quick check, the old handler is the thread function. */
static void describe_whole(struct strbuf *body,
			   const struct split_plan *plan,
			   const struct strvec *notes)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s() did all of its work in hard-irq context. Run it in the irq thread with the split-oneshot strategy: %s.",
		    plan->handler, plan->why);
	open_body(body, &sb);
	add_benefit(body, plan);
	if (plan->whole_edited)
		strbuf_addf(&sb, "%s() is the thread function: it has no early check of whose interrupt it is, so nothing has to stay in hard-irq context. Its body changes only where thread context asks for it (below); nothing else calls it.",
			    plan->handler);
	else
		strbuf_addf(&sb, "%s() is the thread function, unchanged: it has no early check of whose interrupt it is, so nothing has to stay in hard-irq context; and, following its calls through the module to any depth (and the kernel calls the lock analysis knows), every lock it takes keeps out the other contexts that take it, it takes no raw lock, does not disable its own line, calls no *_irqoff() helper and raises no softirq the analysis can see, none of which the thread could run as it is.",
			    plan->handler);
	wrap_paragraph(body, sb.buf, "- ", "  ");
	strbuf_reset(&sb);
	wrap_paragraph(body, "On an MSI vector, whose irq chip is one-shot safe, the core drops IRQF_ONESHOT and leaves the vector unmasked; an interrupt that arrives while the thread runs makes it run again.", "- ", "  ");
	add_notes(body, notes);
	strbuf_release(&sb);
}

/* A work item folded: the work function is the thread, no primary. */
static void describe_work(struct strbuf *body, const struct split_plan *plan,
			  const struct strvec *notes)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s() could not do its work in hard-irq context and queued a work item for it. Make that work the irq thread: %s.",
		    plan->handler, plan->why);
	open_body(body, &sb);
	add_benefit(body, plan);
	add_notes(body, notes);
	wrap_paragraph(body, "The thread runs the work function's code unchanged but for its signature, the structure it takes (the dev_id instead of container_of() of the work item) and its return value; what it did in process context it does in the thread, which is process context too.", "- ", "  ");
	strbuf_release(&sb);
}

/* The staged strategy's text: a first step, not yet a thread. */
static void describe_staged(struct strbuf *body,
			    const struct split_plan *plan,
			    const struct strvec *notes)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "%s() does all of its work in hard-irq context. Give it a quick check, the first step the 2008 genirq RFC describes on the way to a threaded handler, with the staged strategy: %s.",
		    plan->handler, plan->why);
	open_body(body, &sb);
	wrap_paragraph(body, "This needs the genirq quick-check series (kernel-patches/ of irqconv: request_irq_quickcheck(), devm_request_irq_quickcheck() and IRQ_NEEDS_HANDLING), which mainline Linux does not have.", "", "");
	strbuf_addstr(body, "\n");
	strbuf_addf(&sb, "%s() runs first, in hard-irq context: the read of the interrupt status and the check that the interrupt is ours (IRQ_NONE otherwise). It silences nothing; it returns IRQ_NEEDS_HANDLING, and the core calls %s() right away.",
		    plan->quick_name, plan->handler);
	wrap_paragraph(body, sb.buf, "- ", "  ");
	strbuf_reset(&sb);
	strbuf_addf(&sb, "%s() stays the main handler, in hard-irq context, and does the work as before; only its read of the status changed.",
		    plan->handler);
	wrap_paragraph(body, sb.buf, "- ", "  ");
	for (i = 0; i < plan->nr_handovers; i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "'%s' is read once, in the quick check, and handed to %s() through the new atomic_t %s in struct %s: atomic_or() in the quick check, atomic_xchg() in the handler, which read the device a second time before (a read-to-clear status would read back 0).",
			    plan->handovers[i].name, plan->handler,
			    plan->handovers[i].field, plan->priv_struct);
		wrap_paragraph(body, sb.buf, "- ", "  ");
	}
	add_notes(body, notes);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "Next step: make the quick check silence the device and return IRQ_WAKE_THREAD, and move %s() to the irq thread with request_threaded_irq() (irqconv's split-mask or split-oneshot).",
		    plan->handler);
	wrap_paragraph(body, sb.buf, "- ", "  ");
	strbuf_release(&sb);
}

void describe_conversion(struct strbuf *body, const struct split_plan *plan,
			 const struct strvec *notes)
{
	if (plan->strategy == SPLIT_STAGED)
		describe_staged(body, plan, notes);
	else if (plan->work)
		describe_work(body, plan, notes);
	else if (plan->whole_thread)
		describe_whole(body, plan, notes);
	else
		describe_split(body, plan, notes);
}
