// SPDX-License-Identifier: GPL-2.0
/*
 * What the patch says of a handler moved whole into the thread, each claim
 * read from the handler: whether it has a test that answers IRQ_NONE (one
 * that wraps its work, `if (status) { ... }`, is a check in all but form),
 * which irq lines it disables or enables, and whether a call through a
 * function pointer hides what it raises.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/kapi-raise.h"
#include "analyze/reach.h"
#include "ast/cursor.h"
#include "patches/describe.h"

/* The source text of @c, white space runs as one space. */
static char *source_text(CXCursor c)
{
	struct cursor_range r = cursor_range(c);
	char *file = cursor_file(c), *text = read_file(file, NULL);
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = r.begin; text && i < r.end && text[i]; i++) {
		bool space = text[i] == ' ' || text[i] == '\t' ||
			     text[i] == '\n' || text[i] == '\r';

		if (!space)
			strbuf_addch(&sb, text[i]);
		else if (sb.len && sb.buf[sb.len - 1] != ' ')
			strbuf_addch(&sb, ' ');
	}
	free(text);
	free(file);
	return strbuf_detach(&sb);
}

/*
 * The condition of the first if statement of @body's top level that
 * decides what the handler answers: it returns, or names IRQ_NONE or
 * IRQ_HANDLED, in a branch.  NULL when there is none.
 */
static char *deciding_if(CXCursor body)
{
	struct cursor_list stmts = { NULL, 0, 0 }, kids = { NULL, 0, 0 };
	char *cond = NULL;
	size_t i;

	cursor_children(body, &stmts);
	for (i = 0; i < stmts.nr && !cond; i++) {
		struct cursor_answers a = { 0, 0, false };

		if (clang_getCursorKind(stmts.v[i]) != CXCursor_IfStmt)
			continue;
		cursor_answers_in(stmts.v[i], &a);
		cursor_children(stmts.v[i], &kids);
		if ((a.none || a.handled || has_return(stmts.v[i])) && kids.nr)
			cond = source_text(kids.v[0]);
		cursor_list_release(&kids);
	}
	cursor_list_release(&stmts);
	return cond;
}

void describe_whole_check(struct strbuf *sb, const struct split_plan *plan)
{
	static const char *const why = "on a line it does not share, answering in hard-irq context would only save the wake-up of the thread for a spurious interrupt.";
	CXCursor body = cursor_fn_body(plan->def);
	struct cursor_answers a = { 0, 0, false };
	char *cond;

	if (!clang_Cursor_isNull(body))
		cursor_answers_in(body, &a);
	if (!clang_Cursor_isNull(body) && !a.none && !a.other_return) {
		strbuf_addf(sb, "%s() has no check of whose interrupt it is: it always returns IRQ_HANDLED.",
			    plan->handler);
		return;
	}
	cond = a.none ? deciding_if(body) : NULL;
	if (cond)
		strbuf_addf(sb, "%s()'s own test, `if (%s)`, which decides whether it returns IRQ_NONE, moves to the thread with the rest: %s",
			    plan->handler, cond, why);
	else if (a.none)
		strbuf_addf(sb, "%s() decides whether to return IRQ_NONE in the thread now, with the rest of its work: %s",
			    plan->handler, why);
	else
		strbuf_addf(sb, "irqconv found no check in %s() of whose interrupt it is that could stay in hard-irq context.",
			    plan->handler);
	free(cond);
}

/* Calls that disable, enable or wait for an irq line. */
static bool line_call(CXCursor call, const char *name, void *data)
{
	static const char *const line[] = {
		"disable_irq_nosync", "disable_irq", "disable_hardirq",
		"enable_irq", "synchronize_irq", "synchronize_hardirq", NULL,
	};

	(void)call;
	(void)data;
	return name_in(name, line);
}

/* A call through a function pointer: what it runs is not known. */
static bool indirect_call(CXCursor call, const char *name, void *data)
{
	CXCursor callee = clang_getCursorReferenced(call);

	(void)name;
	(void)data;
	/* A pointer the kernel API knows (kapi-raise.c) is followed. */
	if (kapi_member_raiser(call) || kapi_member_quiet(call))
		return false;
	return clang_Cursor_isNull(callee) ||
	       clang_getCursorKind(callee) != CXCursor_FunctionDecl;
}

static bool irqoff_call(CXCursor call, const char *name, void *data)
{
	(void)call;
	(void)data;
	return ends_with(name, "_irqoff");
}

/* " (in f())" for a hit below the handler, else "". */
static char *where_hit(const struct reach_hit *hit)
{
	if (!hit->via.nr)
		return xstrdup("");
	return xasprintf(" (in %s())", hit->via.v[hit->via.nr - 1]);
}

/* "foo(arg)" of a line call, "p->fn()" of an indirect one. */
static char *call_text(CXCursor call, bool args)
{
	struct cursor_list kids = { NULL, 0, 0 };
	char *text, *ret;

	if (args)
		return source_text(call);
	cursor_children(call, &kids);
	text = kids.nr ? source_text(kids.v[0]) : xstrdup("a pointer");
	cursor_list_release(&kids);
	ret = xasprintf("%s()", text);
	free(text);
	return ret;
}

/* What the handler does with irq lines, true of it. */
static void add_lines(struct strbuf *sb, const struct split_plan *plan)
{
	struct reach_hit hit;
	char *text, *where;

	if (!reach_find(plan->lm, plan->def, line_call, NULL, &hit)) {
		strbuf_addstr(sb, "it neither disables nor waits for an irq line");
		return;
	}
	text = call_text(hit.call, true);
	where = where_hit(&hit);
	/* One that waits for its own line is refused: this one is another's. */
	if (!strcmp(hit.name, "disable_irq") ||
	    starts_with(hit.name, "synchronize_"))
		strbuf_addf(sb, "its %s%s waits for another line than its own",
			    text, where);
	else
		strbuf_addf(sb, "its %s%s does not wait for the line's handler, so it is right in the thread too",
			    text, where);
	free(where);
	free(text);
	reach_hit_release(&hit);
}

/* Whether it raises a softirq, as far as its calls can be followed. */
static void add_softirq(struct strbuf *sb, const struct split_plan *plan)
{
	struct reach_hit hit;
	char *text, *where;

	if (!reach_find(plan->lm, plan->def, indirect_call, NULL, &hit)) {
		strbuf_addstr(sb, "it raises no softirq");
		return;
	}
	text = call_text(hit.call, false);
	where = where_hit(&hit);
	strbuf_addf(sb, "it raises no softirq in the code irqconv can follow, but it calls through function pointers, such as %s%s, which irqconv does not follow: a reviewer should check what they raise",
		    text, where);
	free(where);
	free(text);
	reach_hit_release(&hit);
}

void describe_whole_calls(struct strbuf *sb, const struct split_plan *plan)
{
	struct reach_hit hit;

	strbuf_addf(sb, "%s() itself is unchanged. Its calls were followed through the module's functions to any depth (and into the kernel calls irqconv knows): every lock it takes is taken in a form that keeps out the other contexts that take it; it takes no raw spinlock",
		    plan->handler);
	if (reach_find(plan->lm, plan->def, irqoff_call, NULL, &hit)) {
		char *where = where_hit(&hit);

		strbuf_addf(sb, "; it calls %s()%s, which assumes interrupts off",
			    hit.name, where);
		free(where);
		reach_hit_release(&hit);
	} else {
		strbuf_addstr(sb, " and calls no *_irqoff() helper");
	}
	strbuf_addstr(sb, "; ");
	add_lines(sb, plan);
	strbuf_addstr(sb, "; ");
	add_softirq(sb, plan);
	strbuf_addch(sb, '.');
}
