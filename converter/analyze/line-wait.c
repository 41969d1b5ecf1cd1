// SPDX-License-Identifier: GPL-2.0
/*
 * A wait for the handler's own line under a spinlock (analyze/line-wait.h):
 * msnd's snd_msnd_disable_irq() calls disable_irq() under dev->lock, which
 * spins while the handler runs in hard-irq context and would sleep while
 * its thread runs.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/held.h"
#include "analyze/line-wait.h"
#include "analyze/lock-graph.h"
#include "ast/cursor.h"

struct line_wait {
	CXCursor call;		/* the wait looked for */
	char *lock;		/* the primitive last taken, as written */
	bool found;
};

static int change(CXCursor call, struct held_walk *hw)
{
	struct line_wait *lw = hw->data;
	char *written = NULL;
	const struct kapi_lock *k = lm_lock_call(call, &written);
	int c = 0;

	if (k)
		c = k->op == LO_ACQUIRE ? 1 : -1;
	else
		c = lm_irq_switch(written);
	if (c > 0) {
		free(lw->lock);
		lw->lock = written;
	} else {
		free(written);
	}
	return c;
}

static void at(CXCursor call, struct held_walk *hw)
{
	struct line_wait *lw = hw->data;

	/* The same call, seen again from its function's definition. */
	if (hw->held > 0 &&
	    clang_equalLocations(clang_getCursorLocation(call),
				 clang_getCursorLocation(lw->call))) {
		lw->found = true;
		hw->stop = true;
	}
}

static bool waits_for(CXCursor call, const char *line)
{
	static const char *const waits[] = {
		"disable_irq", "synchronize_irq", NULL,
	};
	char *name = call_name(call), *id;
	bool hit = name_in(name, waits);

	free(name);
	if (!hit)
		return false;
	id = lm_irq_identity(call, 0);
	hit = id && !strcmp(id, line);
	free(id);
	return hit;
}

/* "foo()", or "foo() in msnd.c" when another file than the handler's. */
static char *where_written(const struct lm_fn *fn, CXCursor handler)
{
	char *file = cursor_file(fn->def), *home = cursor_file(handler);
	const char *base = file ? strrchr(file, '/') : NULL;
	char *s;

	if (file && home && strcmp(file, home))
		s = xasprintf("%s() in %s", fn->name, base ? base + 1 : file);
	else
		s = xasprintf("%s()", fn->name);
	free(file);
	free(home);
	return s;
}

bool line_waits_atomic(struct lock_module *lm, CXCursor handler,
		       struct refusal *why)
{
	ssize_t h = lm ? lm_fn_of(lm, handler) : -1;
	const char *line = h >= 0 ? lm->fns[h].own_line : NULL;
	size_t i, k;

	for (i = 0; line && i < lm->nr_fns; i++) {
		const struct lm_fn *fn = &lm->fns[i];

		for (k = 0; k < fn->nr_lines; k++) {
			struct line_wait lw = { fn->lines[k], NULL, false };
			struct held_walk hw = { change, at, &lw, false, 0,
						false };
			char *name, *where;

			if (!waits_for(fn->lines[k], line))
				continue;
			held_walk(fn->def, &hw);
			if (!lw.found) {
				free(lw.lock);
				continue;
			}
			name = call_name(fn->lines[k]);
			where = where_written(fn, handler);
			refusal_set(why, R_LINE_WAIT_ATOMIC, where, name,
				    cursor_line(fn->lines[k]), lw.lock, name);
			free(where);
			free(name);
			free(lw.lock);
			return true;
		}
	}
	return false;
}
