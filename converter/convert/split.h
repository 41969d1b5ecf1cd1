/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_SPLIT_H
#define IRQCONV_CONVERT_SPLIT_H

#include <clang-c/Index.h>

#include "analyze/benefit.h"
#include "ast/cursor.h"
#include "model/reasons.h"
#include "rewrite/edit.h"

struct kbuild;
struct line_share;
struct lock_module;
struct side_edits;
struct work_fold;

/*
 * How one hard-irq handler splits into a quick check and a thread.
 *
 * The handler body is cut at the top level into statements, each given a
 * role: context declarations (pointer derivations both halves need), the
 * quick-check part (everything up to the ownership check, the first
 * `if (...) return IRQ_NONE;` that depends on a device read), the silencing
 * group (device writes that acknowledge or mask the interrupt, moved into
 * the quick check) and the thread part (the rest).
 */
enum split_strategy {
	SPLIT_NONE,
	SPLIT_MASK,		/* quick check silences the device; no ONESHOT */
	SPLIT_ONESHOT,		/* line masked by IRQF_ONESHOT until the thread ends */
	SPLIT_STAGED,		/* quick check + old handler via request_irq_quickcheck() */
};

enum stmt_role {
	ROLE_CONTEXT,
	ROLE_QUICK,
	ROLE_SILENCE,
	ROLE_THREAD,
	ROLE_TAIL,		/* unlock and return a locked handler ends with */
};

struct split_stmt {
	CXCursor cursor;
	enum stmt_role role;
	size_t line_begin;	/* byte offset of the first line it owns */
	size_t line_end;	/* one past the newline of its last line */
	bool replay;		/* a quick assignment the thread repeats */
};

/* A local the quick check computes and the thread needs. */
struct split_handover {
	CXCursor decl;
	char *name;
	char *type;
	char *field;		/* new member of the private structure */
	bool declared_in_quick;	/* its declaration moves to the quick check */
};

struct split_plan {
	char *handler;
	char *quick_name;
	char *thread_name;
	char *file;		/* absolute path of the handler's file */
	enum split_strategy strategy;
	struct refusal refusal;	/* why not, when strategy is SPLIT_NONE */
	char *why;		/* why this strategy, one sentence */

	CXCursor def;
	struct cursor_range def_range;
	size_t body_open;	/* offset just past the line holding '{' */
	size_t body_close;	/* offset of the line holding the final '}' */

	struct split_stmt *stmts;
	size_t nr_stmts;
	struct split_handover *handovers;
	size_t nr_handovers;
	char *zero_check_var;	/* ownership check is `!var`: thread guard */

	/*
	 * A handler that takes its lock before the check: the quick check
	 * takes it too and ends with the old tail (label, unlock, return);
	 * the thread takes it with spin_lock_irqsave().
	 */
	char *lock_arg;		/* "&cp->lock", NULL when not locked */
	char *tail_label;	/* the label on the tail unlock, or NULL */
	size_t tail;		/* index of the tail unlock statement */
	bool thread_goes_to_tail;	/* the thread keeps the label */

	/* The private structure the handover fields go into. */
	char *priv_var;
	char *priv_struct;
	char *priv_file;
	size_t priv_close;	/* its '}', or a trailing flexible array */
	CXCursor priv_decl;

	/*
	 * A header of the driver that also declares the handler (acenic.h):
	 * its prototype is rewritten there, as the private structure's fields are.
	 */
	char *proto_file;

	struct strvec notes;	/* what a reviewer should know */
	struct strvec moved;	/* one line per kind of code moved to the thread */

	/*
	 * Why the first write after the check may not silence the device in the
	 * quick check (analyze/silence-evidence.h): a reason code and its
	 * sentence (NULL when it may, or there is no candidate write).
	 */
	enum reason silence_code;
	char *silence_why;

	/* What the conversion gains, once split_benefit() has judged it. */
	struct benefit benefit;

	/*
	 * No ownership check on an exclusive line: NULL primary, IRQF_ONESHOT,
	 * and the old handler, unchanged, is the thread function.
	 */
	bool whole_thread;
	/*
	 * Why a handler with a check of whose interrupt it is moved whole (a
	 * sentence for the patch), or NULL when it has none.
	 */
	char *whole_why;
	/*
	 * The handler only queued a work item: the work function is the
	 * thread, under the handler's name (convert/fold-work.h), or NULL.
	 */
	struct work_fold *work;
	/* Moved whole, but edited for thread context (convert/whole-edits.h). */
	bool whole_edited;
	/*
	 * The requesters of a shared line (analyze/line-share.h), NULL when
	 * the flags do not share it; read while planning only.
	 */
	const struct line_share *line;
	/*
	 * A shared line whose requesters agree: moved whole with IRQF_SHARED
	 * | IRQF_ONESHOT, and what the patch says of the requesters, else NULL.
	 */
	char *agreed_line;

	/* The module's locks and contexts (analyze/lock-graph.h), or NULL. */
	struct lock_module *lm;
	/*
	 * Edits in other files of the driver, kept apart until the site
	 * converts (convert/side-edits.h); NULL where none may be made.
	 */
	struct side_edits *side;
};

/* Offsets of the start of the line holding @off, and just past its end. */
size_t split_line_start(const char *buf, size_t off);
size_t split_line_after(const char *buf, size_t len, size_t off);
/* The length of an empty line at @s ("\n" or "\r\n"), else 0. */
size_t split_empty_line_len(const char *s);
/* Whether the line before the one starting at @begin is empty. */
bool split_empty_line_before(const char *buf, size_t begin);
/* spin_lock and the variants that may take a lock in hard-irq context */
bool split_is_lock(const char *callee);

/*
 * Plan the split of the handler defined at @def in a file whose contents
 * are @buf.  @shared tells whether the request passes IRQF_SHARED,
 * @exclusive that its flags are a constant without it: only then may a
 * handler with no ownership check move to the thread whole, and only when
 * its body assumes nothing of hard-irq context (convert/context.h).
 * @line says who else may request a shared line (NULL: not known), so
 * that a handler whose line they all agree on may move whole there too.
 * Returns 0 with plan->strategy set, or SPLIT_NONE and plan->reason.
 */
int split_plan_make(CXCursor def, const char *buf, size_t len, bool shared,
		    bool exclusive, const struct line_share *line,
		    enum split_strategy wanted, struct lock_module *lm,
		    struct split_plan *plan);

/*
 * split_plan_make() for the handler @cs requests, from @buf, the text of
 * the file defining it: with the module's accessors learnt and, on a
 * shared line, what its requesters agree on.
 */
struct callsite;
void split_plan_site(const struct callsite *cs, const char *buf, size_t len,
		     enum split_strategy wanted, struct lock_module *lm,
		     struct split_plan *plan);
void split_plan_release(struct split_plan *plan);

/*
 * The one header besides the handler's file that @plan edits, the private
 * structure's or the prototype's: its path in the tree of @kb in *@hrel
 * (NULL for none, or when @kb is NULL).  -1 with *@why set when the two
 * differ or the header is outside the tree.
 */
int split_plan_header(const struct split_plan *plan, struct kbuild *kb,
		      char **hrel, struct refusal *why);

/*
 * Judge what the planned split gains (analyze/benefit.h) into @b, after
 * split_render_all() has made the edits @el (a folded tasklet shows there), or
 * before any, with @el NULL, for a split refused on its silencing.
 */
void split_benefit(const struct split_plan *plan, const struct edit_list *el,
		   struct benefit *b);

const char *split_strategy_name(enum split_strategy s);
enum split_strategy split_strategy_parse(const char *name);

/*
 * Add to @el the edits that replace the handler in @buf by its two halves
 * (and fold its tasklet), and to @hdr, the edits of the file @hbuf that
 * holds the private structure, its new fields, or the handler's prototype
 * (plan->proto_file) its two halves (@hdr may be @el).  What a
 * reviewer should know goes to @notes.  -1 with @reason when it cannot.
 */
int split_render_all(const struct split_plan *plan, const char *buf,
		     size_t len, const char *hbuf, struct edit_list *el,
		     struct edit_list *hdr, struct strvec *notes,
		     struct refusal *why);

#endif
