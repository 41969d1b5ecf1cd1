// SPDX-License-Identifier: GPL-2.0
/*
 * A handler moved to the thread whole, edited where thread context needs
 * it: its plain locks in the forms their other users need, its tasklet
 * folded, softirqs it raises bracketed.  Only for a handler that nothing
 * but the request names, since its other callers would get the edits too.
 * A tasklet scheduled ahead of other work is called where it would have
 * run, after the handler: at the end of the thread.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/context.h"
#include "convert/fold.h"
#include "convert/thread-edits.h"
#include "convert/whole-edits.h"
#include "tu.h"

static enum CXChildVisitResult count_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	void **d = data;
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_equalCursors(clang_getCanonicalCursor(ref),
			       *(CXCursor *)d[0]))
		(*(unsigned int *)d[1])++;
	return CXChildVisit_Recurse;
}

/*
 * in_interrupt() and its kind are macros: a token, not always a call the
 * cursor walk sees, and what they decide changes in the thread.
 */
static bool asks_context(CXCursor def)
{
	struct strvec t = STRVEC_INIT;
	bool hit = false;
	size_t i;

	cursor_tokens(def, &t);
	for (i = 0; i < t.nr && !hit; i++)
		hit = is_context_query(t.v[i]);
	strvec_clear(&t);
	return hit;
}

bool whole_editable(const struct split_plan *plan)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(plan->def);
	CXCursor canon = clang_getCanonicalCursor(plan->def);
	unsigned int n = 0;
	void *d[2] = { &canon, &n };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), count_visit, d);
	return n == 1 && !asks_context(plan->def);
}

/* A top-level `tasklet_schedule(&x->t);` that other statements follow. */
static bool moves_to_end(const struct split_plan *plan, size_t i)
{
	CXCursor s = plan->stmts[i].cursor;
	char *name;
	bool hit;

	if (clang_getCursorKind(s) != CXCursor_CallExpr ||
	    i + 2 >= plan->nr_stmts ||
	    clang_getCursorKind(plan->stmts[plan->nr_stmts - 1].cursor) !=
	    CXCursor_ReturnStmt)
		return false;
	name = call_name(s);
	hit = !strcmp(name, "tasklet_schedule");
	free(name);
	return hit;
}

/*
 * The tasklet at statement @i runs at the end of the thread, bracketed,
 * and its setup and kill go.  False when it cannot be folded.
 */
static bool fold_at_end(const struct split_plan *plan, size_t i,
			const char *buf, size_t len, struct edit_list *el,
			struct strbuf *protos, struct strvec *notes)
{
	CXCursor call = plan->stmts[i].cursor;
	CXCursor ret = plan->stmts[plan->nr_stmts - 1].cursor;
	struct tasklet_fold tf;
	struct strvec names = STRVEC_INIT;
	char *arg, *field;

	fold_plan_tasklet(call, plan, &tf);
	if (tf.refusal) {
		fold_release(&tf);
		return false;
	}
	field = cursor_name(tf.field);
	strvec_push(&names, field);
	strvec_push(&names, tf.fn);
	fold_remove_stmt_named(el, buf, len, call, &names, false,
			       "tasklet moved");
	strvec_clear(&names);
	strvec_push_nodup(notes, xasprintf("Tasklet '%s' folded: %s() now runs in the thread, called directly at its end, where the tasklet ran after the old handler had returned (so after everything the handler did, the acknowledge included); %s.",
					   field, tf.fn, fold_teardown_note(&tf)));
	fold_plan_retype(call, plan, buf, &tf);
	arg = fold_tasklet_render(&tf, call, plan, buf, len, el, el, protos,
				  notes);
	edit_add_take(el, split_line_start(buf, cursor_range(ret).begin), 0,
		      xasprintf("\tlocal_bh_disable();\n\t%s;\n\tlocal_bh_enable();\n\n",
				arg),
		      "tasklet folded");
	strvec_push(notes, "The folded tasklet function runs with bottom halves disabled, as it did in the tasklet, so what it calls (locks it shares with softirq code, completion callbacks) keeps the context it expects.");
	free(arg);
	free(field);
	fold_release(&tf);
	return true;
}

/* Where the handler starts: its kernel-doc, if any. */
static size_t handler_start(const struct split_plan *plan, const char *buf)
{
	CXSourceRange doc = clang_Cursor_getCommentRange(plan->def);
	size_t begin = split_line_start(buf, plan->def_range.begin);
	CXFile f;
	unsigned int line, col, off;

	if (clang_Range_isNull(doc))
		return begin;
	clang_getExpansionLocation(clang_getRangeStart(doc), &f, &line, &col,
				   &off);
	return off < begin ? split_line_start(buf, off) : begin;
}

/* `unsigned long flags;` after the handler's declarations. */
static void add_locals(const struct split_plan *plan, const char *buf,
		       bool need_flags, bool need_ret, struct edit_list *el)
{
	size_t i, at = plan->body_open;
	bool decls = false;

	if (!need_flags && !need_ret)
		return;
	for (i = 0; i < plan->nr_stmts; i++) {
		if (clang_getCursorKind(plan->stmts[i].cursor) != CXCursor_DeclStmt)
			break;
		at = plan->stmts[i].line_end;
		decls = true;
	}
	/* line_end of a declaration takes the blank line after it too */
	while (decls && at > plan->body_open && buf[at - 1] == '\n' &&
	       at >= 2 && buf[at - 2] == '\n')
		at--;
	edit_add_take(el, at, 0, xasprintf("%s%s%s",
					   need_flags ? "\tunsigned long flags;\n" : "",
					   need_ret ? "\tirqreturn_t ret;\n" : "",
					   decls ? "" : "\n"),
		      "thread locals");
}

int whole_render_edits(const struct split_plan *plan, const char *buf,
		       size_t len, struct edit_list *el, struct strvec *notes,
		       struct refusal *why)
{
	struct split_plan p = *plan;
	struct edit_list inner;
	struct strbuf protos = STRBUF_INIT;
	bool need_flags, need_ret, bh_region;
	size_t i;
	int ret;

	/* No quick check takes a tail lock for the thread to hold irqsave. */
	p.lock_arg = NULL;
	p.stmts = xcalloc(plan->nr_stmts, sizeof(*p.stmts));
	memcpy(p.stmts, plan->stmts, plan->nr_stmts * sizeof(*p.stmts));
	for (i = 0; i < p.nr_stmts; i++)
		p.stmts[i].role = ROLE_THREAD;
	for (i = 0; i < p.nr_stmts; i++)
		if (moves_to_end(&p, i) &&
		    fold_at_end(&p, i, buf, len, el, &protos, notes))
			p.stmts[i].role = ROLE_QUICK;	/* done here */
	edit_list_init(&inner, el->file);
	ret = render_thread_edits(&p, buf, len, &inner, el, &need_flags,
				  &need_ret, &bh_region, &protos, notes, why);
	if (!ret) {
		for (i = 0; i < inner.nr; i++)
			edit_add(el, inner.v[i].offset, inner.v[i].length,
				 inner.v[i].text, inner.v[i].why);
		add_locals(&p, buf, need_flags, need_ret, el);
		if (protos.len)
			edit_add(el, handler_start(plan, buf), 0, protos.buf,
				 "prototype");
	}
	edit_list_release(&inner);
	strbuf_release(&protos);
	free(p.stmts);
	return ret;
}
