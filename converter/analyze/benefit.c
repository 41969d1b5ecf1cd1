// SPDX-License-Identifier: GPL-2.0
/*
 * What a conversion gains (review-findings.md, "When a conversion pays"):
 * the statements, loops and device accesses that leave hard-irq context,
 * counted in the thread's part of the old handler and in the functions of
 * its file that part calls (two calls deep, each once), and the reasons a
 * maintainer would take the patch for: a folded tasklet, a loop over
 * device registers, a delay.  A thread that has none of them would only
 * defer work that is deferred anyway (NAPI, a wake-up, a completion, an
 * event report, work it does not fold): no-gain.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit.h"
#include "analyze/lock-graph.h"
#include "tu.h"

#define CALLEE_DEPTH 2

static const char *const code_names[BENEFIT_NR] = {
	[BENEFIT_TASKLET_FOLDED] = "tasklet-folded",
	[BENEFIT_WORK_FOLDED] = "work-folded",
	[BENEFIT_HARDIRQ_LOOP_MOVED] = "hardirq-loop-moved",
	[BENEFIT_DELAY_MOVED] = "delay-moved",
	[BENEFIT_SLEEPING_CALL_MOVED] = "sleeping-call-moved",
	[BENEFIT_LOCK_SIMPLIFIED] = "lock-simplified",
};

const char *benefit_code_name(enum benefit_code c)
{
	return code_names[c];
}

static bool is_delay(const char *n)
{
	return !strcmp(n, "udelay") || !strcmp(n, "ndelay") ||
	       !strcmp(n, "mdelay") || !strcmp(n, "__udelay") ||
	       !strcmp(n, "__ndelay") || !strcmp(n, "__const_udelay") ||
	       !strcmp(n, "__delay");
}

/* What a thread that does only this defers for nothing, in words. */
static const char *deferral(const char *n)
{
	if (strstr(n, "napi_schedule"))
		return "schedule NAPI";
	if (starts_with(n, "wake_up") || starts_with(n, "__wake_up"))
		return "wake a waiter";
	if (!strcmp(n, "complete") || !strcmp(n, "complete_all"))
		return "complete";
	if (!strcmp(n, "schedule_work") || !strcmp(n, "schedule_delayed_work") ||
	    starts_with(n, "queue_work") || starts_with(n, "queue_delayed_work") ||
	    starts_with(n, "mod_delayed_work"))
		return "schedule work it does not fold";
	if (!strcmp(n, "rtc_update_irq") || !strcmp(n, "snd_pcm_period_elapsed") ||
	    starts_with(n, "input_") || !strcmp(n, "kill_fasync"))
		return "report an event";
	return NULL;
}

/*
 * "schedule NAPI (napi_schedule_prep(), __napi_schedule())": one entry per
 * kind of deferral, with the calls that make it.
 */
static void add_deferral(struct strvec *only, const char *what,
			 const char *callee)
{
	size_t i, n = strlen(what);
	char *s;

	for (i = 0; i < only->nr; i++) {
		if (strncmp(only->v[i], what, n) || only->v[i][n] != ' ')
			continue;
		if (strstr(only->v[i], callee))
			return;
		s = only->v[i];
		s[strlen(s) - 1] = '\0';
		only->v[i] = xasprintf("%s, %s())", s, callee);
		free(s);
		return;
	}
	strvec_push_nodup(only, xasprintf("%s (%s())", what, callee));
}

struct walk {
	const struct access_preds *ap;
	const struct benefit_irqs *irqs;
	struct benefit *b;
	CXFile file;		/* the handler's: callees counted are its */
	struct strvec seen;	/* functions already counted */
	int depth;
	int irqs_off;		/* disables not yet undone where the walk is */
};

static void walk(CXCursor c, struct walk *w);

static bool in_file(CXCursor def, CXFile file)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(def), &f, NULL,
				   NULL, NULL);
	return f && clang_File_isEqual(f, file);
}

int benefit_irqs_change(CXCursor call)
{
	char *written;
	const struct kapi_lock *k = lm_lock_call(call, &written);
	int change = 0;

	if (k && (k->form == LF_IRQSAVE || k->form == LF_IRQ))
		change = k->op == LO_ACQUIRE ? 1 : -1;
	else if (!strcmp(written, "local_irq_save") ||
		 !strcmp(written, "local_irq_disable"))
		change = 1;
	else if (!strcmp(written, "local_irq_restore") ||
		 !strcmp(written, "local_irq_enable"))
		change = -1;
	free(written);
	return change;
}

static int irqs_change(const struct walk *w, CXCursor call)
{
	if (w->irqs && w->irqs->change)
		return w->irqs->change(call, w->irqs->data);
	return benefit_irqs_change(call);
}

static bool seen(struct strvec *sv, const char *name)
{
	size_t i;

	for (i = 0; i < sv->nr; i++)
		if (!strcmp(sv->v[i], name))
			return true;
	strvec_push(sv, name);
	return false;
}

struct device_find {
	const struct access_preds *ap;
	CXFile file;
	int depth;
	bool hit;
};

static void device_visit(CXCursor call, void *data)
{
	struct device_find *df = data;
	char *callee = da_callee(call);
	CXCursor def = da_callee_def(call);

	if (!df->hit && da_is_access(df->ap, callee))
		df->hit = true;
	else if (!df->hit && !clang_Cursor_isNull(def) &&
		 df->depth < CALLEE_DEPTH && in_file(def, df->file)) {
		df->depth++;
		da_for_each_call(def, device_visit, df);
		df->depth--;
	}
	free(callee);
}

/* Does @c access the device, itself or through its file's functions? */
static bool reaches_device(const struct walk *w, CXCursor c)
{
	struct device_find df = { w->ap, w->file, w->depth, false };

	da_for_each_call(c, device_visit, &df);
	return df.hit;
}

static void count_call(CXCursor call, struct walk *w)
{
	char *callee = da_callee(call);
	CXCursor def = da_callee_def(call);
	const char *d;

	w->irqs_off += irqs_change(w, call);
	if (w->irqs_off < 0)
		w->irqs_off = 0;
	if (da_is_access(w->ap, callee)) {
		w->b->accesses++;
	} else if (is_delay(callee)) {
		w->b->delays++;
		w->b->irqs_off_delays += w->irqs_off > 0;
	} else if (!clang_Cursor_isNull(def) && w->depth < CALLEE_DEPTH &&
		   in_file(def, w->file) && !seen(&w->seen, callee)) {
		w->depth++;
		walk(def, w);
		w->depth--;
	}
	d = w->depth ? NULL : deferral(callee);
	if (d)
		add_deferral(&w->b->only, d, callee);
	free(callee);
}

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct walk *w = data;

	if (clang_getCursorKind(parent) == CXCursor_CompoundStmt)
		w->b->statements++;
	walk(c, w);
	return CXChildVisit_Continue;
}

/*
 * A branch or a loop body leaves interrupts as it found them: an unlock on
 * an early way out (unlock, return) does not end the locked region for
 * the code after it.
 */
static void walk(CXCursor c, struct walk *w)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	int irqs_off = w->irqs_off;
	bool loop = da_is_loop(c);

	if (loop) {
		w->b->loops++;
		if (reaches_device(w, c)) {
			w->b->device_loops++;
			w->b->irqs_off_loops += w->irqs_off > 0;
		}
	}
	if (k == CXCursor_CallExpr)
		count_call(c, w);
	clang_visitChildren(c, walk_visit, w);
	if (loop || k == CXCursor_IfStmt || k == CXCursor_SwitchStmt ||
	    k == CXCursor_ConditionalOperator)
		w->irqs_off = irqs_off;
}

void benefit_judge(CXCursor handler, const CXCursor *moved, size_t nr,
		   const struct access_preds *ap,
		   const struct benefit_irqs *irqs, bool tasklet_folded,
		   struct benefit *b)
{
	struct walk w = { ap, irqs, b, NULL, STRVEC_INIT, 0, 0 };
	size_t i;
	char *name = cxstring_take(clang_getCursorSpelling(handler));

	memset(b, 0, sizeof(*b));
	clang_getExpansionLocation(clang_getCursorLocation(handler), &w.file,
				   NULL, NULL, NULL);
	seen(&w.seen, name);
	free(name);
	w.irqs_off = irqs && irqs->from_start;
	for (i = 0; i < nr; i++) {
		b->statements++;
		walk(moved[i], &w);
	}
	strvec_clear(&w.seen);
	b->code[BENEFIT_TASKLET_FOLDED] = tasklet_folded;
	b->code[BENEFIT_HARDIRQ_LOOP_MOVED] = b->device_loops > b->irqs_off_loops;
	b->code[BENEFIT_DELAY_MOVED] = b->delays > b->irqs_off_delays;
}

void benefit_release(struct benefit *b)
{
	strvec_clear(&b->only);
	memset(b, 0, sizeof(*b));
}

bool benefit_no_gain(const struct benefit *b)
{
	int i;

	for (i = 0; i < BENEFIT_NR; i++)
		if (b->code[i])
			return false;
	return true;
}

json_t *benefit_json(const struct benefit *b)
{
	json_t *members = jsonl_object(), *codes = jsonl_array();
	json_t *moved = jsonl_object();
	int i;

	for (i = 0; i < BENEFIT_NR; i++)
		if (b->code[i])
			jsonl_push(codes, jsonl_string(code_names[i]));
	if (!json_array_size(codes))
		jsonl_push(codes, jsonl_string("no-gain"));
	jsonl_set(members, "benefit", codes);
	jsonl_set_uint(moved, "statements", b->statements);
	jsonl_set_uint(moved, "loops", b->loops);
	jsonl_set_uint(moved, "device_loops", b->device_loops);
	jsonl_set_uint(moved, "device_accesses", b->accesses);
	jsonl_set_uint(moved, "delays", b->delays);
	jsonl_set_uint(moved, "device_loops_irqs_off", b->irqs_off_loops);
	jsonl_set_uint(moved, "delays_irqs_off", b->irqs_off_delays);
	jsonl_set(members, "moved", moved);
	return members;
}

static const char *plural(unsigned int n)
{
	return n == 1 ? "" : "s";
}

/* "12 statements, 2 loops and 5 device accesses" */
static void add_figures(struct strbuf *sb, const struct benefit *b)
{
	strbuf_addf(sb, "%u statement%s, %u loop%s (%u over device registers) and %u device access%s",
		    b->statements, plural(b->statements), b->loops,
		    plural(b->loops), b->device_loops, b->accesses,
		    b->accesses == 1 ? "" : "es");
}

/* "run 1 loop over device registers with interrupts still off" */
static void add_irqs_off(struct strbuf *sb, const struct benefit *b)
{
	strbuf_addstr(sb, "run ");
	if (b->irqs_off_loops)
		strbuf_addf(sb, "%u loop%s over device registers",
			    b->irqs_off_loops, plural(b->irqs_off_loops));
	if (b->irqs_off_loops && b->irqs_off_delays)
		strbuf_addstr(sb, " and ");
	if (b->irqs_off_delays)
		strbuf_addf(sb, "%u busy-wait delay%s", b->irqs_off_delays,
			    plural(b->irqs_off_delays));
	strbuf_addstr(sb, " with interrupts still off, under a lock it takes with them disabled");
}

char *benefit_deferrals(const struct benefit *b)
{
	struct strbuf sb = STRBUF_INIT;
	bool irqs_off = b->irqs_off_loops || b->irqs_off_delays;
	size_t i, nr = b->only.nr + irqs_off;

	for (i = 0; i < b->only.nr; i++)
		strbuf_addf(&sb, "%s%s", i == 0 ? "" :
			    i + 1 == nr ? " and " : ", ", b->only.v[i]);
	if (irqs_off) {
		strbuf_addstr(&sb, i == 0 ? "" : " and ");
		add_irqs_off(&sb, b);
	}
	if (!nr)
		strbuf_addstr(&sb, "run code that costs little in hard-irq context");
	return strbuf_detach(&sb);
}

char *benefit_figures(const struct benefit *b)
{
	struct strbuf sb = STRBUF_INIT;

	add_figures(&sb, b);
	return strbuf_detach(&sb);
}
