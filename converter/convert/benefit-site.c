// SPDX-License-Identifier: GPL-2.0
/*
 * The benefit judgement of one planned split (analyze/benefit.c): the
 * statements the thread takes over from the old handler, and whether the
 * rendering folded a tasklet into it.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/split.h"

static bool read_pred(const char *callee, void *data)
{
	(void)data;
	return is_device_read(callee);
}

static bool write_pred(const char *callee, void *data)
{
	(void)data;
	return is_device_write(callee);
}

void split_benefit(const struct split_plan *plan, const struct edit_list *el,
		   struct benefit *b)
{
	static const struct access_preds ap = { read_pred, write_pred, NULL };
	CXCursor *moved = xcalloc(plan->nr_stmts + 1, sizeof(*moved));
	bool folded = false;
	size_t i, n = 0;

	for (i = 0; i < plan->nr_stmts; i++)
		if (plan->whole_thread || plan->stmts[i].role == ROLE_THREAD)
			moved[n++] = plan->stmts[i].cursor;
	/*
	 * render.c removes the tasklet_setup() of a tasklet it folds into the
	 * thread, and says so in the edit.
	 */
	for (i = 0; el && i < el->nr; i++)
		folded |= el->v[i].why &&
			  !strcmp(el->v[i].why, "tasklet setup/kill");
	benefit_judge(plan->def, moved, n, &ap, folded, b);
	/* convert/fold-work.c: the work function became the thread. */
	b->code[BENEFIT_WORK_FOLDED] = plan->work != NULL;
	free(moved);
}
