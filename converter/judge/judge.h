/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_JUDGE_JUDGE_H
#define IRQCONV_JUDGE_JUDGE_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "model/reasons.h"

struct scan_site;
struct split_plan;
struct lock_module;
struct scan_sites;
struct scan_tu;
struct edit_list;
struct kbuild;

/*
 * Decide @s->verdict, strategy and reasons; @all are the file.s sites.
 * The request-level checks come first; a handler they let through is
 * judged by convert.s planner (judge/judge.c) when @st->plan_handlers.
 */
void scan_judge(struct scan_tu *st, struct scan_site *s,
		const struct scan_sites *all);

/* Find, analyse and judge every request site of one parsed file. */
void judge_file(struct scan_tu *st, bool not_in_config,
		struct scan_sites *out);

/*
 * The decision for the handler @def of @s, whose request scan's
 * request-level checks let through: what convert would do with it, made
 * by convert's own request reader (convert/callsite.c) and planner
 * (convert/split.c), so that scan predicts convert and the two never
 * disagree on a site both analyse.  Sets @s's verdict, strategy and
 * reason.  The request is in @req_path, a file of @unit; @def may be
 * defined in another file of the module, where it is planned.
 * accessors_learn() must have seen @unit; @kb places a header the
 * conversion edits in the tree (NULL: not checked); @lm is the module's
 * lock analysis (analyze/lock-graph.h), or NULL.
 */
void judge_handler(struct scan_site *s, CXTranslationUnit unit,
		   const char *req_path, CXCursor def, struct kbuild *kb,
		   struct lock_module *lm);

/* The reason code of the strategy @plan chose. */
enum reason judge_strategy_reason(const struct split_plan *plan);

/*
 * Why @plan, whose benefit was judged and found declined
 * (benefit_declined()), is declined: the code (no-gain, or per-queue for
 * a handler requested once per queue) and its sentence; @refusal is the
 * planner's refusal when the split was refused on its silencing (it is
 * declined first, the answer a maintainer wants), else NULL.
 */
enum reason judge_decline_code(const struct split_plan *plan);
char *judge_no_gain_reason(const struct split_plan *plan, const char *refusal);

/*
 * Whether the refusal @code holds only for a conversion that gives the
 * handler a thread: the handler must stay in hard-irq context
 * (analyze/hardirq-only.c, analyze/netpoll.c).  The staged strategy keeps
 * it there (request_irq_quickcheck(), no thread), so convert --strategy
 * staged passes such a site on to its planner.
 */
bool judge_refusal_needs_thread(const char *code);

/*
 * No gain comes first: a site that would gain nothing is declined no-gain,
 * and what else refuses it is said after ("and besides, ...").  That holds
 * for a refusal of the rewrite's mechanics (@code is one, below), found by
 * the planner, the renderer or convert's validators, and for a split
 * refused on its silencing; any other refusal says why the handler must
 * stay as it is, and stands.
 */
bool judge_refusal_mechanical(enum reason code);
/*
 * Whether @plan, refused for @code, is declined instead: the benefit judged
 * (split_benefit() with the edits @el rendered so far, or NULL, and the
 * request @request) says it gains nothing.
 */
bool judge_declines_refused(struct split_plan *plan, CXCursor request,
			    const struct edit_list *el, enum reason code);
/*
 * @s, which the judge declined (no-gain, per-queue), is refused by a later
 * mechanical step with the sentence @refusal (requested-twice): true when
 * the decline stands, @refusal added to its reason; false when @s was not
 * declined and the refusal is its verdict.
 */
bool judge_decline_stands(struct scan_site *s, const char *refusal);

#endif
