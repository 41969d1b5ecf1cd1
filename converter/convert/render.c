// SPDX-License-Identifier: GPL-2.0
/*
 * Rendering a split plan: the quick check and the thread as C text, built
 * from the statements the old handler already had, plus the few lines the
 * split needs (hand-over of values, bottom-half bracketing, lock forms).
 */
#include <stdlib.h>
#include <string.h>

#include "convert/fold-work.h"
#include "convert/fold.h"
#include "convert/render-decls.h"
#include "convert/render-doc.h"
#include "convert/split.h"
#include "convert/staged.h"
#include "convert/thread-edits.h"
#include "convert/whole-edits.h"
#include "tu.h"

static void render_span(struct strbuf *out, const char *buf, size_t begin,
			size_t end, const struct edit_list *el, bool with_end)
{
	size_t i, pos = begin;

	for (i = 0; i < el->nr; i++) {
		const struct edit *e = &el->v[i];

		if (e->offset < begin || e->offset > end ||
		    (e->offset == end && (e->length || !with_end)))
			continue;
		strbuf_add(out, buf + pos, e->offset - pos);
		strbuf_addstr(out, e->text);
		pos = e->offset + e->length;
	}
	strbuf_add(out, buf + pos, end - pos);
}

struct half {
	enum stmt_role roles[3];
	size_t nr_roles;
};

static bool in_half(const struct half *h, enum stmt_role r)
{
	size_t i;

	for (i = 0; i < h->nr_roles; i++)
		if (h->roles[i] == r)
			return true;
	return false;
}

static bool refs_decl(CXCursor c, CXCursor decl)
{
	struct cursor_list refs = { NULL, 0, 0 };
	bool hit;

	find_refs(c, decl, &refs);
	hit = refs.nr > 0;
	cursor_list_release(&refs);
	return hit;
}

static bool stmt_declares(CXCursor stmt, const char *name)
{
	struct cursor_list kids = { NULL, 0, 0 };
	size_t i;
	bool hit = false;

	cursor_children(stmt, &kids);
	for (i = 0; i < kids.nr && !hit; i++) {
		char *n = cursor_name(kids.v[i]);

		hit = clang_getCursorKind(kids.v[i]) == CXCursor_VarDecl &&
		      !strcmp(n, name);
		free(n);
	}
	cursor_list_release(&kids);
	return hit;
}

/*
 * Which context declarations a half needs: those whose variables its
 * statements use, the private pointer when values are handed over, and,
 * to a fixed point, those the needed ones' initialisers use.
 */
static bool *needed_context(const struct split_plan *plan,
			    const struct half *h)
{
	bool *need = xcalloc(plan->nr_stmts, sizeof(*need));
	bool changed = true;
	size_t i, j;

	while (changed) {
		changed = false;
		for (i = 0; i < plan->nr_stmts; i++) {
			struct cursor_list vars = { NULL, 0, 0 };

			if (plan->stmts[i].role != ROLE_CONTEXT || need[i])
				continue;
			cursor_children(plan->stmts[i].cursor, &vars);
			for (j = 0; j < plan->nr_stmts && !need[i]; j++) {
				size_t v;
				bool user = in_half(h, plan->stmts[j].role) ||
					    (in_half(h, ROLE_THREAD) &&
					     plan->stmts[j].replay) ||
					    (plan->stmts[j].role == ROLE_CONTEXT &&
					     need[j]);

				if (!user || j == i)
					continue;
				for (v = 0; v < vars.nr; v++)
					if (refs_decl(plan->stmts[j].cursor,
						      vars.v[v]))
						need[i] = true;
			}
			if (plan->nr_handovers && plan->priv_var &&
			    stmt_declares(plan->stmts[i].cursor, plan->priv_var))
				need[i] = true;
			for (j = 0; j < plan->nr_handovers; j++)
				if (!plan->handovers[j].declared_in_quick &&
				    in_half(h, ROLE_THREAD) &&
				    stmt_declares(plan->stmts[i].cursor,
						  plan->handovers[j].name))
					need[i] = true;
			if (need[i])
				changed = true;
			cursor_list_release(&vars);
		}
	}
	return need;
}

static char *header_with_name(const struct split_plan *plan, const char *buf,
			      const char *name)
{
	CXFile file;
	unsigned int line, col, off;
	struct strbuf sb = STRBUF_INIT;

	clang_getExpansionLocation(clang_getCursorLocation(plan->def), &file,
				   &line, &col, &off);
	strbuf_add(&sb, buf + plan->def_range.begin, off - plan->def_range.begin);
	strbuf_addstr(&sb, name);
	off += strlen(plan->handler);
	/* `cp_interrupt (int irq, ...)`: no space before the parenthesis. */
	while (buf[off] == ' ' || buf[off] == '\t')
		off++;
	strbuf_add(&sb, buf + off, plan->body_open - off);
	return strbuf_detach(&sb);
}

/*
 * Is the declarator @var of the statement @at used by the half @h?  By its
 * statements, the quick statements the thread replays, or a context
 * declaration the half keeps (@need).
 */
static bool decl_used_in_half(const struct split_plan *plan,
			      const struct half *h, const bool *need,
			      size_t at, CXCursor var)
{
	size_t j;

	/* The thread assigns what it takes over. */
	for (j = 0; in_half(h, ROLE_THREAD) && j < plan->nr_handovers; j++)
		if (clang_equalCursors(plan->handovers[j].decl, var))
			return true;
	for (j = 0; j < plan->nr_stmts; j++) {
		const struct split_stmt *st = &plan->stmts[j];
		bool user = in_half(h, st->role) ||
			    (in_half(h, ROLE_THREAD) && st->replay) ||
			    (st->role == ROLE_CONTEXT && need[j]);

		if (j != at && user && refs_decl(st->cursor, var))
			return true;
	}
	return false;
}

/*
 * `unsigned int status, sctrl;` where the half uses only one of them: drop
 * the declarators it does not use, or -Wunused-variable fires.  Only those
 * without an initialiser (its side effects stay); the first one takes the
 * comma after it, the others the comma before.
 */
static void add_decl_for_half(struct strbuf *out, const struct split_plan *plan,
			      const struct half *h, const bool *need,
			      size_t at, const char *buf)
{
	const struct split_stmt *st = &plan->stmts[at];
	struct cursor_list vars = { NULL, 0, 0 };
	struct strbuf line = STRBUF_INIT;
	size_t v, nr_kept;

	strbuf_add(&line, buf + st->line_begin, st->line_end - st->line_begin);
	cursor_children(st->cursor, &vars);
	nr_kept = vars.nr;
	for (v = vars.nr; vars.nr > 1 && v-- > 0;) {
		CXFile f;
		unsigned int ln, col, off;
		size_t name, end, b, e;
		char *n;

		if (decl_used_in_half(plan, h, need, at, vars.v[v]) ||
		    nr_kept == 1)
			continue;
		clang_getExpansionLocation(clang_getCursorLocation(vars.v[v]),
					   &f, &ln, &col, &off);
		n = cursor_name(vars.v[v]);
		if (off < st->line_begin || off >= st->line_end ||
		    strncmp(buf + off, n, strlen(n))) {
			free(n);
			continue;
		}
		name = off - st->line_begin;
		end = name + strlen(n);
		free(n);
		e = end;
		while (e < line.len && (line.buf[e] == ' ' || line.buf[e] == '\t'))
			e++;
		if (e >= line.len || (line.buf[e] != ',' && line.buf[e] != ';'))
			continue;	/* an initialiser or an array */
		b = name;
		while (b > 0 && (line.buf[b - 1] == '*' || line.buf[b - 1] == ' '))
			b--;
		if (b > 0 && line.buf[b - 1] == ',') {
			b--;		/* `, *name` */
			e = end;
		} else if (line.buf[e] == ',') {
			b = name;	/* `*name, ` after the type */
			while (b > 0 && line.buf[b - 1] == '*')
				b--;
			e++;
			while (e < line.len && (line.buf[e] == ' ' ||
						line.buf[e] == '\t'))
				e++;
		} else {
			continue;
		}
		memmove(line.buf + b, line.buf + e, line.len - e + 1);
		line.len -= e - b;
		nr_kept--;
	}
	cursor_list_release(&vars);
	strbuf_addstr(out, line.buf);
	strbuf_release(&line);
}

static void render_quick(struct strbuf *out, const struct split_plan *plan,
			 const char *buf)
{
	static const struct half quick = {
		{ ROLE_QUICK, ROLE_SILENCE, ROLE_TAIL }, 3
	};
	bool *need = needed_context(plan, &quick);
	char *header = header_with_name(plan, buf, plan->quick_name);
	bool staged = plan->strategy == SPLIT_STAGED;
	char *role = xasprintf(staged ? "Runs first, in hard-irq context: checks that the device raised the interrupt and hands the status it read to %s(), which the core calls next." :
			       plan->strategy == SPLIT_MASK ? "Runs in hard-irq context: checks that the device raised the interrupt and silences it, then wakes %s()." :
			       "Runs in hard-irq context: checks that the device raised the interrupt, then wakes %s().",
			       staged ? plan->handler : plan->thread_name);
	size_t i;

	render_doc(out, plan, buf, plan->quick_name, role,
		   staged ? "IRQ_NONE when the device did not raise the interrupt, IRQ_NEEDS_HANDLING otherwise." :
		   plan->lock_arg ? "IRQ_NONE when the device did not raise the interrupt, IRQ_WAKE_THREAD when the thread has work to do, or what the old handler returned on its other ways out." :
		   "IRQ_NONE when the device did not raise the interrupt, IRQ_WAKE_THREAD otherwise.");
	free(role);
	strbuf_addstr(out, header);
	for (i = 0; i < plan->nr_stmts; i++) {
		const struct split_stmt *st = &plan->stmts[i];

		if (st->role == ROLE_THREAD || st->role == ROLE_TAIL ||
		    (st->role == ROLE_CONTEXT && !need[i]))
			continue;
		if (st->role == ROLE_CONTEXT &&
		    clang_getCursorKind(st->cursor) == CXCursor_DeclStmt)
			add_decl_for_half(out, plan, &quick, need, i, buf);
		else
			strbuf_add(out, buf + st->line_begin,
				   st->line_end - st->line_begin);
	}
	if (plan->nr_handovers || plan->lock_arg)
		strbuf_addch(out, '\n');
	for (i = 0; i < plan->nr_handovers; i++)
		strbuf_addf(out, "\tatomic_or(%s, &%s->%s);\n",
			    plan->handovers[i].name, plan->priv_var,
			    plan->handovers[i].field);
	if (plan->lock_arg)
		strbuf_addf(out, "\tspin_unlock(%s);\n", plan->lock_arg);
	strbuf_addf(out, "\treturn %s;\n",
		    staged ? "IRQ_NEEDS_HANDLING" : "IRQ_WAKE_THREAD");
	/* The old tail: the ways out that do not wake the thread end there. */
	if (plan->lock_arg) {
		if (!split_empty_line_len(buf + plan->stmts[plan->tail].line_begin))
			strbuf_addch(out, '\n');
		strbuf_add(out, buf + plan->stmts[plan->tail].line_begin,
			   plan->body_close - plan->stmts[plan->tail].line_begin);
	}
	strbuf_addstr(out, "}\n\n");
	free(header);
	free(need);
}

static const struct split_handover *handover_of(const struct split_plan *plan,
						CXCursor decl)
{
	size_t i;

	for (i = 0; i < plan->nr_handovers; i++)
		if (clang_equalCursors(plan->handovers[i].decl, decl))
			return &plan->handovers[i];
	return NULL;
}

/* Does statement @st read a value the thread takes over? */
static bool reads_handover(const struct split_plan *plan,
			   const struct split_stmt *st)
{
	size_t i;

	for (i = 0; i < plan->nr_handovers; i++)
		if (refs_decl(st->cursor, plan->handovers[i].decl))
			return true;
	return false;
}

/*
 * The quick statements the thread repeats: those that read a value it
 * takes over (@after, a count computed from the status) once it has it,
 * the others (pointer derivations) before.
 */
static void render_replays(struct strbuf *out, const struct split_plan *plan,
			   const char *buf, bool *stmts, bool after)
{
	size_t i;

	for (i = 0; i < plan->nr_stmts; i++) {
		const struct split_stmt *st = &plan->stmts[i];
		size_t begin = split_line_start(buf, cursor_range(st->cursor).begin);

		if (!st->replay || reads_handover(plan, st) != after)
			continue;
		if (!*stmts)
			strbuf_addch(out, '\n');
		*stmts = true;
		strbuf_add(out, buf + begin, st->line_end - begin);
	}
}

static void render_thread(struct strbuf *out, const struct split_plan *plan,
			  const char *buf, const struct edit_list *inner,
			  bool need_flags, bool need_ret, bool bh_region)
{
	static const struct half thread = { { ROLE_THREAD }, 1 };
	bool *need = needed_context(plan, &thread);
	char *header = header_with_name(plan, buf, plan->thread_name);
	char *role = xasprintf("Runs in the irq thread once %s() has claimed the interrupt, and handles it.",
			       plan->quick_name);
	struct strbuf body = STRBUF_INIT;
	size_t i, j, decls;
	bool stmts = false;

	render_doc(out, plan, buf, plan->thread_name, role, NULL);
	free(role);
	strbuf_addstr(out, header);
	decls = out->len;
	for (i = 0; i < plan->nr_stmts; i++) {
		const struct split_stmt *st = &plan->stmts[i];
		struct cursor_list vars = { NULL, 0, 0 };

		if (st->role == ROLE_CONTEXT && need[i]) {
			if (clang_getCursorKind(st->cursor) == CXCursor_DeclStmt)
				add_decl_for_half(out, plan, &thread, need, i, buf);
			else
				strbuf_add(out, buf + st->line_begin,
					   st->line_end - st->line_begin);
			continue;
		}
		if (st->role != ROLE_QUICK ||
		    clang_getCursorKind(st->cursor) != CXCursor_DeclStmt)
			continue;
		cursor_children(st->cursor, &vars);
		for (j = 0; j < vars.nr; j++) {
			const struct split_handover *h = handover_of(plan, vars.v[j]);

			if (h)
				strbuf_addf(out, "\t%s %s = atomic_xchg(&%s->%s, 0);\n",
					    h->type, h->name, plan->priv_var,
					    h->field);
		}
		cursor_list_release(&vars);
	}
	if (need_flags)
		strbuf_addstr(out, "\tunsigned long flags;\n");
	if (need_ret)
		strbuf_addstr(out, "\tirqreturn_t ret;\n");
	render_replays(out, plan, buf, &stmts, false);
	for (i = 0; i < plan->nr_handovers; i++) {
		const struct split_handover *h = &plan->handovers[i];

		if (h->declared_in_quick)
			continue;
		if (!stmts)
			strbuf_addch(out, '\n');
		stmts = true;
		strbuf_addf(out, "\t%s = atomic_xchg(&%s->%s, 0);\n", h->name,
			    plan->priv_var, h->field);
	}
	render_replays(out, plan, buf, &stmts, true);
	if (plan->zero_check_var) {
		if (!stmts)
			strbuf_addch(out, '\n');
		stmts = true;
		strbuf_addf(out, "\tif (!%s)\n\t\treturn IRQ_HANDLED;\t/* an earlier run took it */\n",
			    plan->zero_check_var);
	}
	if (plan->lock_arg) {
		strbuf_addf(out, "%s%s\tspin_lock_irqsave(%s, flags);\n",
			    stmts ? "\n" : "",
			    bh_region ? "\tlocal_bh_disable();\n" : "",
			    plan->lock_arg);
		stmts = true;
	}
	for (i = 0; i < plan->nr_stmts; i++) {
		const struct split_stmt *st = &plan->stmts[i];

		bool next_shown = i + 1 < plan->nr_stmts ?
				  plan->stmts[i + 1].role == ROLE_THREAD :
				  !plan->lock_arg;

		/* An insertion at its end belongs to it when what follows is not shown. */
		if (st->role == ROLE_THREAD)
			render_span(&body, buf, st->line_begin, st->line_end,
				    inner, !next_shown);
	}
	if (plan->lock_arg) {
		/* The tail again, with the lock form the thread needs. */
		strbuf_addstr(&body, "\n");
		if (plan->thread_goes_to_tail)
			strbuf_addf(&body, "%s:\n", plan->tail_label);
		strbuf_addf(&body, "\tspin_unlock_irqrestore(%s, flags);\n%s\n\treturn IRQ_HANDLED;\n",
			    plan->lock_arg,
			    bh_region ? "\tlocal_bh_enable();\n" : "");
	} else if (plan->nr_stmts) {
		render_span(&body, buf, plan->stmts[plan->nr_stmts - 1].line_end,
			    plan->body_close, inner, false);
	}
	/*
	 * Declarations end with a blank line, as the old body had it; with none
	 * (pvscsi_shared_isr_thread()), the body follows the brace.
	 */
	if (body.len && !split_empty_line_len(body.buf) && out->len > decls)
		strbuf_addch(out, '\n');
	strbuf_add(out, body.buf ? body.buf : "", body.len);
	strbuf_addstr(out, "}");
	strbuf_release(&body);
	free(header);
	free(need);
}

/*
 * A fold leaves comments that speak of the tasklet or work item in the
 * handler or the work function that became the thread: reworded once
 * every other edit is made, in place or in the text rendered there.
 */
static void reword_stale_comments(const struct split_plan *plan,
				  const char *buf, size_t len,
				  struct edit_list *el)
{
	bool tasklet = false;
	size_t i, start;

	if (plan->work) {
		work_fold_reword(plan->work, buf, len, el);
		return;
	}
	for (i = 0; i < el->nr && !tasklet; i++)
		tasklet = !strcmp(el->v[i].why, "tasklet setup/kill");
	if (!tasklet)
		return;
	start = split_line_start(buf, plan->def_range.begin);
	fold_reword_region(el, buf, len, fold_comment_start(buf, start),
			   plan->def_range.end, false, NULL);
}

int split_render_all(const struct split_plan *plan, const char *buf,
		     size_t len, const char *hbuf, struct edit_list *el,
		     struct edit_list *hdr, struct strvec *notes,
		     struct refusal *why)
{
	struct edit_list inner;
	struct strbuf text = STRBUF_INIT;
	CXSourceRange doc = clang_Cursor_getCommentRange(plan->def);
	size_t insert_at = plan->def_range.begin;
	bool need_flags = false;
	bool need_ret = false;
	bool bh_region = false;
	int ret;

	edit_list_init(&inner, el->file);
	if (plan->whole_thread) {
		/* The request names the old handler, or the work function now. */
		if (plan->work)
			work_fold_render(plan, plan->work, buf, len, el, notes);
		ret = plan->whole_edited ?
		      whole_render_edits(plan, buf, len, el, notes, why) : 0;
		goto out;
	}
	if (plan->strategy == SPLIT_STAGED)
		ret = staged_handler_edits(plan, buf, el, notes, why);
	else
		ret = render_thread_edits(plan, buf, len, &inner, el, &need_flags,
					&need_ret,
					&bh_region, &text, notes, why);
	if (ret)
		goto out;
	if (edit_list_check(&inner, len)) {
		refusal_set(why, R_EDITS_OVERLAP, plan->handler);
		ret = -1;
		goto out;
	}
	if (!clang_Range_isNull(doc)) {
		CXFile f;
		unsigned int line, col, off;

		clang_getExpansionLocation(clang_getRangeStart(doc), &f, &line,
					   &col, &off);
		if (off < insert_at)
			insert_at = split_line_start(buf, off);
	}
	if (plan->strategy == SPLIT_STAGED) {
		/* The old handler stays, kernel-doc and all. */
		render_quick(&text, plan, buf);
		staged_tidy(&text);
		edit_add(el, insert_at, 0, text.buf, "quick check");
		render_prototypes(plan, buf, len, el, hbuf, hdr,
			       (const char *const[]){ plan->quick_name }, 1, true);
		render_handover_fields(plan, hbuf, hdr);
		goto out;
	}
	/*
	 * The old kernel-doc, if any, described a handler that no longer
	 * exists: each half gets it, adapted (render-doc.c).
	 */
	render_quick(&text, plan, buf);
	render_thread(&text, plan, buf, &inner,
		      need_flags || plan->lock_arg, need_ret, bh_region);
	edit_add(el, insert_at, plan->def_range.end - insert_at, text.buf,
		 "quick check and thread");
	render_prototypes(plan, buf, len, el, hbuf, hdr,
		       (const char *const[]){ plan->quick_name, plan->thread_name },
		       2, false);
	render_handover_fields(plan, hbuf, hdr);
out:
	if (!ret)
		reword_stale_comments(plan, buf, len, el);
	strbuf_release(&text);
	edit_list_release(&inner);
	return ret;
}
