// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the roles: cutting the body into top-level statements,
 * finding the ownership check, the silencing writes and a locked tail, and
 * giving each statement its side of the split.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/line-share.h"
#include "analyze/silence-evidence.h"
#include "convert/fold-work.h"
#include "convert/split-parts.h"
#include "tu.h"


/* `readl(base + STATUS);` after the ack: a statement, not a loop that drains. */
static bool is_flush_read(CXCursor stmt)
{
	return clang_isExpression(clang_getCursorKind(stmt)) &&
	       !has_return(stmt) &&
	       !clang_Cursor_isNull(find_call(stmt, is_device_read)) &&
	       !has_other_call(stmt) &&
	       clang_Cursor_isNull(find_call(stmt, split_is_lock));
}
/* Functions a replayed assignment may call: they only compute a pointer. */
static bool is_pure_getter(const char *callee)
{
	return !strcmp(callee, "netdev_priv") ||
	       ends_with(callee, "get_drvdata");
}

static bool is_impure_call(const char *callee)
{
	return !is_pure_getter(callee);
}

/*
 * `local = expr;` before the check with no device access and no call but
 * a getter (`cp = netdev_priv(dev);`): the thread can compute it again
 * rather than have it handed over.
 */
static bool is_replayable(CXCursor stmt, const struct locals *l)
{
	struct strvec t = STRVEC_INIT;
	enum CXCursorKind k = clang_getCursorKind(stmt);
	bool hit;

	if (k == CXCursor_DeclStmt || k == CXCursor_IfStmt ||
	    has_return(stmt) || stmt_calls(stmt, is_impure_call))
		return false;
	/* `pending = status & MASK;`: the thread has no status to read. */
	if (refs_device_value(stmt, l))
		return false;
	cursor_tokens(stmt, &t);
	hit = t.nr > 2 && local_named((struct locals *)l, t.v[0]) &&
	      !strcmp(t.v[1], "=");
	strvec_clear(&t);
	return hit;
}

/* `status = cpr16(IntrStatus);`: a device read into a local, nothing else. */
static bool is_read_assignment(CXCursor stmt)
{
	enum CXCursorKind k = clang_getCursorKind(stmt);

	return k != CXCursor_DeclStmt && k != CXCursor_IfStmt &&
	       !has_return(stmt) && reads_device(stmt) &&
	       !stmt_calls(stmt, is_other_call) &&
	       !stmt_calls(stmt, is_device_write);
}

/* Statement @i opens `spin_lock(x); ...; spin_unlock(x);` of plain work? */
static size_t locked_silencing_group(const struct split_plan *plan, size_t i)
{
	size_t j;
	bool writes = false;
	CXCursor first = plan->stmts[i].cursor;
	char *callee;

	if (clang_getCursorKind(first) != CXCursor_CallExpr)
		return 0;
	callee = call_name(first);
	if (strcmp(callee, "spin_lock") && strcmp(callee, "_raw_spin_lock")) {
		free(callee);
		return 0;
	}
	free(callee);
	for (j = i + 1; j < plan->nr_stmts; j++) {
		CXCursor s = plan->stmts[j].cursor;

		if (stmt_calls(s, is_unlock))
			return writes ? j - i + 1 : 0;
		if (clang_getCursorKind(s) == CXCursor_DeclStmt || has_return(s) ||
		    stmt_calls(s, is_other_call) || stmt_calls(s, split_is_lock))
			return 0;
		if (stmt_calls(s, is_device_write))
			writes = true;
	}
	return 0;
}

/*
 * May the group [@start, @start + @n) run right after the check, in the
 * quick check?  Not when a goto of the thread jumps to it
 * (pic32_sqi_isr()'s `irq_done: writel(enable, ...)`), nor when it reads
 * a local that the statements it would jump ahead of assign.
 */
static bool may_run_early(const struct split_plan *plan,
			  const struct locals *l, size_t check, size_t start,
			  size_t n)
{
	size_t i, j, k;

	for (i = start; i < start + n; i++) {
		if (cursor_has_label(plan->stmts[i].cursor))
			return false;
		for (k = 0; k < l->nr; k++) {
			if (!refs_local(plan->stmts[i].cursor, &l->v[k]))
				continue;
			for (j = check + 1; j < start; j++)
				if (cursor_assigns(plan->stmts[j].cursor,
						   l->v[k].name))
					return false;
		}
	}
	return true;
}

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

/*
 * Is the group [@start, @start + @n) shown to silence the device
 * (analyze/silence-evidence.c)?  When not, the plan keeps why, for the
 * refusal or the patch text; when so, the evidence goes to the notes.
 * A non-null @alt is the `else` of the check, judged as the statement
 * right after it: @start and @n are then ignored.
 */
static bool silencing_proved(struct split_plan *plan, size_t check,
			     size_t start, size_t n, CXCursor alt)
{
	static const struct access_preds ap = { read_pred, write_pred, NULL };
	bool other = !clang_Cursor_isNull(alt);
	size_t nr = plan->nr_stmts + other;
	CXCursor *stmts = xcalloc(nr, sizeof(*stmts));
	struct silence_site s = { plan->def, stmts, nr, check, start, n, &ap };
	struct silence_evidence ev;
	bool ok;
	size_t i;

	for (i = 0; i < plan->nr_stmts; i++)
		stmts[i + (other && i > check)] = plan->stmts[i].cursor;
	if (other) {
		stmts[check + 1] = alt;
		s.start = check + 1;
		s.len = 1;
	}
	ok = silence_evidence_judge(&s, &ev);
	if (!ok) {
		plan->silence_code = reason_lookup(ev.refusal_code);
		free(plan->silence_why);
		plan->silence_why = xstrdup(ev.notes.v[0]);
	}
	for (i = 0; ok && i < ev.notes.nr; i++)
		strvec_push(&plan->notes, ev.notes.v[i]);
	silence_evidence_release(&ev);
	free(stmts);
	return ok;
}

/*
 * The first group of statements after the ownership check that silences
 * the device, shown by evidence, and may run early: between it and the
 * check only statements that touch no device register and take no lock,
 * and no drain of a level source.  Returns its length.
 */
static size_t find_silencing(struct split_plan *plan, size_t check,
			     size_t *start, const struct locals *l)
{
	CXCursor alt = else_branch(plan->stmts[check].cursor);
	size_t i, n;

	/* `if (!ours) return IRQ_NONE; else ack;`: the check silences. */
	if (!clang_Cursor_isNull(alt)) {
		if (!silencing_proved(plan, check, 0, 0, alt))
			return 0;
		*start = check;
		return 1;
	}

	for (i = check + 1; i < plan->nr_stmts; i++) {
		CXCursor s = plan->stmts[i].cursor;

		n = locked_silencing_group(plan, i);
		if (!n && is_silencing_stmt(s)) {
			n = 1;
			while (i + n < plan->nr_stmts &&
			       (is_silencing_stmt(plan->stmts[i + n].cursor) ||
				is_flush_read(plan->stmts[i + n].cursor)))
				n++;
		}
		if (n && !may_run_early(plan, l, check, i, n))
			return 0;
		if (n && !silencing_proved(plan, check, i, n,
					  clang_getNullCursor()))
			return 0;
		if (n) {
			*start = i;
			return n;
		}
		if (stmt_calls(s, is_device_access) ||
		    stmt_calls(s, split_is_lock) ||
		    clang_getCursorKind(s) == CXCursor_DeclStmt)
			return 0;
	}
	return 0;
}

int cut_statements(struct split_plan *plan, CXCursor body,
		   const char *buf, size_t len)
{
	struct cursor_list kids = { NULL, 0, 0 };
	struct cursor_range br = cursor_range(body);
	size_t i, prev_end;

	plan->body_open = split_line_after(buf, len, br.begin);
	plan->body_close = split_line_start(buf, br.end - 1);
	cursor_children(body, &kids);
	plan->stmts = xcalloc(kids.nr, sizeof(*plan->stmts));
	plan->nr_stmts = kids.nr;
	prev_end = plan->body_open;
	for (i = 0; i < kids.nr; i++) {
		struct cursor_range r = cursor_range(kids.v[i]);
		struct split_stmt *st = &plan->stmts[i];

		st->cursor = kids.v[i];
		st->role = ROLE_THREAD;
		if (r.begin < prev_end || split_line_start(buf, r.begin) < prev_end) {
			refuse(plan, R_TWO_STATEMENTS_ONE_LINE,
			       plan->handler);
			break;
		}
		st->line_begin = prev_end;
		/* Through the ';' that ends an expression statement. */
		st->line_end = split_line_after(buf, len, r.end ? r.end - 1 : 0);
		prev_end = st->line_end;
	}
	cursor_list_release(&kids);
	if (!plan->refusal.text && prev_end > plan->body_close)
		refuse(plan, R_STATEMENT_ON_CLOSING_LINE,
		       plan->handler);
	return plan->refusal.text ? -1 : 0;
}

/*
 * Statement @i is `spin_lock(x);` at the top level, and the handler ends
 * with `[label:] spin_unlock(x); return ...;`: the quick check can take
 * the lock as the old handler did and leave through the same tail.
 */
static bool takes_tail_lock(struct split_plan *plan, size_t i,
			    CXCursor unlock, const char *buf)
{
	CXCursor s = plan->stmts[i].cursor;
	char *name, *arg, *uarg;
	bool hit;

	if (plan->lock_arg || clang_Cursor_isNull(unlock) ||
	    clang_getCursorKind(s) != CXCursor_CallExpr)
		return false;
	name = call_name(s);
	hit = !strcmp(name, "spin_lock") || !strcmp(name, "_raw_spin_lock");
	free(name);
	if (!hit)
		return false;
	arg = first_arg_text(s, buf);
	uarg = first_arg_text(unlock, buf);
	hit = !strcmp(arg, uarg);
	free(uarg);
	if (hit) {
		plan->lock_arg = arg;
		plan->stmts[plan->tail].role = ROLE_TAIL;
		plan->stmts[plan->tail + 1].role = ROLE_TAIL;
	} else {
		free(arg);
	}
	return hit;
}

/*
 * Between the lock and the tail, every way out must go through the tail:
 * no return, no goto elsewhere.
 */
static int check_locked_exits(struct split_plan *plan, size_t lock)
{
	size_t i;

	for (i = lock + 1; i < plan->tail; i++) {
		struct goto_walk w = { plan->tail_label, false, false };

		walk_gotos(plan->stmts[i].cursor, &w);
		if (has_return(plan->stmts[i].cursor) || w.other) {
			refuse(plan, R_LOCK_EXIT_UNSPLITTABLE,
			       plan->handler, plan->lock_arg,
			       cursor_line(plan->stmts[i].cursor));
			return -1;
		}
	}
	return 0;
}

/*
 * In a locked handler the quick check keeps every statement up to the last
 * one that writes a device register, so the device is left exactly as the
 * old handler left it: what the thread runs writes no register itself.
 */
static size_t find_locked_silencing(const struct split_plan *plan,
				    size_t check, size_t *start)
{
	size_t i, last = 0;

	for (i = check + 1; i < plan->tail; i++)
		if (stmt_calls(plan->stmts[i].cursor, is_device_write))
			last = i;
	*start = check + 1;
	return last ? last - check : 0;
}

/* A replayable quick assignment of a local the thread uses is repeated. */
static void mark_replays(struct split_plan *plan, const struct locals *l)
{
	size_t i, j;

	for (i = 0; i < plan->nr_stmts; i++) {
		struct split_stmt *st = &plan->stmts[i];

		if (st->role != ROLE_QUICK || !is_replayable(st->cursor, l))
			continue;
		for (j = 0; j < l->nr; j++)
			if (cursor_assigns(st->cursor, l->v[j].name) &&
			    used_in_role(plan, &l->v[j], ROLE_THREAD))
				st->replay = true;
	}
}

/* A check the split cannot cut after comes at or after statement @at. */
static bool nested_after(const struct split_plan *plan,
			 const struct locals *l, size_t at)
{
	const char *where;
	unsigned int line = nested_check(plan, l, &where);

	return line && line >= cursor_line(plan->stmts[at].cursor);
}

int assign_roles(struct split_plan *plan, struct locals *l,
		 bool shared, bool exclusive,
		 enum split_strategy wanted, const char *buf)
{
	size_t i, j, check = plan->nr_stmts, sil_start = 0, sil_len = 0;
	size_t lock = plan->nr_stmts, early_lock = plan->nr_stmts;
	CXCursor unlock = find_tail_unlock(plan);
	char *ret_var;

	for (i = 0; i < plan->tail; i++) {
		CXCursor s = plan->stmts[i].cursor;

		mark_device_values(plan, i, l);
		if (is_ownership_check(plan, i, l)) {
			check = i;
			break;
		}
		if (takes_tail_lock(plan, i, unlock, buf)) {
			lock = i;
			continue;
		}
		/* Refused below, unless no check follows (whole thread). */
		if (early_lock == plan->nr_stmts && stmt_calls(s, split_is_lock))
			early_lock = i;
	}
	/*
	 * On a shared line whose requesters agree, only the work function as
	 * the thread: a handler that queues work and says nothing of whose
	 * interrupt it was keeps saying nothing, as before.
	 * Otherwise the handler whole, claiming every interrupt as before.
	 */
	if (check == plan->nr_stmts && !exclusive &&
	    (wanted == SPLIT_NONE || wanted == SPLIT_ONESHOT) &&
	    plan->line && plan->line->agreed) {
		if (!work_fold_thread(plan, buf)) {
			split_plan_work_shared(plan);
			return 0;
		}
		refusal_release(&plan->refusal);
		if (!split_plan_whole_shared_unchecked(plan))
			return 0;
	}
	if (check == plan->nr_stmts &&
	    (wanted == SPLIT_NONE || wanted == SPLIT_ONESHOT) && exclusive) {
		int r = work_fold_thread(plan, buf);

		if (r <= 0)
			return r;
		if (split_plan_whole(plan))
			return -1;
		plan->why = xasprintf("the line is not shared and %s() has no check of whose interrupt it is to split out, so the primary handler is NULL and IRQF_ONESHOT keeps the line masked until the thread has run the whole handler",
				      plan->handler);
		return 0;
	}
	/*
	 * A lock before the check is the reason only when there is a check:
	 * with none (sonypi never returns IRQ_NONE), or one before the lock
	 * (bcm2835-dma tests the channel's status only `if (c->irq_flags &
	 * IRQF_SHARED)`, cs4281 writes its EOI before it returns IRQ_NONE),
	 * the refusals below say why there is nothing to cut after.
	 */
	if (early_lock < plan->nr_stmts && check == plan->nr_stmts &&
	    !nested_after(plan, l, early_lock))
		early_lock = plan->nr_stmts;
	if (early_lock < plan->nr_stmts) {
		refuse(plan, R_LOCK_BEFORE_CHECK,
		       plan->handler);
		return -1;
	}
	if (check == plan->nr_stmts) {
		const char *where;
		unsigned int line = nested_check(plan, l, &where);

		if (line)
			refuse(plan, R_CHECK_NESTED, plan->handler, line,
			       where);
		else
			refuse(plan, R_NO_QUICK_CHECK, plan->handler);
		return -1;
	}
	/*
	 * Further IRQ_NONE checks belong with the first: right after it, or
	 * after reads into locals they test (8139cp reads IntrMask, checks,
	 * reads IntrStatus, checks again).
	 */
	for (;;) {
		for (j = check + 1; j < plan->tail &&
		     is_read_assignment(plan->stmts[j].cursor); j++)
			;
		if (j >= plan->tail)
			break;
		for (i = check + 1; i < j; i++)
			mark_assigned(plan->stmts[i].cursor, l, true, false);
		if (!is_ownership_check(plan, j, l))
			break;
		check = j;
	}
	if (lock < plan->nr_stmts && check_locked_exits(plan, lock))
		return -1;
	/* `handled = 1;` right after the check: the quick check's business. */
	ret_var = plan->lock_arg ? tail_ret_var(plan) : NULL;
	while (ret_var && check + 1 < plan->tail &&
	       is_plain_set(plan->stmts[check + 1].cursor, ret_var))
		check++;
	free(ret_var);
	for (i = 0; i <= check; i++) {
		CXCursor s = plan->stmts[i].cursor;
		bool decl = clang_getCursorKind(s) == CXCursor_DeclStmt;

		plan->stmts[i].role = decl && !reads_device(s) ?
				      ROLE_CONTEXT : ROLE_QUICK;
		if (!decl && !is_replayable(s, l))
			mark_set_in_quick(s, l);
	}
	if (plan->lock_arg)
		sil_len = find_locked_silencing(plan, check, &sil_start);
	else
		sil_len = find_silencing(plan, check, &sil_start, l);
	if (plan->lock_arg && sil_len && sil_start + sil_len == plan->tail) {
		refuse(plan, R_QUICK_KEEPS_ALL,
		       plan->handler);
		return -1;
	}

	/* Nothing silenced on a line of its own: nothing for a quick check. */
	if (wanted == SPLIT_NONE && !sil_len && exclusive && !shared &&
	    !split_plan_whole_checked(plan))
		return 0;
	if (wanted == SPLIT_MASK && !sil_len) {
		refuse(plan, R_NO_SILENCING_WRITE,
		       plan->handler);
		return -1;
	}
	if (wanted == SPLIT_ONESHOT && shared) {
		refuse(plan, R_SHARED_NO_ONESHOT);
		return -1;
	}
	if (wanted == SPLIT_STAGED) {
		if (plan->lock_arg) {
			refuse(plan, R_STAGED_LOCK_BEFORE_CHECK,
			       plan->handler, plan->lock_arg);
			return -1;
		}
		plan->strategy = SPLIT_STAGED;
		plan->why = xasprintf("the quick check reads the status and returns IRQ_NONE when the interrupt is not ours, IRQ_NEEDS_HANDLING otherwise, and %s() still does the work right after it in hard-irq context%s",
				      plan->handler,
				      shared ? ", so the line stays shareable" : "");
		return 0;
	}
	/* Its sharers all agree on IRQF_ONESHOT (split-whole.c). */
	if (wanted == SPLIT_NONE && !sil_len && shared &&
	    !split_plan_whole_shared(plan))
		return 0;
	if (wanted == SPLIT_NONE)
		wanted = sil_len ? SPLIT_MASK : shared ? SPLIT_NONE : SPLIT_ONESHOT;
	if (wanted == SPLIT_NONE && plan->silence_why) {
		refuse(plan, plan->silence_code, plan->handler,
		       plan->silence_why);
		return -1;
	}
	if (wanted == SPLIT_NONE) {
		refuse(plan, R_SHARED_NO_SILENCING,
		       plan->handler);
		return -1;
	}
	plan->strategy = wanted;
	if (wanted == SPLIT_MASK) {
		for (i = sil_start; i < sil_start + sil_len; i++) {
			plan->stmts[i].role = ROLE_SILENCE;
			mark_set_in_quick(plan->stmts[i].cursor, l);
		}
		if (plan->lock_arg)
			plan->why = xasprintf("the quick check takes %s as the old handler did, reads the status, returns IRQ_NONE when the interrupt is not ours and runs the old handler up to its last register write, so the device is left as quiet as the old handler left it and the line needs no masking%s",
					      plan->lock_arg,
					      shared ? " and stays shareable" : "");
		else
			plan->why = xasprintf("the quick check reads the status, returns IRQ_NONE when the interrupt is not ours and silences the device with the handler's own register writes, so the line needs no masking%s",
					      shared ? " and stays shareable" : "");
		if (!plan->lock_arg && sil_start > check + 1)
			strvec_push(&plan->notes, "The device writes that silence the interrupt ran after other work in the old handler; they now run first, in the quick check.");
	} else {
		plan->why = xstrdup("the line is not shared, so IRQF_ONESHOT can keep it masked until the thread has done the work");
		if (plan->silence_why)
			strvec_push_nodup(&plan->notes, xasprintf("No register write moves into the quick check: %s. IRQF_ONESHOT keeps the line masked until the thread has run instead.",
								 plan->silence_why));
	}
	mark_replays(plan, l);
	ret_var = plan->lock_arg ? tail_ret_var(plan) : NULL;
	for (i = check + 1; ret_var && i < plan->tail; i++) {
		const struct local *lo = local_named(l, ret_var);

		if (plan->stmts[i].role == ROLE_THREAD && lo &&
		    refs_local(plan->stmts[i].cursor, lo)) {
			refuse(plan, R_RETURN_DECIDED_IN_THREAD,
			       plan->handler, ret_var);
			free(ret_var);
			return -1;
		}
	}
	free(ret_var);
	if (plan->lock_arg) {
		for (i = check + 1; i < plan->tail; i++) {
			struct goto_walk w = { plan->tail_label, false, false };

			if (plan->stmts[i].role != ROLE_THREAD)
				continue;
			walk_gotos(plan->stmts[i].cursor, &w);
			plan->thread_goes_to_tail |= w.found;
		}
		strvec_push_nodup(&plan->notes, xasprintf("%s() took %s before it read the status. The quick check takes it the same way and releases it on every way out; the thread takes it with spin_lock_irqsave(), since the quick check takes it in hard-irq context.",
							  plan->handler, plan->lock_arg));
		if (wanted == SPLIT_MASK)
			strvec_push(&plan->notes, "The quick check keeps every statement up to the last register write of the old handler, so that the device is left as the old handler left it; the thread runs what follows, which writes no register.");
	}
	return 0;
}
