// SPDX-License-Identifier: GPL-2.0
/*
 * The edits of a folded work item (convert/fold-work.h): the handler goes,
 * the work function takes its name and signature, the work item's setup,
 * cancels, member and enable_irq() go.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/fold-work.h"
#include "convert/fold.h"
#include "tu.h"

static size_t name_offset(CXCursor c)
{
	CXFile f;
	unsigned int line, col, off;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col,
				   &off);
	return off;
}

/* One past the ')' that closes the '(' at or after @off. */
static size_t close_paren(const char *buf, size_t len, size_t off)
{
	int depth = 0;

	for (; off < len; off++) {
		if (buf[off] == '(')
			depth++;
		else if (buf[off] == ')' && --depth == 0)
			return off + 1;
	}
	return len;
}

/* `(int irq, void *p)` of the handler, as written. */
static char *handler_params(const struct split_plan *plan, const char *buf,
			    size_t len)
{
	size_t open = name_offset(plan->def) + strlen(plan->handler);

	while (open < len && buf[open] != '(')
		open++;
	return xstrndup(buf + open, close_paren(buf, len, open) - open);
}

/* Where the handler's text starts: its comment, doc or plain, if any. */
static size_t handler_start(const struct split_plan *plan, const char *buf)
{
	CXSourceRange doc = clang_Cursor_getCommentRange(plan->def);
	size_t begin = split_line_start(buf, plan->def_range.begin), p;

	if (!clang_Range_isNull(doc)) {
		CXFile f;
		unsigned int line, col, off;

		clang_getExpansionLocation(clang_getRangeStart(doc), &f, &line,
					   &col, &off);
		return off < begin ? split_line_start(buf, off) : begin;
	}
	/* A plain comment right above, ending on the line before. */
	p = begin;
	while (p > 0 && (buf[p - 1] == '\n' || buf[p - 1] == ' ' ||
			 buf[p - 1] == '\t'))
		p--;
	if (p < 2 || buf[p - 1] != '/' || buf[p - 2] != '*' ||
	    split_line_start(buf, p) != split_line_start(buf, begin - 1))
		return begin;
	while (p > 1 && !(buf[p - 2] == '/' && buf[p - 1] == '*'))
		p--;
	return p > 1 ? split_line_start(buf, p - 2) : begin;
}

/* The handler goes, or leaves its prototype when the function comes after. */
static void drop_handler(const struct split_plan *plan,
			 const struct work_fold *wf, const char *buf,
			 size_t len, const char *params, struct edit_list *el)
{
	size_t begin = handler_start(plan, buf);
	size_t end = split_line_after(buf, len, plan->def_range.end - 1);

	if (cursor_range(wf->fn_def).begin > plan->def_range.begin) {
		edit_add_take(el, begin, end - begin,
			      xasprintf("static irqreturn_t %s%s;\n",
					plan->handler, params),
			      "work handler prototype");
		return;
	}
	if (split_empty_line_before(buf, begin) && end < len)
		end += split_empty_line_len(buf + end);
	edit_add(el, begin, end - begin, "", "work handler");
}

/* `static void fn(struct work_struct *w)` becomes the handler's header. */
static void retype_fn(const struct split_plan *plan,
		      const struct work_fold *wf, const char *buf, size_t len,
		      const char *params, struct edit_list *el)
{
	size_t begin = cursor_range(wf->fn_def).begin;
	size_t name = name_offset(wf->fn_def);
	size_t end = close_paren(buf, len, name);
	char *prefix = xstrndup(buf + begin, name - begin);
	char *v = strstr(prefix, "void");

	if (v)
		*v = '\0';
	edit_add_take(el, begin, end - begin,
		      xasprintf("%sirqreturn_t%s%s%s", prefix,
				v ? v + strlen("void") : " ", plan->handler,
				params),
		      "work folded");
	free(prefix);
}

/* `T *obj = container_of(w, T, f);` becomes `T *obj = dev_id;`. */
static void retarget_obj(const struct split_plan *plan,
			 const struct work_fold *wf, const char *buf,
			 struct edit_list *el)
{
	struct cursor_range r = cursor_range(wf->obj_decl);
	char *dev = cursor_name(clang_Cursor_getArgument(plan->def, 1));
	size_t eq = r.begin, semi = r.end;

	while (eq < r.end && buf[eq] != '=')
		eq++;
	while (semi > eq && buf[semi - 1] != ';')
		semi--;
	if (semi > eq)
		semi--;
	edit_add_take(el, eq + 1, semi - eq - 1, xasprintf(" %s", dev),
		      "work folded");
	free(dev);
}

static void collect_returns(CXCursor c, struct cursor_list *out)
{
	struct cursor_list kids = { NULL, 0, 0 };
	size_t i;

	cursor_children(c, &kids);
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt && !kids.nr)
		cursor_list_push(out, c);
	for (i = 0; i < kids.nr; i++)
		collect_returns(kids.v[i], out);
	cursor_list_release(&kids);
}

/* Every `return;` returns IRQ_HANDLED, and so does the end. */
static void returns_handled(const struct work_fold *wf, const char *buf,
			    struct edit_list *el)
{
	struct cursor_list kids = { NULL, 0, 0 }, rets = { NULL, 0, 0 };
	CXCursor body = cursor_fn_body(wf->fn_def);
	size_t i;

	collect_returns(body, &rets);
	for (i = 0; i < rets.nr; i++)
		edit_add(el, cursor_range(rets.v[i]).begin, strlen("return"),
			 "return IRQ_HANDLED", "work folded");
	cursor_list_release(&rets);
	cursor_children(body, &kids);
	if (!kids.nr ||
	    clang_getCursorKind(kids.v[kids.nr - 1]) != CXCursor_ReturnStmt)
		edit_add(el, split_line_start(buf, cursor_range(body).end - 1), 0,
			 "\n\treturn IRQ_HANDLED;\n", "work folded");
	cursor_list_release(&kids);
}

/*
 * What the cancels or flushes that go waited for, and what waits now, named
 * as the driver wrote them (flush_work(), cancel_work_sync()).  Free it.
 */
static char *cancels_note(const struct work_fold *wf, const char *buf)
{
	const char *s;
	size_t i, n;

	for (i = 0; i < wf->removals.nr; i++) {
		s = buf + cursor_range(wf->removals.v[i]).begin;
		if (starts_with(s, "INIT_WORK"))
			continue;
		for (n = 0; is_ident_char(s[n]); n++)
			;
		return xasprintf(", and so does its %.*s(), which comes after the interrupt is freed or synchronized: free_irq() and synchronize_irq() wait for the thread as %.*s() waited for the work.",
				 (int)n, s, (int)n, s);
	}
	return xstrdup("; the driver never cancelled it, and now freeing the interrupt (free_irq(), or its devm release at detach) waits for the thread.");
}

void work_fold_render(const struct split_plan *plan,
		      const struct work_fold *wf, const char *buf, size_t len,
		      struct edit_list *el, struct strvec *notes)
{
	char *params = handler_params(plan, buf, len);
	bool before = cursor_range(wf->fn_def).begin < plan->def_range.begin;
	struct strvec names = STRVEC_INIT;
	char *cancels;
	size_t i;

	drop_handler(plan, wf, buf, len, params, el);
	retype_fn(plan, wf, buf, len, params, el);
	retarget_obj(plan, wf, buf, el);
	returns_handled(wf, buf, el);
	strvec_push(&names, wf->field_name);
	strvec_push(&names, wf->fn);
	fold_add_api_names(&names, true);
	for (i = 0; i < wf->removals.nr; i++)
		fold_remove_stmt_named(el, buf, len, wf->removals.v[i], &names,
				       false, "work setup/cancel");
	for (i = 0; i < wf->enables.nr; i++)
		fold_remove_stmt_named(el, buf, len, wf->enables.v[i], NULL,
				       true, "enable_irq() of the work");
	for (i = 0; i < wf->protos.nr; i++) {
		struct cursor_range r = cursor_range(wf->protos.v[i]);

		if (before)
			fold_remove_stmt_lines(el, buf, len, wf->protos.v[i],
					       "work prototype");
		else
			edit_add_take(el, r.begin, r.end - r.begin,
				      xasprintf("static irqreturn_t %s%s",
						plan->handler, params),
				      "work prototype");
	}
	if (!clang_Cursor_isNull(wf->field_decl_stmt) && !wf->stop_flag) {
		fold_remove_stmt_lines(el, buf, len, wf->field_decl_stmt,
				       "work member");
		fold_remove_member_doc(el, buf, len, wf->field_decl_stmt,
				       "work member");
	}
	cancels = cancels_note(wf, buf);
	strvec_push_nodup(notes, xasprintf("%s() only queued the work item '%s'; %s() now is the thread function, under the name %s(), and runs right after the interrupt instead of on the system workqueue. INIT_WORK() goes with the work item%s",
					   plan->handler, wf->field_name, wf->fn,
					   plan->handler, cancels));
	free(cancels);
	work_flag_render(wf, buf, len, el, notes);
	for (i = 0; i < wf->removals.nr; i++) {
		fold_tidy_label(el, buf, len, wf->removals.v[i]);
		fold_tidy_block(el, buf, len, wf->removals.v[i], &names);
	}
	fold_tidy_loops(el, buf, len, &wf->removals, &names,
			"work setup/cancel", notes);
	strvec_clear(&names);
	if (wf->disables)
		strvec_push_nodup(notes, xasprintf("%s() disabled its own line until %s() enabled it again; IRQF_ONESHOT keeps the line masked until the thread returns, which is what the pair did, so disable_irq() and enable_irq() go.",
						   plan->handler, wf->fn));
	if (!clang_Cursor_isNull(wf->field_decl_stmt))
		strvec_push_nodup(notes, xasprintf("The member '%s', used by nothing else, goes too.",
						   wf->field_name));
	free(params);
}

void work_fold_reword(const struct work_fold *wf, const char *buf,
		      size_t len, struct edit_list *el)
{
	struct strvec names = STRVEC_INIT;
	struct cursor_range r = cursor_range(wf->fn_def);

	strvec_push(&names, wf->field_name);
	strvec_push(&names, wf->fn);
	fold_add_api_names(&names, true);
	fold_reword_region(el, buf, len,
			   fold_comment_start(buf, split_line_start(buf, r.begin)),
			   r.end, true, &names);
	strvec_clear(&names);
}
