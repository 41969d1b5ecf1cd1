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
	bool killed;		/* the driver calls tasklet_kill() on it */
	char *refusal;

	/*
	 * The function takes the structure it found with from_tasklet()
	 * instead of the tasklet (fold_plan_retype()), or @kept says why not.
	 */
	CXCursor fn_def;
	CXCursor ctx_decl;	/* `struct X *x = from_tasklet(x, t, f);` */
	char *ctx_param;	/* "struct X *x" */
	char *ctx_type;		/* "struct X" */
	char *ctx_arg;		/* the thread's pointer to it: `x` of `&x->f` */
	struct cursor_list protos;	/* forward declarations in the file */
	char *kept;
	/*
	 * `if (c) tasklet_schedule(&x->t); else fn(&x->t);`: the if the
	 * thread's one call replaces (fold_equal_arms()), or a null cursor.
	 */
	CXCursor merged;
	/*
	 * The member goes (nothing else uses it), or @member_kept says why
	 * not.
	 */
	bool member_goes;
	char *member_kept;
	/* The driver.s header declaring the member, when it goes from there. */
	char *member_file;
};

/*
 * Can the tasklet scheduled by @call be folded into the thread of @plan?
 * @tf->refusal says why not.
 */
void fold_plan_tasklet(CXCursor call, const struct split_plan *plan,
		       struct tasklet_fold *tf);
void fold_release(struct tasklet_fold *tf);

/*
 * Whether the member @member of a structure declared in @hfile may go
 * with a fold in @cfile: NULL when @hfile is a header of the same
 * directory and no file there but @cfile names it, else why not
 * (fold-member.c).
 */
/*
 * The line of @field in its structure's kernel-doc, and the lines that
 * continue it, go with the member (fold-member-doc.c).
 */
void fold_remove_member_doc(struct edit_list *el, const char *buf,
			    size_t len, CXCursor field, const char *why);
char *fold_header_member_kept(const char *hfile, const char *cfile,
			      const char *member);

/*
 * Why the tasklet_schedule() @call cannot become a call of the tasklet's
 * function where it stands, or NULL: @scheds, every tasklet_schedule() of
 * that tasklet in the handler, are more than one, or the handler holds a
 * lock there.  (fold-schedule.c)
 */
char *fold_schedule_refusal(CXCursor call, const struct split_plan *plan,
			    const struct cursor_list *scheds);

/*
 * After fold_plan_tasklet() of @tf found the tasklet foldable: can its
 * function take the structure it derives from its tasklet argument, the
 * pointer the thread passes in `&x->member`, and can the member go?
 * (fold-tasklet.c)
 */
void fold_plan_retype(CXCursor call, const struct split_plan *plan,
		      const char *buf, struct tasklet_fold *tf);
/*
 * The edits of a folded tasklet outside the thread: its setup and kill go,
 * a prototype ahead of the halves when the function comes later, the
 * function retyped and the member removed as fold_plan_retype() decided,
 * said in @notes.  Returns the call the thread makes instead of
 * tasklet_schedule().
 */
char *fold_tasklet_render(const struct tasklet_fold *tf, CXCursor call,
			  const struct split_plan *plan, const char *buf,
			  size_t len, struct edit_list *thread_el,
			  struct edit_list *el, struct strbuf *protos,
			  struct strvec *notes);
/*
 * The handler's disable_irq_nosync() of its own line and the tasklet
 * function's enable_irq() of it: both go when the fold brings them into
 * one thread run on every path, else the patch says why they stay
 * (@thread_el: edits of the thread's statements).  (fold-pair.c)
 */
void fold_pair_render(CXCursor call, const struct split_plan *plan,
		      const struct tasklet_fold *tf, const char *buf,
		      size_t len, struct edit_list *thread_el,
		      struct edit_list *el, struct strvec *notes);

/*
 * The `if` in @scope whose then-arm is @call, the scheduling of @tf, and
 * whose else-arm calls @tf->fn with the same argument, under a condition
 * that calls nothing: folded, both arms are one call.  A null cursor when
 * there is none.  (fold-arms.c)
 */
CXCursor fold_equal_arms(CXCursor scope, CXCursor call,
			 const struct tasklet_fold *tf, const char *buf);
/* What the patch says of the `if` fold_equal_arms() found. */
void fold_arms_note(CXCursor arms, const struct tasklet_fold *tf,
		    const char *buf, struct strvec *notes);
/*
 * "fn() directly unless `cond`": the direct arm of the `if`
 * fold_equal_arms() found.
 */
char *fold_arms_direct(CXCursor arms, const struct tasklet_fold *tf,
		       const char *buf);

/*
 * After the removal of @stmt (and any other of @el): the braces of an if
 * or loop body left with one statement go, and "X and workqueue" in the
 * comment above it says "X".  (fold-block.c)
 */
void fold_tidy_block(struct edit_list *el, const char *buf, size_t len,
		     CXCursor stmt, const struct strvec *names);
/*
 * After the removal of @stmt: a local of its function that only removed
 * text used goes too, when its declaration declares it alone and calls
 * nothing (`struct ath11k_ce_pipe *ce_pipe = &ab->ce.ce_pipe[i];` before
 * a tasklet_kill() that goes): -Wunused-variable otherwise.  (fold-block.c)
 */
void fold_tidy_locals(struct edit_list *el, const char *buf, size_t len,
		      CXCursor stmt);
/*
 * Whether the local @var of a function is declared alone and its
 * declaration calls nothing: fold_tidy_locals() removes it once nothing
 * else uses it.  (fold-locals.c)
 */
bool fold_local_goes(CXCursor var);
/*
 * After the removal of each of @stmts (and any other of @el): the for or
 * while around it, left doing nothing, goes whole (fold-loop.c), and so,
 * when that empties a static function of the file, does the function with
 * the statements that only call it, which @notes then says.  @names: the
 * tasklet or work item, for the comment above the loop; @why: the reason
 * of the removals, which the removal of the loop (or the function) takes
 * over (convert/benefit-site.c looks for it).
 */
void fold_tidy_loops(struct edit_list *el, const char *buf, size_t len,
		     const struct cursor_list *stmts,
		     const struct strvec *names, const char *why,
		     struct strvec *notes);
/*
 * fold-loop.c: remove the lines of @stmt, with the comment above that
 * names @names or deferred work, taking in the removals already inside
 * them.  fold-empty-fn.c: @fn, a static function of the file whose every
 * line the removals take, goes whole with its prototypes and the
 * statements that only call it; its name in *@gone then.
 */
bool fold_remove_whole(struct edit_list *el, const char *buf, size_t len,
		       CXCursor stmt, const struct strvec *names,
		       const char *why);
void fold_drop_empty_fn(struct edit_list *el, const char *buf, size_t len,
			CXCursor fn, const char *why, char **gone);

/* Helpers of fold-block.c. */
CXCursor fold_enclosing_fn(CXCursor stmt);
/* Does a removal of @el take every byte of [@begin, @end)? */
bool fold_removed(const struct edit_list *el, size_t begin, size_t end);
/* Blanks (and the line end) only in [@begin, @end). */
bool fold_only_blanks(const char *buf, size_t begin, size_t end);
/* Every line between the braces of @block goes. */
bool fold_emptied(const struct edit_list *el, const char *buf, size_t len,
		  CXCursor block);
/* A condition that only reads: no call, no assignment, no ++ or --. */
bool fold_reads_only(CXCursor cond, const char *buf);
/*
 * @stmt, removed, was all a label held, and the next line is another
 * label: the first goes, its gotos go to the second.
 */
void fold_tidy_label(struct edit_list *el, const char *buf, size_t len,
		     CXCursor stmt);

/*
 * The `for` whose unbraced body @stmt is, when its header calls nothing
 * and the loop can go whole with it (mtk-cqdma's tasklet_setup() of each
 * channel); else a null cursor.
 */
CXCursor fold_loop_of(CXCursor stmt);

/* Is @fn declared in its file ahead of the handler already? */
bool fold_declared_before(CXCursor fn, const struct split_plan *plan);
/* A prototype ahead of the halves for @fn when it is defined after them. */
void fold_add_prototype_before(struct strbuf *protos, CXCursor fn,
			       const struct split_plan *plan, const char *buf);
/* Remove the whole line(s) of the statement @call stands in. */
/*
 * The top-level declaration of @body, alone in its statement, that derives
 * the structure from the tasklet or work argument @param through its member
 * @field: `T *x = from_tasklet(x, param, field);` or `T *x =
 * container_of(param, T, field);`.
 */
CXCursor fold_derivation(CXCursor body, const char *param, const char *field);
void fold_remove_stmt_lines(struct edit_list *el, const char *buf, size_t len,
			    CXCursor call, const char *why);
/*
 * NULL when the statement of @stmt stands on its own in a block, so that
 * removing its lines leaves the code around it as it was; else what ties
 * it to the code around it (the unbraced body of an if or loop, the last
 * statement after a label), for the patch text.
 */
const char *fold_stmt_tied(CXCursor stmt);
/* What the fold does to the tasklet's setup and kill, for the patch text. */
const char *fold_teardown_note(const struct tasklet_fold *tf);
/*
 * Where the removal of the lines [@line, @end) of a statement starts: at
 * the comment right above it when that comment names @names or deferred
 * work (or, @irq, the irq: the line's disable/enable) and nothing but the
 * statement follows it up to a blank line or brace; else at @line.
 * (fold-comment.c)
 */
size_t fold_stale_comment(const char *buf, size_t len, size_t line,
			  size_t end, const struct strvec *names, bool irq);
/* fold_remove_stmt_lines() with the comment fold_stale_comment() finds. */
void fold_remove_stmt_named(struct edit_list *el, const char *buf,
			    size_t len, CXCursor stmt,
			    const struct strvec *names, bool irq,
			    const char *why);
/*
 * The comment above @call (or above the `if` whose body it is), the
 * thread's call of the tasklet's function now: "Schedule the tasklet to X"
 * becomes "X"; "X and the tasklet" becomes "X" when more follows the call;
 * one that names the tasklet otherwise goes, unless more follows it.
 */
void fold_reword_call_comment(struct edit_list *el, const char *buf,
			      size_t len, CXCursor call,
			      const struct strvec *names);
/*
 * "irq and workqueue" in the comment above the line @line, a statement
 * that keeps its other work, becomes "irq".
 */
void fold_reword_block_comment(struct edit_list *el, const char *buf,
			       size_t line, const struct strvec *names);
/*
 * Whether the comment [@begin, @line) only explained removed code: each of
 * its sentences names one of @names that is an identifier (the member,
 * the function, the calls that went), not a word such as "work".
 */
bool fold_comment_explains_removed(const char *buf, size_t begin,
				   size_t line, const struct strvec *names);
/*
 * The calls a fold of a tasklet (@work false) or work item removes or
 * replaces, added to @names for the comments that name them.
 */
void fold_add_api_names(struct strvec *names, bool work);
/*
 * The comments of [@begin, @end) of the file, in place or in the text an
 * edit renders there, after a fold: in the handler whose tasklet the
 * thread now calls, "softirq handler" becomes "thread"; in a work
 * function that became the thread, "workqueue function" becomes "threaded
 * handler", and a paragraph whose every sentence names the work item
 * (@names) or its queue goes.
 */
void fold_reword_region(struct edit_list *el, const char *buf, size_t len,
			size_t begin, size_t end, bool work,
			const struct strvec *names);
/* Where the comment right above the line @line starts, else @line. */
size_t fold_comment_start(const char *buf, size_t line);

/*
 * convert/fold-comment.c's helpers for convert/fold-reword.c.  A letter,
 * digit or `_`.  The comment that ends on the line before the one starting
 * at @line: its first line's start in *@begin; false when that line is
 * no comment's end, or the comment shares its first line with code.  A
 * block comment of one paragraph, shortened by an edit, filled again to
 * 80 columns (@c as it is when it has another shape).  Does every
 * sentence of [@c, @c + @n) name one of @names or @words?
 */
bool fold_word_char(char c);
bool fold_comment_above(const char *buf, size_t line, size_t *begin);
char *fold_refill(char *c);
bool fold_every_sentence_names(const char *c, size_t n,
			       const struct strvec *names,
			       const char *const *words);
/* Remove the lines @begin to @end (line starts), blank lines kept right. */
void fold_remove_lines(struct edit_list *el, const char *buf, size_t len,
		       size_t begin, size_t end, const char *why);
/*
 * Tell the lock analysis that the tasklets the thread will call run in the
 * thread (@folded), or again in softirq context (!@folded).
 */
void fold_mark(const struct split_plan *plan, bool folded);

#endif
