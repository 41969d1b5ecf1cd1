// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "analyze/sites.h"
#include "ast/cursor.h"
#include "convert/callsite.h"
#include "convert/split.h"
#include "judge/judge.h"

enum reason judge_strategy_reason(const struct split_plan *plan)
{
	if (plan->work)
		return R_WORK_THREAD;
	if (plan->whole_thread)
		return plan->agreed_line ? R_ONESHOT_SHARED_AGREED :
					   R_SPLIT_ONESHOT_WHOLE;
	switch (plan->strategy) {
	case SPLIT_MASK:
		return R_SPLIT_MASK;
	case SPLIT_STAGED:
		return R_STAGED;
	default:
		return R_SPLIT_ONESHOT_CHECK;
	}
}

/* The request a handler is judged for, as convert would rewrite it. */
struct judge_request {
	const char *path;	/* the requesting file */
	const char *buf;	/* and its text */
	size_t len;
	struct kbuild *kb;	/* NULL: a header is not placed in the tree */
	struct lock_module *lm;
	const struct callsite_list *sites;	/* the file's requests */
};

/* Convert's reading of the request at @line: its flags and its handler. */
static const struct callsite *callsite_at(const struct callsite_list *l,
					  unsigned int line)
{
	size_t i;

	for (i = 0; i < l->nr; i++)
		if (l->v[i].line == line)
			return &l->v[i];
	return NULL;
}

enum reason judge_decline_code(const struct split_plan *plan)
{
	if (!benefit_no_gain(&plan->benefit))
		return R_PER_QUEUE;
	return plan->benefit.direct.nr ? R_TASKLET_OPTIONAL : R_NO_GAIN;
}

/* "fn() directly unless `c`", joined: the tasklets also run directly. */
static char *direct_reason(const struct split_plan *plan, const char *figures,
			   const char *besides)
{
	const struct strvec *d = &plan->benefit.direct;
	struct strbuf sb = STRBUF_INIT;
	char *reason;
	size_t i;

	for (i = 0; i < d->nr; i++)
		strbuf_addf(&sb, "%s%s", i == 0 ? "" :
			    i + 1 == d->nr ? " and " : ", ", d->v[i]);
	reason = reason_format(R_TASKLET_OPTIONAL, plan->handler, sb.buf,
			       figures, besides);
	strbuf_release(&sb);
	return reason;
}

char *judge_no_gain_reason(const struct split_plan *plan, const char *refusal)
{
	char *only = benefit_deferrals(&plan->benefit);
	char *figures = benefit_figures(&plan->benefit);
	char *besides = refusal ? xasprintf("; and besides, %s", refusal) :
				  xstrdup("");
	char *reason;

	if (judge_decline_code(plan) == R_PER_QUEUE) {
		char *where = benefit_per_queue_where(&plan->benefit);

		reason = reason_format(R_PER_QUEUE, plan->handler, where,
				       benefit_per_queue_cost(&plan->benefit),
				       figures, besides);
		free(where);
	} else if (judge_decline_code(plan) == R_TASKLET_OPTIONAL) {
		reason = direct_reason(plan, figures, besides);
	} else {
		reason = reason_format(R_NO_GAIN, only, figures, besides);
	}

	free(besides);
	free(figures);
	free(only);
	return reason;
}

/* The header convert would edit beside @path for @plan, read, or NULL. */
static char *plan_header(const struct split_plan *plan, const char *path)
{
	const char *h = plan->priv_file && plan->nr_handovers ?
			plan->priv_file : NULL;

	if (plan->proto_file)
		h = plan->proto_file;
	return h && strcmp(h, path) ? read_file(h, NULL) : NULL;
}

/* @s, judged @refusal (or nothing), is declined: it would gain nothing. */
static void judge_decline(struct scan_site *s, const struct split_plan *plan,
			  const char *refusal)
{
	char *r = judge_no_gain_reason(plan, refusal);

	scan_site_judge_text(s, judge_decline_code(plan), r);
	free(r);
}

/*
 * Render the halves as convert does, into scratch edits, so that a render
 * refusal and what the conversion gains (a folded tasklet shows in the
 * edits) are judged alike.
 */
static void judge_rendered(struct scan_site *s, struct split_plan *plan,
			   const struct callsite *cs, const char *path,
			   const char *buf, size_t len,
			   const struct judge_request *req)
{
	struct refusal why = REFUSAL_INIT;
	struct strvec notes = STRVEC_INIT;
	struct edit_list el, hdr;
	char *hbuf = NULL, *hrel = NULL;

	edit_list_init(&el, path);
	edit_list_init(&hdr, path);
	/*
	 * The request's rewrite is checked as convert checks it before it
	 * writes; Coccinelle's agreement is left to convert (a veto).
	 */
	if (!split_plan_header(plan, req->kb, &hrel, &why))
		hbuf = plan_header(plan, path);
	if (why.text ||
	    split_render_all(plan, buf, len, hbuf ? hbuf : buf, &el,
			     hbuf ? &hdr : &el, &notes, &why) ||
	    callsite_check(cs, req->sites, req->buf, req->len,
			   split_request_form(plan), &why)) {
		if (why.text)
			scan_site_judge_text(s, why.code, why.text);
		if (why.text && plan->strategy != SPLIT_STAGED &&
		    judge_declines_refused(plan, cs->call, &el, why.code))
			judge_decline(s, plan, why.text);
	} else if (plan->strategy != SPLIT_STAGED) {
		split_benefit(plan, &el, &plan->benefit);
		benefit_note_request(&plan->benefit, cs->call);
		if (benefit_declined(&plan->benefit))
			judge_decline(s, plan, NULL);
	}
	refusal_release(&why);
	strvec_clear(&notes);
	edit_list_release(&el);
	edit_list_release(&hdr);
	free(hbuf);
	free(hrel);
}

static void plan(struct scan_site *s, const struct callsite *cs,
		 const char *path, const char *buf, size_t len,
		 const struct judge_request *req)
{
	struct lock_module *lm = req->lm;
	struct split_plan plan;

	split_plan_site(cs, buf, len, SPLIT_NONE, lm, &plan);
	if (plan.strategy == SPLIT_NONE) {
		scan_site_judge_text(s, plan.refusal.code, plan.refusal.text);
		if (judge_declines_refused(&plan, cs->call, NULL,
					   plan.refusal.code))
			judge_decline(s, &plan, plan.refusal.text);
	} else {
		free(s->strategy);
		s->strategy = xstrdup(split_strategy_name(plan.strategy));
		scan_site_judge_text(s, judge_strategy_reason(&plan), plan.why);
		judge_rendered(s, &plan, cs, path, buf, len, req);
	}
	split_plan_release(&plan);
}

/*
 * Plan @cs's handler in its own file: the register accessors a planner
 * recognises are that file's (a sibling of the module has its own).
 */
static void plan_in_file(struct scan_site *s, const struct callsite *cs,
			 const struct judge_request *req)
{
	CXTranslationUnit unit = clang_Cursor_getTranslationUnit(cs->handler_def);
	CXTranslationUnit req_unit = clang_Cursor_getTranslationUnit(cs->call);
	char *path = cursor_file(cs->handler_def), *buf;
	size_t len;

	buf = read_file(path, &len);
	if (!buf) {
		scan_site_judge(s, R_HANDLER_NO_BODY, s->handler);
		free(path);
		return;
	}
	if (unit != req_unit)
		accessors_learn(unit, path);
	plan(s, cs, path, buf, len, req);
	if (unit != req_unit)
		accessors_learn(req_unit, req->path);
	free(buf);
	free(path);
}

/*
 * A handler passed in as a parameter (libata's ata_pci_sff_activate_host()
 * requests the irq_handler its callers give it): scan resolved it to @def
 * through the callers, and it is planned as the request would run it.
 */
static void plan_passed(struct scan_site *s, const struct callsite *cs,
			CXCursor def, const struct judge_request *req)
{
	struct callsite passed = *cs;

	passed.handler_def = def;
	passed.handler = s->handler;
	plan_in_file(s, &passed, req);
}

void judge_handler(struct scan_site *s, CXTranslationUnit unit,
		   const char *req_path, CXCursor def, struct kbuild *kb,
		   struct lock_module *lm)
{
	struct judge_request req = { req_path, NULL, 0, kb, lm, NULL };
	struct callsite_list sites;
	const struct callsite *cs;
	char *buf;

	buf = read_file(req_path, &req.len);
	if (!buf) {
		scan_site_judge(s, R_HANDLER_NO_BODY, s->handler);
		return;
	}
	req.buf = buf;
	/* The request as convert reads it: the flags, the handler. */
	callsites_find(unit, req_path, buf, lm, &sites);
	req.sites = &sites;
	cs = callsite_at(&sites, s->call.line);
	if (!cs)
		scan_site_judge(s, R_REQUEST_VIA_MACRO);
	else if (cs->refusal.code == R_HANDLER_NOT_FUNCTION &&
		 !clang_Cursor_isNull(def))
		plan_passed(s, cs, def, &req);
	else if (cs->refusal.text)
		scan_site_judge_text(s, cs->refusal.code, cs->refusal.text);
	else if (!clang_equalCursors(cs->handler_def, def))
		scan_site_judge(s, R_HANDLER_NOT_HERE, s->handler);
	else
		plan_in_file(s, cs, &req);
	callsites_release(&sites);
	free(buf);
}

bool judge_refusal_needs_thread(const char *code)
{
	static const enum reason thread_only[] = {
		R_CHAINED_HANDLER, R_RESET_PATH, R_COUNTS_EVERY_IRQ,
		R_TIMESTAMPS_IRQ, R_NETPOLL_WORK,
	};
	size_t i;

	for (i = 0; i < sizeof(thread_only) / sizeof(thread_only[0]); i++)
		if (!strcmp(code, reason_code(thread_only[i])))
			return true;
	return false;
}

/*
 * Refusals of the rewrite's mechanics: convert could not write this
 * conversion (a value it cannot hand over, a request it would leave
 * behind, its own checks of what it wrote), not that the handler must
 * stay as it is.
 */
bool judge_refusal_mechanical(enum reason code)
{
	static const enum reason mechanical[] = {
		R_REQUESTED_TWICE, R_HANDLER_REFERENCED, R_DIRECT_CALL_UNREWRITABLE,
		R_REQUEST_VIA_MACRO, R_HANDOVER_TYPE, R_HANDOVER_DERIVED,
		R_NO_PRIVATE_STRUCT, R_HEADER_MISMATCH, R_STRUCT_OUTSIDE_TREE,
		R_TWO_STATEMENTS_ONE_LINE, R_STATEMENT_ON_CLOSING_LINE,
		R_SOFTIRQ_IN_RETURN, R_BH_BRACKET_UNDER_LOCK,
		R_COCCI_DISAGREES, R_COCCI_FAILED, R_EDITS_OVERLAP,
	};
	size_t i;

	for (i = 0; i < sizeof(mechanical) / sizeof(mechanical[0]); i++)
		if (code == mechanical[i])
			return true;
	return false;
}

bool judge_declines_refused(struct split_plan *plan, CXCursor request,
			    const struct edit_list *el, enum reason code)
{
	if (!judge_refusal_mechanical(code) &&
	    !(plan->strategy == SPLIT_NONE && plan->silence_why))
		return false;
	split_benefit(plan, el, &plan->benefit);
	benefit_note_request(&plan->benefit, request);
	return benefit_declined(&plan->benefit);
}

bool judge_decline_stands(struct scan_site *s, const char *refusal)
{
	char *r;

	if (s->verdict != VERDICT_CONVERTIBLE || !s->reason_codes.nr ||
	    !reason_code_declines(s->reason_codes.v[0]))
		return false;
	r = xasprintf(strstr(s->reasons.v[0], "; and besides, ") ?
		      "%s; and %s" : "%s; and besides, %s",
		      s->reasons.v[0], refusal);
	free(s->reasons.v[0]);
	s->reasons.v[0] = r;
	return true;
}
