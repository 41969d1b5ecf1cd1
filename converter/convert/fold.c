// SPDX-License-Identifier: GPL-2.0
/*
 * Folding deferred work into the thread: a tasklet scheduled only by the
 * handler becomes a direct call of its function, and its setup and kill go.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-thread.h"
#include "convert/fold-work-parts.h"
#include "convert/fold.h"
#include "tu.h"

/* The tasklet a call schedules: the field of `&obj->field`. */
static CXCursor tasklet_field(CXCursor call)
{
	CXCursor arg, ref;

	if (clang_Cursor_getNumArguments(call) < 1)
		return clang_getNullCursor();
	arg = cursor_strip_address(clang_Cursor_getArgument(call, 0));
	if (clang_getCursorKind(arg) != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(arg);
	return clang_getCursorKind(ref) == CXCursor_FieldDecl ? ref :
		clang_getNullCursor();
}

static bool is_tasklet_call(const char *callee)
{
	return starts_with(callee, "tasklet_");
}

/*
 * A call that waits for the irq's handlers: free_irq(), synchronize_irq(),
 * disable_irq(), or a function of the file that makes one
 * (xgene_dma_free_irqs()), @depth calls deep.
 */
static bool waits_deep(CXCursor call, int depth)
{
	char *name = call_name(call);
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
	struct cursor_list calls = { NULL, 0, 0 };
	bool waits = waits_for_irq(name);
	size_t i;

	free(name);
	if (waits || depth <= 0 || clang_Cursor_isNull(def))
		return waits;
	find_calls(def, any_callee, &calls);
	for (i = 0; i < calls.nr && !waits; i++)
		waits = waits_deep(calls.v[i], depth - 1);
	cursor_list_release(&calls);
	return waits;
}

static bool probing(CXCursor fn)
{
	char *name = cursor_name(fn);
	bool probe = strstr(name, "probe");

	free(name);
	return probe;
}

/*
 * A tasklet_kill() goes only where the thread is waited for anyway: after
 * a free_irq(), synchronize_irq() or disable_irq(), which waits for the
 * thread as the kill waited for the tasklet.  Before one, or with the
 * interrupt freed by devm after remove(), the teardown that follows would
 * race the thread (bcm-pdc-mailbox's dma_pool_destroy()).
 *
 * Is @stmt, in its function, after a call that waits for the irq's
 * handlers; or is every call of its function in the file after one
 * (ath11k_ahb_kill_tasklets(), which ath11k_ahb_stop() calls after
 * ath11k_ahb_sync_ce_irqs())?  @depth callers up.  A probe that fails
 * unwinds before devm frees its interrupt whatever it kills, as it did
 * with the tasklet (bam_dma's err_tasklet_kill).
 */
static bool behind_wait(CXCursor stmt, int depth)
{
	CXCursor fn = fold_enclosing_fn(stmt), root;
	struct cursor_list calls = { NULL, 0, 0 };
	bool behind = false, called = false, all = true;
	size_t i;

	if (clang_Cursor_isNull(fn))
		return false;
	if (probing(fn))
		return true;
	find_calls(fn, any_callee, &calls);
	for (i = 0; i < calls.nr && !behind; i++)
		behind = cursor_range(calls.v[i]).begin <
			 cursor_range(stmt).begin &&
			 waits_deep(calls.v[i], 2);
	cursor_list_release(&calls);
	if (behind || depth <= 0)
		return behind;
	root = clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(fn));
	find_calls(root, any_callee, &calls);
	for (i = 0; i < calls.nr && all; i++) {
		CXCursor ref = clang_getCursorReferenced(calls.v[i]);
		CXCursor def = clang_getCursorDefinition(ref);

		if (clang_Cursor_isNull(def) || !clang_equalCursors(def, fn))
			continue;
		called = true;
		all = behind_wait(calls.v[i], depth - 1);
	}
	cursor_list_release(&calls);
	return called && all;
}

struct state_read {
	CXCursor field;		/* the tasklet member */
	const char *file;	/* the plan's */
	unsigned int line;	/* of the first read of its own fields */
};

/* Does @c name a field of struct tasklet_struct of the member @field? */
static bool reads_tasklet_field(CXCursor c, CXCursor field)
{
	CXCursor f = clang_getCursorReferenced(c);
	CXCursor base;
	CXType owner = clang_getCursorType(clang_getCursorSemanticParent(f));
	struct cursor_list kids = { NULL, 0, 0 };
	char *type = cxstring_take(clang_getTypeSpelling(owner));
	bool hit = false;

	if (!strcmp(type, "struct tasklet_struct")) {
		cursor_children(c, &kids);
		base = kids.nr == 1 ? cursor_strip(kids.v[0]) :
				      clang_getNullCursor();
		hit = !clang_Cursor_isNull(base) &&
		      clang_equalCursors(clang_getCursorReferenced(base), field);
		cursor_list_release(&kids);
	}
	free(type);
	return hit;
}

static enum CXChildVisitResult state_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct state_read *s = data;
	char *file;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr ||
	    !reads_tasklet_field(c, s->field))
		return CXChildVisit_Recurse;
	file = cursor_file(c);
	if (!strcmp(file, s->file))
		s->line = cursor_line(c);
	free(file);
	return s->line ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * The line where the driver reads the tasklet's own state (hinic's queue
 * dump prints `eq->ceq_tasklet.state`), or 0: once folded, the tasklet
 * is never set up nor scheduled, and what the read reports is no longer
 * true.
 */
static unsigned int state_read_line(CXCursor root, CXCursor field,
				    const char *file)
{
	struct state_read s = { field, file, 0 };

	clang_visitChildren(root, state_visit, &s);
	return s.line;
}

/*
 * Can the tasklet scheduled by @call be folded into the thread?  Only when
 * it is set up with tasklet_setup() in this file (so its function takes the
 * tasklet itself and can be called directly), scheduled from nowhere else,
 * and never disabled.
 */
void fold_plan_tasklet(CXCursor call, const struct split_plan *plan,
		       struct tasklet_fold *tf)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(call);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	struct cursor_list calls = { NULL, 0, 0 }, scheds = { NULL, 0, 0 };
	struct cursor_range def = plan->def_range;
	unsigned int unwaited = 0;
	unsigned int state_line = 0;
	size_t i;

	memset(tf, 0, sizeof(*tf));
	tf->merged = clang_getNullCursor();
	tf->fn_def = clang_getNullCursor();
	tf->ctx_decl = clang_getNullCursor();
	tf->field = tasklet_field(call);
	if (clang_Cursor_isNull(tf->field)) {
		tf->refusal = xstrdup("the tasklet is not a field of a structure");
		return;
	}
	find_calls(root, is_tasklet_call, &calls);
	for (i = 0; i < calls.nr && !tf->refusal; i++) {
		CXCursor c = calls.v[i];
		char *name, *file;
		struct cursor_range r;
		const char *tied;
		CXCursor loop;

		if (!clang_equalCursors(tasklet_field(c), tf->field))
			continue;
		file = cursor_file(c);
		if (strcmp(file, plan->file)) {
			free(file);
			continue;
		}
		free(file);
		name = call_name(c);
		r = cursor_range(c);
		tied = strcmp(name, "tasklet_setup") &&
		       strcmp(name, "tasklet_kill") ? NULL : fold_stmt_tied(c);
		loop = tied ? fold_loop_of(c) : clang_getNullCursor();
		if (!clang_Cursor_isNull(loop))
			tied = NULL;
		if (tied) {
			tf->refusal = xasprintf("its %s() at line %u cannot go: it is %s",
						name, cursor_line(c), tied);
			free(name);
			break;
		}
		if (!strcmp(name, "tasklet_setup") &&
		    clang_Cursor_getNumArguments(c) == 2) {
			CXCursor fn = cursor_strip(clang_Cursor_getArgument(c, 1));

			if (clang_getCursorKind(fn) == CXCursor_DeclRefExpr) {
				tf->fn_decl = clang_getCursorReferenced(fn);
				tf->fn = cursor_name(tf->fn_decl);
			}
			cursor_list_push(&tf->removals,
					 clang_Cursor_isNull(loop) ? c : loop);
		} else if (!strcmp(name, "tasklet_kill")) {
			if (!unwaited && !behind_wait(c, 2))
				unwaited = cursor_line(c);
			tf->killed = true;
			cursor_list_push(&tf->removals,
					 clang_Cursor_isNull(loop) ? c : loop);
		} else if (!strcmp(name, "tasklet_schedule")) {
			if (r.begin < def.begin || r.end > def.end)
				tf->refusal = xstrdup("the tasklet is also scheduled outside the handler");
			else
				cursor_list_push(&scheds, c);
		} else {
			tf->refusal = xasprintf("the driver calls %s() on the tasklet",
						name);
		}
		free(name);
	}
	cursor_list_release(&calls);
	if (!tf->refusal && !tf->fn)
		tf->refusal = xstrdup("the tasklet is not set up with tasklet_setup() in this file");
	if (!tf->refusal)
		tf->refusal = fold_schedule_refusal(call, plan, &scheds);
	if (!tf->refusal)
		state_line = state_read_line(root, tf->field, plan->file);
	if (!tf->refusal && state_line)
		tf->refusal = xasprintf("line %u reads the tasklet's own state, which would no longer say what the work is doing: the tasklet would never be set up nor scheduled",
					state_line);
	/* What the handler does with it first, then its teardown. */
	if (!tf->refusal && unwaited)
		tf->refusal = xasprintf("its tasklet_kill() at line %u would go, and no free_irq(), synchronize_irq() or disable_irq() before it would wait for the thread instead: a devm-requested interrupt is freed only after remove() returns",
					unwaited);
	cursor_list_release(&scheds);
}

void fold_release(struct tasklet_fold *tf)
{
	free(tf->fn);
	free(tf->refusal);
	cursor_list_release(&tf->removals);
	free(tf->ctx_param);
	free(tf->ctx_type);
	free(tf->ctx_arg);
	free(tf->kept);
	free(tf->member_kept);
	free(tf->member_file);
	cursor_list_release(&tf->protos);
}

/*
 * Is @fn declared ahead of the handler in its file already?  Then the
 * thread needs no prototype of its own.
 */
bool fold_declared_before(CXCursor fn, const struct split_plan *plan)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	cursor_children(root, &kids);
	for (i = 0; i < kids.nr && !hit; i++) {
		CXCursor c = kids.v[i];
		char *file;

		if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
		    clang_isCursorDefinition(c) ||
		    !clang_equalCursors(clang_getCanonicalCursor(c),
					clang_getCanonicalCursor(fn)) ||
		    cursor_range(c).begin >= plan->def_range.begin)
			continue;
		file = cursor_file(c);
		hit = !strcmp(file, plan->file);
		free(file);
	}
	cursor_list_release(&kids);
	return hit;
}

/*
 * A function the thread now calls directly but that is defined after it
 * needs a prototype ahead of the two halves.
 */
void fold_add_prototype_before(struct strbuf *protos, CXCursor fn,
			       const struct split_plan *plan, const char *buf)
{
	CXCursor def = clang_getCursorDefinition(fn);
	struct cursor_range r = cursor_range(def);
	CXCursor body_stmt;
	size_t body = r.end;

	if (clang_Cursor_isNull(def) || r.begin < plan->def_range.begin ||
	    fold_declared_before(fn, plan))
		return;
	body_stmt = cursor_fn_body(def);
	if (!clang_Cursor_isNull(body_stmt))
		body = cursor_range(body_stmt).begin;
	while (body > r.begin && isspace((unsigned char)buf[body - 1]))
		body--;
	strbuf_add(protos, buf + r.begin, body - r.begin);
	strbuf_addstr(protos, ";\n\n");
}

/*
 * The tasklets the thread will call directly run in the thread, not in
 * softirq context: what they lock asks nothing of the thread's lock forms
 * (@folded), until the plan is made (!@folded).
 */
void fold_mark(const struct split_plan *plan, bool folded)
{
	size_t i, k;

	for (i = 0; i < plan->nr_stmts; i++) {
		struct cursor_list calls = { NULL, 0, 0 };

		if (plan->stmts[i].role != ROLE_THREAD)
			continue;
		find_calls(plan->stmts[i].cursor, any_callee, &calls);
		for (k = 0; k < calls.nr; k++) {
			struct tasklet_fold tf;
			char *name = call_name(calls.v[k]);

			if (!strcmp(name, "tasklet_schedule")) {
				fold_plan_tasklet(calls.v[k], plan, &tf);
				if (!tf.refusal && tf.fn)
					lock_thread_fold(plan->lm, tf.fn_decl,
							 folded);
				fold_release(&tf);
			}
			free(name);
		}
		cursor_list_release(&calls);
	}
}

/*
 * `x = from_tasklet(x, t, f);` or `x = container_of(t, T, f);`, as the
 * tokens of the declaration @t end.
 */
static bool derives(const struct strvec *t, size_t j, const char *var,
		    const char *param, const char *field)
{
	size_t n = t->nr;

	if (n && !strcmp(t->v[n - 1], ";"))
		n--;
	if (j + 8 == n && !strcmp(t->v[j], "from_tasklet"))
		return !strcmp(t->v[j + 2], var) &&
		       !strcmp(t->v[j + 4], param) &&
		       !strcmp(t->v[j + 6], field) &&
		       !strcmp(t->v[j + 7], ")");
	if (j + 7 <= n && !strcmp(t->v[j], "container_of"))
		return !strcmp(t->v[j + 2], param) &&
		       !strcmp(t->v[j + 3], ",") &&
		       !strcmp(t->v[n - 2], field) &&
		       !strcmp(t->v[n - 1], ")");
	return false;
}

CXCursor fold_derivation(CXCursor body, const char *param,
			 const char *field)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor hit = clang_getNullCursor();
	size_t i, j;

	cursor_children(body, &kids);
	for (i = 0; i < kids.nr && clang_Cursor_isNull(hit); i++) {
		struct cursor_list vars = { NULL, 0, 0 };
		struct strvec t = STRVEC_INIT;
		char *var;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_DeclStmt)
			continue;
		cursor_children(kids.v[i], &vars);
		if (vars.nr == 1) {
			var = cursor_name(vars.v[0]);
			cursor_tokens(kids.v[i], &t);
			for (j = 0; j < t.nr && clang_Cursor_isNull(hit); j++)
				if (derives(&t, j, var, param, field))
					hit = kids.v[i];
			free(var);
		}
		strvec_clear(&t);
		cursor_list_release(&vars);
	}
	cursor_list_release(&kids);
	return hit;
}

const char *fold_teardown_note(const struct tasklet_fold *tf)
{
	if (tf->killed)
		return "its tasklet_setup() and tasklet_kill() are gone, and free_irq() waits for the thread as tasklet_kill() waited for the tasklet";
	return "its tasklet_setup() is gone; the driver never killed the tasklet, which could run after free_irq(), while free_irq() waits for the thread";
}
