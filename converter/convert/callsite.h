/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_CALLSITE_H
#define IRQCONV_CONVERT_CALLSITE_H

#include <clang-c/Index.h>

#include "model/reasons.h"
#include "rewrite/edit.h"

/*
 * A request_irq() or devm_request_irq() call the converter can rewrite, with
 * its handler resolved to a definition in the same file or in another file
 * of the module: named directly, or through a local variable initialised
 * once (e1000's `handler`).
 */
struct callsite {
	CXCursor call;
	char *callee;
	unsigned int line;
	CXCursor handler_def;	/* null cursor when unresolved */
	CXCursor handler_var;	/* the local in between, or null */
	char *handler;
	bool shared;		/* IRQF_SHARED, or flags not a constant */
	bool exclusive;		/* flags a constant without IRQF_SHARED */
	bool sharers_agree;	/* every requester of its shared line converted */
	char *flags_text;
	struct refusal refusal;	/* why it cannot be rewritten; text NULL if it can */
};

struct lock_module;
struct split_plan;

struct callsite_list {
	struct callsite *v;
	size_t nr;
};

/*
 * Every request_irq-family call written in @file of the unit; a handler
 * the unit declares but does not define is looked up in the other files of
 * @lm, the module (NULL: this file only).
 */
void callsites_find(CXTranslationUnit tu, const char *file, const char *buf,
		    const struct lock_module *lm, struct callsite_list *out);
void callsites_release(struct callsite_list *l);

/* What a rewritten request registers. */
enum request_form {
	REQUEST_THREADED,	/* request_threaded_irq(quick, thread) */
	REQUEST_ONESHOT,	/* the same with IRQF_ONESHOT added */
	REQUEST_QUICKCHECK,	/* request_irq_quickcheck(handler, quick) */
	REQUEST_WHOLE,		/* request_threaded_irq(NULL, handler), ONESHOT */
};

/* The request @plan asks for (convert/split.c). */
enum request_form split_request_form(const struct split_plan *plan);

/*
 * Add the edits that make @cs request @quick and @thread (IRQF_ONESHOT
 * added for REQUEST_ONESHOT), or for REQUEST_QUICKCHECK the old handler
 * behind @quick (@thread unused).  The rewrite is checked against Coccinelle's
 * (semantic-patches/request_irq_to_threaded.cocci on @path, whose contents
 * are @buf): the two must agree but for white space, and the layout is
 * ours, refilled to kernel style.  -1 with *reason set when it cannot.
 */
int callsite_rewrite(const struct callsite *cs, const char *path,
		     const char *buf, size_t len, const char *quick,
		     const char *thread, enum request_form form,
		     struct edit_list *el, struct strvec *notes, struct refusal *why);

/*
 * The checks callsite_rewrite() makes of the code before it writes: the
 * request is written where it can be edited, the handler has no other
 * use and its direct calls can be rewritten.  The other requests of the
 * handler among @all (NULL: none) are no other use: a handler requested
 * twice is judged as such.  -1 with *@why set.
 */
int callsite_check(const struct callsite *cs, const struct callsite_list *all,
		   const char *buf, size_t len, enum request_form form,
		   struct refusal *why);

/*
 * A direct call of the old handler outside the request (a netpoll
 * controller) becomes the quick check and a wake-up of the thread; -1 when
 * the call is not a statement of its own line.
 */
int callsite_rewrite_direct_call(CXCursor call, const char *buf, size_t len,
				 const char *quick, enum request_form form,
				 struct edit_list *el, struct strvec *notes,
				 const char *handler);

#endif
