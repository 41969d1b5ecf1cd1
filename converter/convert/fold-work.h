/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_FOLD_WORK_H
#define IRQCONV_CONVERT_FOLD_WORK_H

#include "convert/split.h"

/*
 * A handler whose only work is to queue a work item (slow-bus devices: the
 * hard-irq handler cannot talk to the device, so the work function does)
 * becomes no handler at all: the work function is the thread, under the
 * handler's name, with IRQF_ONESHOT keeping the line masked until it has
 * run.  A disable_irq() of its own line in the handler, balanced by an
 * enable_irq() in the work function, is what IRQF_ONESHOT does, and goes.
 */
struct work_fold {
	CXCursor field;		/* the work_struct member */
	CXCursor fn_def;	/* the work function's definition */
	char *fn;
	char *field_name;
	CXCursor obj_decl;	/* `T *obj = container_of(work, T, f);` */
	struct cursor_list removals;	/* INIT_WORK, cancels: whole lines */
	struct cursor_list enables;	/* enable_irq() statements of fn */
	struct cursor_list protos;	/* forward declarations of fn */
	CXCursor field_decl_stmt;	/* the member, when nothing else uses it */
	bool disables;		/* the handler disabled its own line */
	bool driver_wq;		/* queued on a workqueue of the driver's */
	/* the flag only the dropped enable read, its lines to remove */
	char *stop_flag;
	char *flag_member;
	struct cursor_range *flag_spans;
	size_t nr_flag_spans;
};

/*
 * Does the handler of @plan only queue a work item?  0 and @wf filled when
 * it does and the work function can be its thread; 1 when the handler has
 * another shape; -1 when it has this shape but the work cannot be folded,
 * with the refusal in @plan.
 */
int work_fold_plan(struct split_plan *plan, struct work_fold *wf,
		   const char *buf);
void work_fold_release(struct work_fold *wf);

/*
 * The planner's question, on a line of its own with no ownership check:
 * 0 when the work function becomes the thread (@plan set up for it), -1
 * when the handler only queues work that cannot be folded (refused), 1 for
 * another shape.
 */
int work_fold_thread(struct split_plan *plan, const char *buf);

/*
 * The edits: the handler goes, the work function becomes it, the work
 * item's setup, cancels and member go.  What a reviewer should know goes
 * to @notes.
 */
void work_fold_render(const struct split_plan *plan,
		      const struct work_fold *wf, const char *buf,
		      size_t len, struct edit_list *el, struct strvec *notes);
/*
 * After every other edit of the file: the comments of the work function,
 * the thread now, that still speak of its workqueue (fold_reword_region()).
 */
void work_fold_reword(const struct work_fold *wf, const char *buf,
		      size_t len, struct edit_list *el);

/* The edits and the note of the stop flag work_fold_plan() found. */
void work_flag_render(const struct work_fold *wf, const char *buf,
		      size_t len, struct edit_list *el, struct strvec *notes);

#endif
