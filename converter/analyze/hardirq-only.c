// SPDX-License-Identifier: GPL-2.0
/*
 * Handlers that must stay in hard-irq context.  A thread would run them
 * late, with interrupts on, and once for several interrupts: wrong for a
 * demultiplexer (the children's flow handlers expect interrupts off), a
 * watchdog reset or pretimeout (it must act when a CPU spins with
 * preemption off), and a handler that stamps or counts each interrupt.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/benefit-loop.h"
#include "analyze/device-access.h"
#include "analyze/hardirq-only.h"
#include "analyze/reach.h"
#include "ast/cursor.h"
#include "tu.h"

static const struct {
	const char *fn;
	enum hardirq_class class;
	const char *threaded;
} kapi_hardirq[] = {
#define KAPI_HARDIRQ(f, c, t) { #f, c, t },
#include "analyze/kapi-hardirq.def"
};

int kapi_hardirq_class(const char *name, const char **threaded)
{
	size_t i;

	for (i = 0; i < sizeof(kapi_hardirq) / sizeof(kapi_hardirq[0]); i++)
		if (!strcmp(kapi_hardirq[i].fn, name)) {
			if (threaded)
				*threaded = kapi_hardirq[i].threaded;
			return kapi_hardirq[i].class;
		}
	return -1;
}

/*
 * A clock read written inside a kernel header's macro is that macro's own
 * deadline (read_poll_timeout_atomic() and the readx_poll_timeout_atomic()
 * family compute and check a timeout with ktime_get()), not a stamp of the
 * interrupt the driver keeps.
 */
static bool in_kernel_macro(CXCursor call)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(call);
	CXSourceLocation loc = clang_getCursorLocation(call);
	CXCursor expansion, def;
	CXFile file;
	unsigned int line, col;
	char *path;
	bool kernel;

	clang_getExpansionLocation(loc, &file, &line, &col, NULL);
	expansion = clang_getCursor(tu, clang_getLocation(tu, file, line, col));
	if (clang_getCursorKind(expansion) != CXCursor_MacroExpansion)
		return false;
	def = clang_getCursorReferenced(expansion);
	if (clang_Cursor_isNull(def))
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(def), &file, NULL,
				   NULL, NULL);
	path = file ? cxstring_take(clang_getFileName(file)) : NULL;
	kernel = path && strstr(path, "/include/linux/");
	free(path);
	return kernel;
}

static bool of_class(CXCursor call, const char *name, void *data)
{
	int class = kapi_hardirq_class(name, NULL);

	if (class == HI_STAMP && in_kernel_macro(call))
		return false;
	return class == *(int *)data;
}

static bool find_class(struct lock_module *lm, CXCursor def, int class,
		       struct reach_hit *hit)
{
	return reach_find(lm, def, of_class, &class, hit);
}

/* A call of @class written in @def itself, not in a function it calls. */
static bool direct_class(CXCursor def, int class, struct reach_hit *hit)
{
	struct cursor_list calls = { NULL, 0, 0 };
	size_t i;
	bool found = false;

	find_calls(def, any_callee, &calls);
	for (i = 0; i < calls.nr && !found; i++) {
		char *name = call_name(calls.v[i]);

		if (kapi_hardirq_class(name, NULL) == class) {
			memset(hit, 0, sizeof(*hit));
			hit->call = hit->first = calls.v[i];
			hit->name = name;
			found = true;
		} else {
			free(name);
		}
	}
	cursor_list_release(&calls);
	return found;
}

static void demux(struct reach_hit *hit, struct refusal *why)
{
	const char *threaded = NULL;
	char *via = reach_via_phrase(hit);
	char *form;

	kapi_hardirq_class(hit->name, &threaded);
	form = threaded ? xasprintf("; %s", threaded) : xstrdup("");
	refusal_set(why, R_CHAINED_HANDLER, hit->name, via,
		    cursor_line(hit->first), form);
	free(form);
	free(via);
}

static void reset(struct reach_hit *hit, struct refusal *why)
{
	char *via = reach_via_phrase(hit);

	refusal_set(why, R_RESET_PATH, hit->name, via,
		    cursor_line(hit->first));
	free(via);
}

static void stamp(struct reach_hit *hit, struct refusal *why)
{
	char *via = reach_via_phrase(hit);

	refusal_set(why, R_TIMESTAMPS_IRQ, hit->name, via,
		    cursor_line(hit->first));
	free(via);
}

static void tick(struct reach_hit *hit, struct refusal *why)
{
	char *via = reach_via_phrase(hit);

	refusal_set(why, R_TICKS_EVERY_IRQ, hit->name, via,
		    cursor_line(hit->first));
	free(via);
}

/* The statements of @def's body, outermost only. */
static void top_statements(CXCursor def, struct cursor_list *out)
{
	struct cursor_list kids = { NULL, 0, 0 };
	size_t i;

	cursor_children(def, &kids);
	for (i = 0; i < kids.nr; i++)
		if (clang_getCursorKind(kids.v[i]) == CXCursor_CompoundStmt)
			cursor_children(kids.v[i], out);
	cursor_list_release(&kids);
}

/* A clock read in a statement the handler always runs, not in a branch. */
static bool clock_at_top(CXCursor def, struct reach_hit *hit)
{
	struct cursor_list stmts = { NULL, 0, 0 }, calls = { NULL, 0, 0 };
	size_t i, k;
	bool found = false;

	top_statements(def, &stmts);
	for (i = 0; i < stmts.nr && !found; i++) {
		enum CXCursorKind kind = clang_getCursorKind(stmts.v[i]);

		if (kind != CXCursor_DeclStmt && !clang_isExpression(kind))
			continue;
		find_calls(stmts.v[i], any_callee, &calls);
		for (k = 0; k < calls.nr && !found; k++) {
			char *name = call_name(calls.v[k]);

			if (kapi_hardirq_class(name, NULL) == HI_CLOCK) {
				memset(hit, 0, sizeof(*hit));
				hit->call = hit->first = calls.v[k];
				hit->name = name;
				found = true;
			} else {
				free(name);
			}
		}
		cursor_list_release(&calls);
	}
	cursor_list_release(&stmts);
	return found;
}

static const char *const counters[] = {
	"atomic_inc", "atomic_long_inc", "atomic64_inc", "atomic_add",
	"atomic_long_add", "atomic64_add", "local_inc", "local_add",
	"this_cpu_inc", "this_cpu_add", NULL,
};

/* The text of @c as written, on one line. */
static char *text_of(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXFile f;
	struct cursor_range r = cursor_range(c);
	const char *s;
	size_t size, i;
	struct strbuf sb = STRBUF_INIT;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)),
				   &f, NULL, NULL, NULL);
	s = f ? clang_getFileContents(tu, f, &size) : NULL;
	for (i = r.begin; s && i < r.end && i < size; i++)
		if (s[i] != '\n' && s[i] != '\t')
			strbuf_addch(&sb, s[i]);
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}

/*
 * Whether the expression statement @stmt keeps a count in memory that
 * outlives the call (a loop or a branch is not every interrupt).
 */
static bool counts(CXCursor stmt)
{
	struct strvec tok = STRVEC_INIT;
	char *name = NULL;
	bool inc = false, member = false;
	size_t i;

	if (clang_getCursorKind(stmt) == CXCursor_CallExpr) {
		name = call_name(stmt);
		inc = name_in(name, counters);
		free(name);
		return inc;
	}
	cursor_tokens(stmt, &tok);
	for (i = 0; i < tok.nr; i++) {
		inc |= !strcmp(tok.v[i], "++") || !strcmp(tok.v[i], "+=");
		member |= !strcmp(tok.v[i], "->");
	}
	strvec_clear(&tok);
	return inc && member;
}

static bool hw_read(CXCursor call, const char *name, void *data)
{
	static const char *const state[] = {
		"gpiod_get_value", "gpiod_get_raw_value", "gpio_get_value",
		"gpiod_get_value_cansleep", NULL,
	};

	(void)call;
	(void)data;
	return an_is_device_read(name) || name_in(name, state);
}

/*
 * A handler that disables its line until its work is done (sht15) lets no
 * second interrupt arrive while a thread would be pending: none merges.
 */
static bool hw_read_or_line_off(CXCursor call, const char *name, void *data)
{
	static const char *const line_off[] = {
		"disable_irq_nosync", "disable_irq", "disable_hardirq", NULL,
	};

	return hw_read(call, name, data) || name_in(name, line_off);
}

/*
 * A handler that counts every interrupt and reads nothing from the device
 * (a tachometer, a pulse counter): merged wake-ups of a thread lose
 * counts it cannot recover from the hardware.  One that disables its line
 * until the work is done merges nothing.
 */
static bool counting(struct lock_module *lm, CXCursor def,
		     struct refusal *why)
{
	struct cursor_list stmts = { NULL, 0, 0 };
	struct reach_hit hit;
	size_t i;
	bool found = false;

	top_statements(def, &stmts);
	for (i = 0; i < stmts.nr && !found; i++)
		found = clang_isExpression(clang_getCursorKind(stmts.v[i])) &&
			counts(cursor_strip(stmts.v[i]));
	if (found && reach_find(lm, def, hw_read_or_line_off, NULL, &hit)) {
		reach_hit_release(&hit);
		found = false;
	}
	if (found) {
		char *text = text_of(stmts.v[i - 1]);

		refusal_set(why, R_COUNTS_EVERY_IRQ, text,
			    cursor_line(stmts.v[i - 1]));
		free(text);
	}
	cursor_list_release(&stmts);
	return found;
}

/* `.restart = foo_restart,`: a watchdog_ops callback resetting the machine. */
static bool restart_member(const char *name)
{
	return !strcmp(name, "restart");
}

struct restart_path {
	struct strvec callees;	/* the restart callbacks and what they call */
	struct strvec by;	/* for each, the restart callback */
	const char *member;	/* the callback being read */
	CXFile file;
};

static void restart_callee(CXCursor call, void *data)
{
	struct restart_path *rp = data;
	CXCursor def = da_callee_def(call);
	char *name;

	if (clang_Cursor_isNull(def) || !benefit_in_file(def, rp->file))
		return;
	name = da_callee(call);
	if (*name && !strvec_has(&rp->callees, name)) {
		strvec_push(&rp->callees, name);
		strvec_push(&rp->by, rp->member);
	}
	free(name);
}

static bool restart_call(CXCursor call, const char *name, void *data)
{
	(void)call;
	return strvec_has(&((struct restart_path *)data)->callees, name);
}

/*
 * A handler that resets the machine the way the driver's .restart callback
 * does (asm9260_wdt's timeout interrupt calls the same register sequence
 * as its watchdog_ops.restart): a reset, though no kernel call names it.
 */
static bool restart_path(struct lock_module *lm, CXCursor def,
			 struct refusal *why)
{
	struct restart_path rp = { STRVEC_INIT, STRVEC_INIT, NULL, NULL };
	struct strvec members = STRVEC_INIT;
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(def);
	struct cursor_kids fns, top;
	struct reach_hit hit;
	bool found = false;
	size_t i, k;

	clang_getExpansionLocation(clang_getCursorLocation(def), &rp.file,
				   NULL, NULL, NULL);
	da_kids(clang_getTranslationUnitCursor(tu), &top);
	da_member_values(&top, rp.file, restart_member, &members);
	free(top.v);
	da_file_functions(def, &fns);
	for (i = 0; i < fns.nr; i++) {
		char *n = da_spelling(fns.v[i]);

		if (strvec_has(&members, n)) {
			strvec_push(&rp.callees, n);
			strvec_push(&rp.by, n);
			rp.member = rp.by.v[rp.by.nr - 1];
			da_for_each_call(fns.v[i], restart_callee, &rp);
		}
		free(n);
	}
	if (rp.callees.nr && reach_find(lm, def, restart_call, &rp, &hit)) {
		char *via = reach_via_phrase(&hit);
		char *what;

		for (k = 0; strcmp(rp.callees.v[k], hit.name); k++)
			;
		what = strcmp(rp.by.v[k], hit.name) ?
		       xasprintf("%s, the reset its .restart callback %s() makes too,",
				 via, rp.by.v[k]) :
		       xasprintf("%s, its .restart callback,", via);
		refusal_set(why, R_RESET_PATH, hit.name, what,
			    cursor_line(hit.first));
		free(what);
		free(via);
		reach_hit_release(&hit);
		found = true;
	}
	free(fns.v);
	strvec_clear(&members);
	strvec_clear(&rp.callees);
	strvec_clear(&rp.by);
	return found;
}

bool hardirq_only(struct lock_module *lm, CXCursor def, struct refusal *why)
{
	struct reach_hit hit;

	if (find_class(lm, def, HI_DEMUX, &hit))
		demux(&hit, why);
	else if (find_class(lm, def, HI_RESET, &hit) ||
		 direct_class(def, HI_PANIC, &hit))
		reset(&hit, why);
	else if (restart_path(lm, def, why))
		return true;
	else if (find_class(lm, def, HI_TICK, &hit))
		tick(&hit, why);
	else if (counting(lm, def, why))
		return true;
	else if (find_class(lm, def, HI_STAMP, &hit) ||
		 clock_at_top(def, &hit))
		stamp(&hit, why);
	else
		return false;
	reach_hit_release(&hit);
	return true;
}
