/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_SILENCE_EVIDENCE_H
#define IRQCONV_ANALYZE_SILENCE_EVIDENCE_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#include "analyze/device-access.h"
#include "util.h"

/*
 * Whether a device write that a split would hoist into the quick check
 * really silences the interrupt, shown from the code: scan and convert ask
 * the same questions, each with its own idea of what a device access is
 * (struct access_preds).
 */

enum evidence_kind {
	EVIDENCE_NONE,
	EVIDENCE_WRITE_BACK,	/* the status read is written back to it */
	EVIDENCE_MASK,		/* what the driver's irq-disable function writes */
};

/* The handler, its top-level statements and where the split cuts them. */
struct silence_site {
	CXCursor handler;
	const CXCursor *stmts;
	size_t nr;
	size_t check;		/* the last statement of the ownership check */
	size_t start, len;	/* the candidate silencing group */
	const struct access_preds *ap;
};

struct silence_evidence {
	enum evidence_kind kind;
	char *refusal_code;	/* why the group may not run early, or NULL */
	struct strvec notes;	/* the evidence, in words for the patch */
};

/*
 * Judge the group [start, start + len): evidence that one of its writes
 * silences the device, no drain of a level source among the statements it
 * would overtake, and, for a mask, an unmask on every way out of the thread.
 * Returns true when the group may silence the device in the quick check;
 * else @ev->refusal_code says why (silencing-unproved, ack-before-drain,
 * level-source-in-thread, unmask-unproved) and @ev->notes holds the sentence.
 */
bool silence_evidence_judge(const struct silence_site *s,
			    struct silence_evidence *ev);
void silence_evidence_release(struct silence_evidence *ev);

/*
 * silence-mask.c: a call a silencing statement may make besides register
 * accesses: a compiler builtin, a compile-time assertion, a function that
 * calls nothing (dw_dmac's __dw_regs() in every register macro), or a
 * kernel log message (dw_dmac's dev_err() before it masks every channel),
 * all of which the old handler made in hard-irq context too.
 */
bool silence_harmless_call(CXCursor call);

/*
 * silence-mask.c: the write @write writes what a function of the driver
 * that turns its interrupts off writes, the same value to the same
 * register; the evidence goes to @why.
 */
bool silence_writes_disable(const struct silence_site *s, CXCursor write,
			    struct strbuf *why);

/*
 * Between silence-evidence.c and silence-unmask.c: when the quick check
 * masks, does the thread unmask on every way out (itself, or through the
 * driver's NAPI poll)?  The evidence goes to @notes, or why not to @why.
 */
bool silence_thread_unmasks(const struct silence_site *s, struct strbuf *why,
			    struct strvec *notes);

#endif
