/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_MODEL_SITE_H
#define IRQCONV_MODEL_SITE_H

/*
 * The in-memory result of analysing one request_*irq() call site and the
 * handler it installs.  `irqconv scan` prints it; `irqconv convert` is meant
 * to edit code from it, so every fact keeps where it was written: byte
 * offsets into the file that holds it (begin inclusive, end exclusive) and
 * the line of its first byte.  Offsets of code written through a macro cover
 * the whole macro invocation, never a part of it.
 *
 * docs/analysis.md defines each fact; docs/scan-json.md the JSON form.
 */
#include <clang-c/Index.h>
#include <stdbool.h>

#include "model/reasons.h"
#include "util.h"

struct src_range {
	unsigned int begin;	/* byte offset of the first byte */
	unsigned int end;	/* byte offset one past the last byte */
	unsigned int line;	/* 1-based line of @begin */
};

/* Kinds of handler fact; fact_kind_name() gives the JSON key of each. */
enum fact_kind {
	FACT_OWNERSHIP,		/* the if statement that returns IRQ_NONE */
	FACT_READ,		/* a device read the ownership check depends on */
	FACT_HARDIRQ,		/* a statement that must stay in hard-irq context */
	FACT_ACK,		/* a device write of a value the check read */
	FACT_SILENCE,		/* a device write that silences it before the work */
	FACT_MASK,		/* device-level interrupt mask (write or helper) */
	FACT_UNMASK,		/* device-level interrupt unmask */
	FACT_DEFERRED,		/* tasklet, NAPI, work, wake-up, completion */
	FACT_LOCK,		/* a lock taken */
	FACT_IRQOFF,		/* a call valid only with interrupts off */
	FACT_CONTEXT,		/* in_interrupt() and friends */
	FACT_LINE,		/* disable_irq()/synchronize_irq() on a line */
	FACT_SLEEP,		/* a call that may sleep */
	FACT_DEMUX,		/* dispatch to other irqs (chained handler) */
	FACT_RETURN,		/* a return statement */
	FACT_CALLER,		/* a direct call of the handler, not via the core */
	FACT_NR
};

struct fact {
	enum fact_kind kind;
	char *name;		/* primitive as written: readl, er32, IRQ_NONE */
	char *arg;		/* what it acts on: register, lock, tasklet */
	char *target;		/* resolved function (tasklet, helper), or NULL */
	char *detail;		/* kind-specific word: "napi", "variable" ... */
	bool unusable;		/* a helper that may not run in hard-irq context */
	struct src_range where;
};

struct handler_facts {
	char *name;
	char *file;		/* relative to the source tree when inside it */
	struct src_range body;	/* the function definition */
	struct fact *v;
	size_t nr, alloc;
};

enum verdict {
	VERDICT_ALREADY_THREADED = CLASS_ALREADY_THREADED,
	VERDICT_CONVERTIBLE = CLASS_CONVERTIBLE,
	VERDICT_NOT_CONVERTIBLE = CLASS_NOT_CONVERTIBLE,
	VERDICT_UNANALYSABLE = CLASS_UNANALYSABLE,
};

/* One call of a request function (or, for ?: handlers, one alternative). */
struct scan_site {
	char *file;		/* relative to the source tree */
	bool not_in_config;
	const char *tree;	/* ARCH of the kbuild tree that builds it, or NULL */
	struct src_range call;	/* the call as written (macro invocation) */
	unsigned int column;
	char *call_name;	/* request_irq, devm_request_irq, ... */
	char *via_macro;	/* the macro written at the site, or NULL */
	bool managed;		/* devm_* */
	char *irq, *handler_text, *thread_text, *flags, *devname, *dev_id;
	bool flags_const;
	unsigned long long flags_value;
	struct strvec flags_decoded;	/* IRQF_* names of the bits set */
	int shared;		/* 1, 0, or -1 when flags are not constant */
	struct fact *frees;	/* free_irq()/devm_free_irq() calls in the file */
	size_t nr_frees;

	char *handler;		/* the handler function, NULL when unresolved */
	char *handler_file;
	unsigned int handler_line;
	char *resolution;	/* direct, address, local, conditional, field, wrapper */
	unsigned int alternatives;	/* >1 when the argument names several */
	struct handler_facts *facts;	/* owned; NULL when not analysed */
	CXCursor handler_def;	/* the analysed definition, while its unit is open */
	bool has_handler_def;

	enum verdict verdict;
	/*
	 * Judged in full by scan for convert, which cannot plan it itself
	 * (a parameter, a library's handler): convert reports this verdict.
	 */
	bool judged_for_convert;
	char *strategy;		/* split-mask, split-oneshot or NULL */
	char *tasklet_fold;	/* the tasklet function folded into the thread */
	struct strvec reason_codes;
	struct strvec reasons;	/* one sentence each, first is the summary */
};

const char *fact_kind_name(enum fact_kind kind);
const char *verdict_name(enum verdict v);

struct fact *handler_facts_add(struct handler_facts *hf, enum fact_kind kind,
			       const char *name, struct src_range where);
/* The first fact of @kind, or NULL; facts are kept in source order. */
struct fact *handler_facts_first(const struct handler_facts *hf,
				 enum fact_kind kind);
size_t handler_facts_count(const struct handler_facts *hf,
			   enum fact_kind kind);
void handler_facts_free(struct handler_facts *hf);

void scan_site_init(struct scan_site *s);
void scan_site_release(struct scan_site *s);
/* Record the verdict, with a reason code and its one-sentence reason. */
void scan_site_judge(struct scan_site *s, enum reason r, ...);
/* The same with a sentence made elsewhere (the planner's). */
void scan_site_judge_text(struct scan_site *s, enum reason r,
			  const char *text);
/* Add a further reason sentence. */
void scan_site_note(struct scan_site *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
