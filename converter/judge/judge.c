// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "convert/callsite.h"
#include "convert/cursor.h"
#include "convert/split.h"
#include "judge/judge.h"
#include "scan/scan.h"

enum reason judge_strategy_reason(const struct split_plan *plan)
{
	if (plan->whole_thread)
		return R_SPLIT_ONESHOT_WHOLE;
	switch (plan->strategy) {
	case SPLIT_MASK:
		return R_SPLIT_MASK;
	case SPLIT_STAGED:
		return R_STAGED;
	default:
		return R_SPLIT_ONESHOT_CHECK;
	}
}

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

static void plan(struct scan_site *s, const struct callsite *cs,
		 const char *buf, size_t len, struct lock_module *lm)
{
	struct split_plan plan;

	split_plan_make(cs->handler_def, buf, len, cs->shared, cs->exclusive,
			SPLIT_NONE, lm, &plan);
	if (plan.strategy == SPLIT_NONE) {
		scan_site_judge_text(s, plan.refusal.code, plan.refusal.text);
	} else {
		free(s->strategy);
		s->strategy = xstrdup(split_strategy_name(plan.strategy));
		scan_site_judge_text(s, judge_strategy_reason(&plan), plan.why);
	}
	split_plan_release(&plan);
}

void judge_handler(struct scan_site *s, CXCursor def, struct lock_module *lm)
{
	CXTranslationUnit unit = clang_Cursor_getTranslationUnit(def);
	struct callsite_list sites;
	const struct callsite *cs;
	char *path = cursor_file(def), *buf;
	size_t len;

	buf = read_file(path, &len);
	if (!buf) {
		scan_site_judge(s, R_HANDLER_NO_BODY, s->handler);
		free(path);
		return;
	}
	/* The request as convert reads it: the flags, the handler. */
	callsites_find(unit, path, buf, &sites);
	cs = callsite_at(&sites, s->call.line);
	if (!cs)
		scan_site_judge(s, R_REQUEST_VIA_MACRO);
	else if (cs->refusal.text)
		scan_site_judge_text(s, cs->refusal.code, cs->refusal.text);
	else if (!clang_equalCursors(cs->handler_def, def))
		scan_site_judge(s, R_HANDLER_NOT_HERE, s->handler);
	else
		plan(s, cs, buf, len, lm);
	callsites_release(&sites);
	free(buf);
	free(path);
}
