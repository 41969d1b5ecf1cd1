// SPDX-License-Identifier: GPL-2.0
/*
 * Deferred work the handler starts: tasklets (with the tasklet function,
 * found through tasklet_init()/tasklet_setup()/DECLARE_TASKLET in the file),
 * NAPI, work items, wake-ups, completions, softirqs and timers.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "tu.h"

static const struct {
	const char *name;
	const char *kind;
} deferrers[] = {
	{ "tasklet_schedule", "tasklet" }, { "tasklet_hi_schedule", "tasklet" },
	{ "__tasklet_schedule", "tasklet" },
	{ "__tasklet_hi_schedule", "tasklet" },
	{ "napi_schedule", "napi" }, { "napi_schedule_irqoff", "napi" },
	{ "__napi_schedule", "napi" }, { "__napi_schedule_irqoff", "napi" },
	{ "schedule_work", "work" }, { "queue_work", "work" },
	{ "queue_work_on", "work" }, { "schedule_delayed_work", "work" },
	{ "queue_delayed_work", "work" }, { "mod_delayed_work", "work" },
	{ "kthread_queue_work", "work" }, { "irq_work_queue", "work" },
	{ "wake_up", "wake" }, { "wake_up_interruptible", "wake" },
	{ "wake_up_all", "wake" }, { "wake_up_interruptible_all", "wake" },
	{ "wake_up_interruptible_sync", "wake" },
	{ "wake_up_process", "wake" }, { "__wake_up", "wake" },
	{ "swake_up_one", "wake" }, { "wake_up_poll", "wake" },
	{ "complete", "complete" }, { "complete_all", "complete" },
	{ "raise_softirq", "softirq" }, { "raise_softirq_irqoff", "softirq" },
	{ "__raise_softirq_irqoff", "softirq" },
	{ "mod_timer", "timer" }, { "hrtimer_start", "timer" },
	{ "hrtimer_start_range_ns", "timer" },
};

static const char *deferrer_kind(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(deferrers); i++)
		if (!strcmp(deferrers[i].name, name))
			return deferrers[i].kind;
	return NULL;
}

static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

/* The variable or field a tasklet expression (&x->t, &t) names. */
static CXCursor object_of(CXCursor e)
{
	int steps;

	for (steps = 0; steps < 4; steps++) {
		enum CXCursorKind k;
		CXCursor child = clang_getNullCursor();

		e = cx_strip(e);
		k = clang_getCursorKind(e);
		if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr)
			return clang_getCursorReferenced(e);
		if (k != CXCursor_UnaryOperator)
			break;
		clang_visitChildren(e, first_child, &child);
		e = child;
	}
	return clang_getNullCursor();
}

/* The function a function-valued expression names, or a null cursor. */
static CXCursor function_of(CXCursor e)
{
	CXCursor ref = object_of(e);

	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl)
		return ref;
	return clang_getNullCursor();
}

struct tasklet_find {
	struct scan_tu *st;
	CXCursor object;
	CXCursor fn;
};

static void init_call(CXCursor call, void *data)
{
	struct tasklet_find *t = data;
	char *callee;

	if (!clang_Cursor_isNull(t->fn) ||
	    clang_Cursor_getNumArguments(call) < 2)
		return;
	callee = cx_callee(call);
	if ((!strcmp(callee, "tasklet_init") ||
	     !strcmp(callee, "tasklet_setup")) &&
	    clang_equalCursors(object_of(clang_Cursor_getArgument(call, 0)),
			       t->object))
		t->fn = function_of(clang_Cursor_getArgument(call, 1));
	free(callee);
}

static void declared_fn(CXCursor ref, void *data)
{
	struct tasklet_find *t = data;
	CXCursor d = clang_getCursorReferenced(ref);

	if (clang_Cursor_isNull(t->fn) &&
	    clang_getCursorKind(d) == CXCursor_FunctionDecl)
		t->fn = d;
}

/* The tasklet function of the tasklet @arg names, or a null cursor. */
static CXCursor tasklet_function(struct scan_tu *st, CXCursor arg)
{
	struct tasklet_find t = { st, object_of(arg), clang_getNullCursor() };

	if (clang_Cursor_isNull(t.object))
		return t.fn;
	cx_for_each_main_call(st, init_call, &t);
	/* DECLARE_TASKLET(name, fn): the variable's initialiser names it. */
	if (clang_Cursor_isNull(t.fn) &&
	    clang_getCursorKind(t.object) == CXCursor_VarDecl)
		cx_for_each_kind(t.object, CXCursor_DeclRefExpr, declared_fn,
				 &t);
	return t.fn;
}

static void deferred_call(struct analysis_ctx *ctx, const struct an_call *c,
			  void *data)
{
	const char *kind = deferrer_kind(c->written);
	const char *name = c->written;
	struct fact *f;

	(void)data;
	if (!kind) {
		kind = deferrer_kind(c->callee);
		name = c->callee;
	}
	if (!kind)
		return;
	f = an_add(ctx, FACT_DEFERRED, name, c->cursor);
	if (f->detail)
		return;
	f->detail = xstrdup(kind);
	f->arg = an_arg_text(ctx, c->cursor, 0);
	if (!f->arg)
		f->arg = xstrdup("");
	if (!strcmp(kind, "tasklet") &&
	    clang_Cursor_getNumArguments(c->cursor) > 0) {
		CXCursor fn = tasklet_function(ctx->st,
				clang_Cursor_getArgument(c->cursor, 0));

		if (!clang_Cursor_isNull(fn))
			f->target = cxstring_take(clang_getCursorSpelling(fn));
	}
}

void analyze_deferred(struct analysis_ctx *ctx)
{
	an_for_each_call(ctx, deferred_call, NULL);
}
