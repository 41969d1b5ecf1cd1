/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_FOLD_H
#define IRQCONV_CONVERT_FOLD_H

#include "convert/split.h"

/* A tasklet the handler schedules, and whether the thread can call it. */
struct tasklet_fold {
	CXCursor field;
	char *fn;		/* the tasklet's function */
	CXCursor fn_decl;
	struct cursor_list removals;	/* setup and kill calls, whole lines */
	char *refusal;
};

/*
 * Can the tasklet scheduled by @call be folded into the thread of @plan?
 * @tf->refusal says why not.
 */
void fold_plan_tasklet(CXCursor call, const struct split_plan *plan,
		       struct tasklet_fold *tf);
void fold_release(struct tasklet_fold *tf);

/* A prototype ahead of the halves for @fn when it is defined after them. */
void fold_add_prototype_before(struct strbuf *protos, CXCursor fn,
			       const struct split_plan *plan, const char *buf);
/* Remove the whole line(s) of the statement @call stands in. */
void fold_remove_stmt_lines(struct edit_list *el, const char *buf, size_t len,
			    CXCursor call, const char *why);
/*
 * Tell the lock analysis that the tasklets the thread will call run in the
 * thread (@folded), or again in softirq context (!@folded).
 */
void fold_mark(const struct split_plan *plan, bool folded);

#endif
