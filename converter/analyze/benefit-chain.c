// SPDX-License-Identifier: GPL-2.0
/*
 * The deferrals a thread keeps (docs/convert.md, "What a conversion
 * gains"): a handler that ends by scheduling a tasklet or queueing a work
 * item the conversion does not fold (it is also scheduled elsewhere, or
 * the fold is refused) still has the work the driver cares about run in
 * softirq context or by a worker, now one step later: hard irq -> thread
 * -> tasklet.  Such a thread pays only with what else it moves, judged by
 * the rules of analyze/benefit.c.  And the calls that tell a serial
 * port's handler, whose loops move characters between a UART FIFO and the
 * tty layer.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/benefit.h"
#include "tu.h"

static const struct {
	const char *name;
	int arg;		/* the tasklet or work item */
	bool tasklet;
} keepers[] = {
	{ "tasklet_schedule", 0, true }, { "tasklet_hi_schedule", 0, true },
	{ "__tasklet_schedule", 0, true }, { "__tasklet_hi_schedule", 0, true },
	{ "schedule_work", 0, false }, { "schedule_delayed_work", 0, false },
	{ "queue_work", 1, false }, { "queue_delayed_work", 1, false },
	{ "mod_delayed_work", 1, false }, { "queue_work_on", 2, false },
	{ "queue_delayed_work_on", 2, false },
	{ "mod_delayed_work_on", 2, false },
};

/* The expression as written, without a leading '&': "cqdma->pc[i]->t". */
static char *written(CXCursor e)
{
	struct strvec t = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	cursor_tokens(e, &t);
	for (i = 0; i < t.nr; i++) {
		if (!i && !strcmp(t.v[i], "&") && t.nr > 1)
			continue;
		strbuf_addstr(&sb, t.v[i]);
	}
	strvec_clear(&t);
	return strbuf_detach(&sb);
}

void benefit_note_chain(CXCursor call, const char *callee, struct benefit *b)
{
	struct strvec *v;
	char *what, *s;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keepers); i++) {
		if (strcmp(keepers[i].name, callee))
			continue;
		if (clang_Cursor_getNumArguments(call) <= keepers[i].arg)
			return;
		v = keepers[i].tasklet ? &b->tasklets : &b->works;
		what = written(clang_Cursor_getArgument(call, keepers[i].arg));
		s = xasprintf("'%s' (%s())", what, callee);
		free(what);
		if (strvec_has(v, s))
			free(s);
		else
			strvec_push_nodup(v, s);
		return;
	}
}

static void add_kept(struct strbuf *sb, const struct strvec *v,
		     const char *one, const char *more)
{
	size_t i;

	strbuf_addstr(sb, plural(v->nr, one, more));
	for (i = 0; i < v->nr; i++)
		strbuf_addf(sb, "%s%s", i == 0 ? " " :
			    i + 1 == v->nr ? " and " : ", ", v->v[i]);
}

char *benefit_chain(const struct benefit *b)
{
	bool tasklets = b->tasklets.nr && !b->code[BENEFIT_TASKLET_FOLDED] &&
			!b->direct.nr;
	bool works = b->works.nr && !b->code[BENEFIT_WORK_FOLDED];
	struct strbuf sb = STRBUF_INIT;

	if (!tasklets && !works)
		return NULL;
	if (tasklets)
		add_kept(&sb, &b->tasklets, "scheduling the tasklet",
			 "scheduling the tasklets");
	if (tasklets && works)
		strbuf_addstr(&sb, " and ");
	if (works)
		add_kept(&sb, &b->works, "queueing the work item",
			 "queueing the work items");
	if (tasklets && b->kept_why.nr)
		strbuf_addf(&sb, ", which the conversion does not fold (%s)",
			    b->kept_why.v[0]);
	else
		strbuf_addstr(&sb, ", which the conversion does not fold");
	strbuf_addf(&sb, ", so the work the driver cares about still runs %s, a step later: hard irq -> thread -> %s",
		    tasklets && works ? "in softirq context and in a worker" :
		    tasklets ? "in softirq context" : "in a worker",
		    tasklets && works ? "tasklet and workqueue" :
		    tasklets ? "tasklet" : "workqueue");
	return strbuf_detach(&sb);
}

bool benefit_is_tty(const char *callee, const void *unused)
{
	static const char *const names[] = {
		"uart_insert_char", "uart_handle_sysrq_char",
		"uart_write_wakeup", "uart_xmit_advance",
		"uart_handle_cts_change", "uart_handle_dcd_change",
		"tty_insert_flip_char", "tty_insert_flip_string",
		"tty_insert_flip_string_fixed_flag", "tty_flip_buffer_push",
		"__tty_insert_flip_char", NULL
	};

	(void)unused;
	return name_in(callee, names);
}
