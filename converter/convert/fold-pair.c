// SPDX-License-Identifier: GPL-2.0
/*
 * A handler that masks its own line with disable_irq_nosync() and
 * schedules a tasklet that unmasks it with enable_irq() held the line for
 * the tasklet (xgene-dma).  Folded, both calls run in one thread run under
 * IRQF_ONESHOT, which keeps the line masked until the thread returns: the
 * pair goes when it is on every path of that run and the line is the
 * handler's own; otherwise it stays and the patch says why.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-graph.h"
#include "convert/fold.h"

static bool is_disable(const char *callee)
{
	return !strcmp(callee, "disable_irq_nosync") ||
	       !strcmp(callee, "disable_irq");
}

static bool is_enable(const char *callee)
{
	return !strcmp(callee, "enable_irq");
}

static bool same_decl(CXCursor a, CXCursor b)
{
	return clang_equalCursors(clang_getCanonicalCursor(a),
				  clang_getCanonicalCursor(b));
}

static enum CXChildVisitResult jump_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
	    k == CXCursor_IndirectGotoStmt) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Can control leave the function, or jump, inside @c? */
static bool jumps(CXCursor c)
{
	bool hit = false;

	if (clang_getCursorKind(c) == CXCursor_ReturnStmt ||
	    clang_getCursorKind(c) == CXCursor_GotoStmt)
		return true;
	clang_visitChildren(c, jump_visit, &hit);
	return hit;
}

/* The declaration @e (a plain name) refers to, or a null cursor. */
static CXCursor named(CXCursor e)
{
	e = cursor_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	return clang_getCursorReferenced(e);
}

/* `base->field`: the field, and the declaration the base names. */
static CXCursor member_of(CXCursor e, CXCursor *base)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor field;

	*base = clang_getNullCursor();
	e = cursor_strip(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	field = clang_getCursorReferenced(e);
	cursor_children(e, &kids);
	if (kids.nr == 1)
		*base = named(kids.v[0]);
	cursor_list_release(&kids);
	return field;
}

/* The dev_id parameter of the handler, or a local set from it alone. */
static bool is_dev_id(const struct split_plan *plan, CXCursor decl)
{
	CXCursor dev = clang_Cursor_getArgument(plan->def, 1);
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit;

	if (clang_Cursor_isNull(decl))
		return false;
	if (same_decl(decl, dev))
		return true;
	if (clang_getCursorKind(decl) != CXCursor_VarDecl)
		return false;
	cursor_children(decl, &kids);
	hit = kids.nr && !clang_Cursor_isNull(named(kids.v[kids.nr - 1])) &&
	      same_decl(named(kids.v[kids.nr - 1]), dev);
	cursor_list_release(&kids);
	return hit;
}

/* The USR of the field the handler's request names as its irq, or NULL. */
static const char *own_line(const struct split_plan *plan)
{
	ssize_t at = plan->lm ? lm_fn_of(plan->lm, plan->def) : -1;

	return at < 0 ? NULL : plan->lm->fns[at].own_line;
}

static bool is_own_field(const struct split_plan *plan, CXCursor field)
{
	const char *own = own_line(plan);
	char *usr;
	bool hit;

	if (!own || clang_Cursor_isNull(field))
		return false;
	usr = cxstring_take(clang_getCursorUSR(field));
	hit = !strcmp(usr, own);
	free(usr);
	return hit;
}

static char *text_of(CXCursor c, const char *buf)
{
	struct cursor_range r = cursor_range(c);

	return xstrndup(buf + r.begin, r.end - r.begin);
}

/* The handler's irq argument, or the requested field of its dev_id. */
static bool own_arg(CXCursor arg, const struct split_plan *plan)
{
	CXCursor base, field = member_of(arg, &base), irq = named(arg);

	if (!clang_Cursor_isNull(irq) &&
	    same_decl(irq, clang_Cursor_getArgument(plan->def, 0)))
		return true;
	return is_own_field(plan, field) && is_dev_id(plan, base);
}

/*
 * The line both calls name is the one the handler was requested on: the
 * handler disables its irq argument, or the requested field of its
 * dev_id; the tasklet it schedules is that of its dev_id, and the
 * function enables the requested field of the structure it finds from
 * it.  NULL when it is, else why not.
 */
static char *not_own(CXCursor dis, CXCursor en, CXCursor call,
		     const struct split_plan *plan,
		     const struct tasklet_fold *tf, const char *buf)
{
	CXCursor d_arg = clang_Cursor_getArgument(dis, 0);
	CXCursor e_arg = clang_Cursor_getArgument(en, 0);
	CXCursor sched = cursor_strip_address(clang_Cursor_getArgument(call, 0));
	CXCursor s_base, e_base, e_field, var;
	struct cursor_list vars = { NULL, 0, 0 };
	char *t, *why = NULL;

	if (!own_arg(d_arg, plan)) {
		t = text_of(d_arg, buf);
		why = xasprintf("%s is not shown to be the line the thread runs for (the handler's irq argument, or the field of its dev_id the request names)",
				t);
		free(t);
		return why;
	}
	member_of(sched, &s_base);
	e_field = member_of(e_arg, &e_base);
	cursor_children(tf->ctx_decl, &vars);
	var = vars.nr == 1 ? vars.v[0] : clang_getNullCursor();
	cursor_list_release(&vars);
	if (clang_Cursor_isNull(var) || clang_Cursor_isNull(e_base) ||
	    !same_decl(e_base, var) || !is_dev_id(plan, s_base) ||
	    !is_own_field(plan, e_field)) {
		t = text_of(e_arg, buf);
		why = xasprintf("the %s it enables is not shown to be that line",
				t);
		free(t);
	}
	return why;
}

/* The same statement, reached by another walk of the tree. */
static bool same_stmt(CXCursor a, CXCursor b)
{
	struct cursor_range ra = cursor_range(a), rb = cursor_range(b);

	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       ra.begin == rb.begin && ra.end == rb.end;
}

/* The index of @c among the handler's top-level statements, or -1. */
static ssize_t top_stmt(const struct split_plan *plan, CXCursor c)
{
	size_t i;

	for (i = 0; i < plan->nr_stmts; i++)
		if (same_stmt(plan->stmts[i].cursor, c))
			return plan->stmts[i].role == ROLE_THREAD ? (ssize_t)i :
			       -1;
	return -1;
}

/* Is @en a top-level statement of @fn that every path reaches? */
static bool enables_always(CXCursor fn, CXCursor en)
{
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	cursor_children(cursor_fn_body(fn), &kids);
	for (i = 0; i < kids.nr; i++) {
		if (same_stmt(kids.v[i], en)) {
			hit = true;
			break;
		}
		if (jumps(kids.v[i]))
			break;
	}
	cursor_list_release(&kids);
	return hit;
}

static char *pair_kept(CXCursor dis, CXCursor en, CXCursor call,
		       const struct split_plan *plan,
		       const struct tasklet_fold *tf, const char *buf)
{
	ssize_t d = top_stmt(plan, dis), s = top_stmt(plan, call), i;
	char *why = not_own(dis, en, call, plan, tf, buf);

	if (why)
		return why;
	if (d < 0 || s < d)
		return xstrdup("the handler does not disable the line, then schedule the tasklet, on every path");
	for (i = d + 1; i < s; i++)
		if (jumps(plan->stmts[i].cursor))
			return xstrdup("the handler can return between disabling the line and scheduling the tasklet");
	if (!enables_always(tf->fn_def, en))
		return xstrdup("the tasklet function does not enable the line on every path");
	return NULL;
}

static bool mentions(const char *buf, size_t len, const char *s)
{
	size_t n = strlen(s), i;

	for (i = 0; i + n <= len; i++)
		if (!memcmp(buf + i, s, n))
			return true;
	return false;
}

void fold_pair_render(CXCursor call, const struct split_plan *plan,
		      const struct tasklet_fold *tf, const char *buf,
		      size_t len, struct edit_list *thread_el,
		      struct edit_list *el, struct strvec *notes)
{
	struct cursor_list dis = { NULL, 0, 0 }, en = { NULL, 0, 0 };
	char *d, *e, *why;

	find_calls(plan->def, is_disable, &dis);
	if (!clang_Cursor_isNull(tf->fn_def))
		find_calls(tf->fn_def, is_enable, &en);
	if (!dis.nr || !en.nr)
		goto out;
	d = text_of(dis.v[0], buf);
	e = text_of(en.v[0], buf);
	if (dis.nr > 1 || en.nr > 1)
		why = xstrdup("the line is disabled or enabled more than once");
	else if (tf->kept)
		why = xstrdup(tf->kept);
	else
		why = pair_kept(dis.v[0], en.v[0], call, plan, tf, buf);
	if (why) {
		strvec_push_nodup(notes, xasprintf("%s() still calls %s, and %s() %s, now both in the thread: the pair stays, since only a pair on every path of the thread's run, of the line it runs for, is sure to be what IRQF_ONESHOT does, and here %s.",
						   plan->handler, d, tf->fn, e,
						   why));
	} else {
		fold_remove_stmt_named(thread_el, buf, len, dis.v[0], NULL,
				       true, "line pair");
		fold_remove_stmt_named(el, buf, len, en.v[0], NULL, true,
				       "line pair");
		strvec_push_nodup(notes, xasprintf("%s() masked its own line with %s until %s() unmasked it with %s; both now run in the same run of the thread, and IRQF_ONESHOT keeps the line masked until the thread returns, so the pair goes.%s",
						   plan->handler, d, tf->fn, e,
						   mentions(buf, len, "IRQ_DISABLE_UNLAZY") ?
						   " The IRQ_DISABLE_UNLAZY status the driver sets, so that disable_irq_nosync() would mask the line at once, is left as it is." :
						   ""));
	}
	free(why);
	free(d);
	free(e);
out:
	cursor_list_release(&dis);
	cursor_list_release(&en);
}
