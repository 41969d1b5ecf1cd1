// SPDX-License-Identifier: GPL-2.0
/*
 * Folding a work item into the thread: a handler that only queues a work
 * item (and perhaps disables its own line until the work re-enables it)
 * is replaced by the work function, which becomes the thread function
 * under the handler's name.  The work item's setup, its cancels (free_irq()
 * and synchronize_irq() wait for the thread as the cancel waited for the
 * work) and its member go.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/fold-work-parts.h"
#include "convert/fold.h"
#include "tu.h"

static bool is_queue(const char *n)
{
	return !strcmp(n, "schedule_work") || !strcmp(n, "queue_work") ||
	       !strcmp(n, "queue_work_on") || starts_with(n, "schedule_delayed") ||
	       starts_with(n, "queue_delayed") || starts_with(n, "mod_delayed");
}

static bool is_cancel(const char *n)
{
	return !strcmp(n, "cancel_work_sync") || !strcmp(n, "cancel_work") ||
	       !strcmp(n, "flush_work");
}

/* dev_dbg(), pr_debug(): written at @s, whatever they expand to. */
static bool is_debug_print(const char *s)
{
	return starts_with(s, "dev_dbg(") || starts_with(s, "pr_debug(") ||
	       starts_with(s, "dev_vdbg(");
}

/* `&x->f` (or `&x.f`): the member f, else a null cursor; @base gets x. */
static CXCursor member_of(CXCursor arg, CXCursor *base)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor ref = clang_getNullCursor();

	arg = cursor_strip_address(arg);
	if (clang_getCursorKind(arg) != CXCursor_MemberRefExpr)
		return ref;
	cursor_children(arg, &kids);
	if (base)
		*base = kids.nr ? cursor_strip(kids.v[0]) : clang_getNullCursor();
	cursor_list_release(&kids);
	ref = clang_getCursorReferenced(arg);
	return clang_getCursorKind(ref) == CXCursor_FieldDecl ? ref :
	       clang_getNullCursor();
}

/* The work member a call's arguments name, or a null cursor. */
static CXCursor call_work(CXCursor call, CXCursor *base)
{
	int i, n = clang_Cursor_getNumArguments(call);

	for (i = 0; i < n; i++) {
		CXCursor f = member_of(clang_Cursor_getArgument(call, i), base);
		char *type;
		bool work;

		if (clang_Cursor_isNull(f))
			continue;
		type = cxstring_take(clang_getTypeSpelling(clang_getCursorType(f)));
		work = !strcmp(type, "struct work_struct");
		free(type);
		if (work)
			return f;
	}
	return clang_getNullCursor();
}

static bool refers_to(CXCursor e, CXCursor decl)
{
	e = cursor_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       same_decl(clang_getCursorReferenced(e), decl);
}

/* The definition in @file enclosing @off, or a null cursor. */
static CXCursor enclosing_fn(CXCursor root, const char *file, size_t off)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor fn = clang_getNullCursor();
	size_t i;

	cursor_children(root, &kids);
	for (i = 0; i < kids.nr && clang_Cursor_isNull(fn); i++) {
		struct cursor_range r = cursor_range(kids.v[i]);
		char *f;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(kids.v[i]) || off < r.begin ||
		    off >= r.end)
			continue;
		f = cursor_file(kids.v[i]);
		if (!strcmp(f, file))
			fn = kids.v[i];
		free(f);
	}
	cursor_list_release(&kids);
	return fn;
}

static void refuse_at(struct split_plan *plan, enum reason r, CXCursor root,
		      CXCursor at, const char *what)
{
	CXCursor fn = enclosing_fn(root, plan->file, cursor_range(at).begin);
	char *name = clang_Cursor_isNull(fn) ? xstrdup("?") : cursor_name(fn);

	if (r == R_WORK_QUEUED_ELSEWHERE)
		refuse(plan, r, what, plan->handler, cursor_line(at), name);
	else
		refuse(plan, r, name, cursor_line(at), what);
	free(name);
}

/* `(void)call(...)`: the call. */
static CXCursor void_cast_call(CXCursor s)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor c = clang_getNullCursor();

	cursor_children(s, &kids);
	if (kids.nr == 1)
		c = cursor_strip(kids.v[0]);
	cursor_list_release(&kids);
	return c;
}

/* What a context declaration may call: getters of the driver's data. */
static bool is_not_getter(const char *n)
{
	return !ends_with(n, "get_drvdata") && !ends_with(n, "get_clientdata") &&
	       strcmp(n, "netdev_priv");
}

/*
 * A call of a function of the file that queues one work item (max3100's
 * max3100_dowork()): the queueing it makes goes to @queue.
 */
static bool queues_once(CXCursor call, CXCursor *queue)
{
	CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
	struct cursor_list q = { NULL, 0, 0 };
	bool hit;

	if (clang_Cursor_isNull(def))
		return false;
	find_calls(def, is_queue, &q);
	hit = q.nr == 1;
	if (hit)
		*queue = q.v[0];
	cursor_list_release(&q);
	return hit;
}

/*
 * The handler's statements: context declarations, a disable_irq() of its
 * own line, debug prints, one queueing of a work item and the return.
 * Returns the queueing call, or a null cursor for another shape.
 */
static CXCursor handler_queue(struct split_plan *plan, struct work_fold *wf,
			      CXCursor *via, const char *buf)
{
	CXCursor queue = clang_getNullCursor();
	CXCursor irq = clang_Cursor_getArgument(plan->def, 0);
	size_t i;

	*via = clang_getNullCursor();
	for (i = 0; i < plan->nr_stmts; i++) {
		CXCursor s = plan->stmts[i].cursor;
		enum CXCursorKind k = clang_getCursorKind(s);
		struct strvec t = STRVEC_INIT;
		char *name;
		bool ok = false;

		cursor_tokens(s, &t);
		if (k == CXCursor_DeclStmt)
			ok = !stmt_calls(s, is_not_getter);
		else if (k == CXCursor_ReturnStmt)
			ok = i + 1 == plan->nr_stmts && t.nr >= 2 &&
			     !strcmp(t.v[1], "IRQ_HANDLED");
		else if (is_debug_print(buf + cursor_range(s).begin))
			ok = true;
		strvec_clear(&t);
		if (ok)
			continue;
		if (k == CXCursor_CStyleCastExpr)
			s = void_cast_call(s);
		if (clang_getCursorKind(s) != CXCursor_CallExpr)
			return clang_getNullCursor();
		name = call_name(s);
		if ((!strcmp(name, "disable_irq") ||
		     !strcmp(name, "disable_irq_nosync")) &&
		    clang_Cursor_getNumArguments(s) == 1 &&
		    refers_to(clang_Cursor_getArgument(s, 0), irq)) {
			wf->disables = true;
		} else if (clang_Cursor_isNull(queue) && is_queue(name)) {
			queue = s;
		} else if (clang_Cursor_isNull(queue) && queues_once(s, &queue)) {
			*via = s;
		} else {
			free(name);
			return clang_getNullCursor();
		}
		free(name);
	}
	return queue;
}

/* The object the handler queues the work of: its dev_id, or a copy of it. */
static bool is_dev_object(const struct split_plan *plan, CXCursor base)
{
	CXCursor dev = clang_Cursor_getArgument(plan->def, 1), ref;
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit = false;

	if (refers_to(base, dev))
		return true;
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(base);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
	    !within(ref, plan->def))
		return false;
	cursor_children(ref, &kids);
	hit = kids.nr && refers_to(kids.v[kids.nr - 1], dev);
	cursor_list_release(&kids);
	return hit;
}

/* The function INIT_WORK() at @off of @buf names, or NULL. */
static char *init_work_fn(const char *buf, size_t off)
{
	const char *p = buf + off, *comma = NULL, *end;
	int depth = 0;

	if (!starts_with(p, "INIT_WORK("))
		return NULL;
	for (end = p + strlen("INIT_WORK"); *end; end++) {
		if (*end == '(')
			depth++;
		else if (*end == ')' && --depth == 0)
			break;
		else if (*end == ',' && depth == 1)
			comma = end;
	}
	if (!comma || !*end)
		return NULL;
	for (comma++; *comma == ' ' || *comma == '\t'; comma++)
		;
	while (end > comma && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	return xstrndup(comma, end - comma);
}

/*
 * Every use of the work member in the file: setups (the work function),
 * the handler's queueing, cancels behind a free_irq() or synchronize_irq()
 * (removed), and anything else (refused).  -1 after a refusal.
 */
static int scan_uses(struct split_plan *plan, struct work_fold *wf,
		     CXCursor root, CXCursor queue, CXCursor via,
		     const char *buf)
{
	struct cursor_list calls = { NULL, 0, 0 };
	size_t i;
	int ret = 0;

	find_calls(root, any_callee, &calls);
	for (i = 0; i < calls.nr && !ret; i++) {
		CXCursor c = calls.v[i], fn;
		const char *tied;
		char *name, *file = cursor_file(c);
		bool here = !strcmp(file, plan->file);

		free(file);
		if (!here)
			continue;
		name = call_name(c);
		if (!clang_Cursor_isNull(via) &&
		    same_decl(clang_getCursorReferenced(c),
			      clang_getCursorReferenced(via)) &&
		    !within(c, plan->def)) {
			refuse_at(plan, R_WORK_QUEUED_ELSEWHERE, root, c,
				  wf->field_name);
			ret = -1;
		}
		if (ret || !same_decl(call_work(c, NULL), wf->field)) {
			free(name);
			continue;
		}
		fn = enclosing_fn(root, plan->file, cursor_range(c).begin);
		tied = strcmp(name, "__init_work") && !is_cancel(name) ?
		       NULL : fold_stmt_tied(c);
		if (tied) {
			char *why = xasprintf("its %s() at line %u cannot go: it is %s",
					      strcmp(name, "__init_work") ?
					      name : "INIT_WORK",
					      cursor_line(c), tied);

			unfoldable(plan, wf->field_name, why);
			free(why);
			free(name);
			ret = -1;
			continue;
		}
		if (!strcmp(name, "__init_work")) {
			char *f = init_work_fn(buf, cursor_range(c).begin);

			if (!f || (wf->fn && strcmp(f, wf->fn))) {
				unfoldable(plan, wf->field_name, "it is not set up with one INIT_WORK() in this file");
				ret = -1;
			} else if (!wf->fn) {
				wf->fn = f;
				f = NULL;
			}
			free(f);
			cursor_list_push(&wf->removals, c);
		} else if (within(c, plan->def) ||
			   (!clang_Cursor_isNull(via) && within(c, queue))) {
			/* the handler's own */
		} else if (is_queue(name)) {
			refuse_at(plan, R_WORK_QUEUED_ELSEWHERE, root, c,
				  wf->field_name);
			ret = -1;
		} else if (is_cancel(name)) {
			struct cursor_list before = { NULL, 0, 0 };
			size_t j;
			bool waited = false;

			find_calls(fn, waits_for_irq, &before);
			for (j = 0; j < before.nr; j++)
				waited |= cursor_range(before.v[j]).begin <
					  cursor_range(c).begin;
			cursor_list_release(&before);
			if (waited) {
				cursor_list_push(&wf->removals, c);
			} else {
				refuse_at(plan, R_WORK_CANCEL_NEEDED, root, c,
					  name);
				ret = -1;
			}
		} else {
			char *why = xasprintf("the driver calls %s() on it at line %u",
					      name, cursor_line(c));

			unfoldable(plan, wf->field_name, why);
			free(why);
			ret = -1;
		}
		free(name);
	}
	cursor_list_release(&calls);
	if (!ret && !wf->fn) {
		unfoldable(plan, wf->field_name, "it is not set up with INIT_WORK() in this file");
		ret = -1;
	}
	return ret;
}


int work_fold_plan(struct split_plan *plan, struct work_fold *wf,
		   const char *buf)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(plan->def);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	CXCursor via, queue, base = clang_getNullCursor();
	char *qname;

	memset(wf, 0, sizeof(*wf));
	queue = handler_queue(plan, wf, &via, buf);
	if (clang_Cursor_isNull(queue))
		return 1;
	wf->field = call_work(queue, &base);
	if (clang_Cursor_isNull(wf->field))
		return 1;
	wf->field_name = cursor_name(wf->field);
	if (scan_uses(plan, wf, root, queue, via, buf))
		return -1;
	qname = call_name(queue);
	if (!strcmp(qname, "queue_work") || !strcmp(qname, "queue_work_on")) {
		free(qname);
		unfoldable(plan, wf->field_name, "it is queued on a workqueue the driver would still create and destroy with nothing left to run on it");
		return -1;
	}
	if (strcmp(qname, "schedule_work")) {
		char *why = xasprintf("it is queued with %s()", qname);

		free(qname);
		unfoldable(plan, wf->field_name, why);
		free(why);
		return -1;
	}
	free(qname);
	if (!clang_Cursor_isNull(via)) {
		unfoldable(plan, wf->field_name, "it is queued through a helper whose conditions the thread would lose");
		return -1;
	}
	if (!is_dev_object(plan, base)) {
		unfoldable(plan, wf->field_name, "the handler does not queue the work of its dev_id");
		return -1;
	}
	cursor_list_release(&wf->protos);
	wf->fn_def = find_fn(root, plan->file, wf->fn, &wf->protos);
	if (clang_Cursor_isNull(wf->fn_def)) {
		unfoldable(plan, wf->field_name, "its function is not defined in this file");
		return -1;
	}
	if (check_fn(plan, wf, root, base))
		return -1;
	find_member_decl(plan, wf, root);
	work_flag_plan(plan, wf, root, buf);
	return 0;
}

void work_fold_release(struct work_fold *wf)
{
	free(wf->fn);
	free(wf->field_name);
	free(wf->stop_flag);
	free(wf->flag_member);
	free(wf->flag_spans);
	cursor_list_release(&wf->removals);
	cursor_list_release(&wf->enables);
	cursor_list_release(&wf->protos);
	memset(wf, 0, sizeof(*wf));
}

int work_fold_thread(struct split_plan *plan, const char *buf)
{
	struct work_fold *wf = xcalloc(1, sizeof(*wf));
	int r = work_fold_plan(plan, wf, buf);

	if (r) {
		work_fold_release(wf);
		free(wf);
		return r;
	}
	plan->work = wf;
	plan->whole_thread = true;
	plan->strategy = SPLIT_ONESHOT;
	plan->why = xasprintf("%s() only queues the work item '%s', whose function %s() does the work in process context; the line is not shared, so %s() becomes the thread function with no primary handler, and IRQF_ONESHOT keeps the line masked until it has run",
			      plan->handler, wf->field_name, wf->fn, wf->fn);
	return 0;
}
