// SPDX-License-Identifier: GPL-2.0
/*
 * Where the handler schedules a tasklet, and whether a call of its
 * function can stand there: a tasklet runs once, after the handler has
 * returned and released its locks, however often it was scheduled.
 */
#include <stdlib.h>

#include "convert/fold.h"
#include "convert/split-parts.h"

/*
 * A lock the handler takes before @call and releases after it: @call runs
 * with it held, on some path at least.  The lock call, or a null cursor.
 */
static CXCursor lock_around(CXCursor call, const struct split_plan *plan)
{
	struct cursor_list locks = { NULL, 0, 0 }, unlocks = { NULL, 0, 0 };
	struct cursor_range r = cursor_range(call);
	CXCursor held = clang_getNullCursor();
	bool released_after = false;
	size_t i;

	find_calls(plan->def, split_is_lock, &locks);
	find_calls(plan->def, is_unlock, &unlocks);
	for (i = 0; i < unlocks.nr; i++)
		released_after |= cursor_range(unlocks.v[i]).begin >= r.end;
	for (i = 0; i < locks.nr && released_after; i++)
		if (cursor_range(locks.v[i]).end <= r.begin) {
			held = locks.v[i];
			break;
		}
	cursor_list_release(&locks);
	cursor_list_release(&unlocks);
	return held;
}

char *fold_schedule_refusal(CXCursor call, const struct split_plan *plan,
			    const struct cursor_list *scheds)
{
	CXCursor held;
	char *name, *why;

	if (scheds->nr > 1)
		return xasprintf("the handler schedules it at lines %u and %u: a tasklet scheduled twice runs once, after the handler, and its function called at each place would run twice, before the rest of the handler",
				 cursor_line(scheds->v[0]),
				 cursor_line(scheds->v[1]));
	held = lock_around(call, plan);
	if (clang_Cursor_isNull(held))
		return NULL;
	name = call_name(held);
	why = xasprintf("the handler schedules it at line %u with the lock it took with %s() at line %u held: the tasklet ran after the handler had released it, and its function called there would run under it",
			cursor_line(call), name, cursor_line(held));
	free(name);
	return why;
}
