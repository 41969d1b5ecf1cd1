// SPDX-License-Identifier: GPL-2.0
/*
 * Folding a work item, the stop flag: drivers of the disable_irq() +
 * schedule_work() idiom guard the work function's enable_irq() with
 * `if (!test_bit(FLAG, &obj->flags))` and set FLAG in remove() before
 * freeing the irq, so that a late work run does not enable a freed line.
 * When the fold drops that enable, nothing reads the flag: its writes, its
 * #define and a member only it used go too, or the patch leaves dead code.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold-work-parts.h"
#include "convert/fold.h"
#include "tu.h"
#include "util.h"

static const char *skip_space(const char *s, const char *end)
{
	while (s < end && isspace((unsigned char)*s))
		s++;
	return s;
}

/* The FLAG of a condition `!test_bit(FLAG, ...)` or `test_bit(FLAG, ...)`. */
static char *guard_flag(const char *buf, struct cursor_range r)
{
	const char *s = buf + r.begin, *end = buf + r.end, *id;

	s = skip_space(s, end);
	if (s < end && *s == '!')
		s = skip_space(s + 1, end);
	if (end - s < 9 || strncmp(s, "test_bit", 8))
		return NULL;
	s = skip_space(s + 8, end);
	if (s >= end || *s != '(')
		return NULL;
	id = s = skip_space(s + 1, end);
	while (s < end && is_ident_char(*s))
		s++;
	if (s == id || isdigit((unsigned char)*id))
		return NULL;
	return xstrndup(id, s - id);
}

static bool is_bit_write(const char *s, size_t n)
{
	static const char *const writes[] = {
		"set_bit", "clear_bit", "__set_bit", "__clear_bit",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(writes); i++)
		if (n == strlen(writes[i]) && !strncmp(s, writes[i], n))
			return true;
	return false;
}

static bool blank_before(const char *buf, size_t begin, size_t off)
{
	while (off > begin && (buf[off - 1] == ' ' || buf[off - 1] == '\t'))
		off--;
	return off == begin;
}

/*
 * The occurrence of the flag at @off stands in a statement of its own line
 * `set_bit(FLAG, ...);`: its line span in @span.
 */
static bool write_stmt(const char *buf, size_t len, size_t off,
		       struct cursor_range *span)
{
	size_t line = split_line_start(buf, off), p = off, name_end;
	const char *semi;

	while (p > line && isspace((unsigned char)buf[p - 1]))
		p--;
	if (p == line || buf[p - 1] != '(')
		return false;
	name_end = --p;
	while (p > line && is_ident_char(buf[p - 1]))
		p--;
	if (!is_bit_write(buf + p, name_end - p) || !blank_before(buf, line, p))
		return false;
	semi = strstr(buf + off, ");");
	if (!semi || memchr(buf + off, ';', semi - (buf + off)))
		return false;
	span->begin = line;
	span->end = split_line_after(buf, len, semi - buf);
	return true;
}

/* The line `#define FLAG value` holding @off. */
static bool define_line(const char *buf, size_t len, size_t off,
			struct cursor_range *span)
{
	size_t line = split_line_start(buf, off);
	const char *s = skip_space(buf + line, buf + off);

	if (*s != '#')
		return false;
	s = skip_space(s + 1, buf + off);
	if (strncmp(s, "define", 6) || skip_space(s + 6, buf + off) !=
	    buf + off)
		return false;
	span->begin = line;
	span->end = split_line_after(buf, len, off);
	return true;
}

static bool in_comment(const char *buf, size_t off)
{
	size_t line = split_line_start(buf, off);
	const char *open = NULL, *s;

	for (s = buf + line; s < buf + off; s++)
		if (s[0] == '/' && (s[1] == '/' || s[1] == '*'))
			open = s;
	return open != NULL;
}

static void push_span(struct work_fold *wf, struct cursor_range r)
{
	wf->flag_spans = xrealloc(wf->flag_spans,
				  (wf->nr_flag_spans + 1) * sizeof(r));
	wf->flag_spans[wf->nr_flag_spans++] = r;
}

/*
 * Every word @flag of the file is the guard, a write statement or its
 * #define; false (and no spans) when anything else reads or names it.
 */
static bool flag_only_written(struct work_fold *wf, const char *buf,
			      size_t len, struct cursor_range guard,
			      const char *flag)
{
	size_t n = strlen(flag);
	const char *s;

	for (s = strstr(buf, flag); s; s = strstr(s + n, flag)) {
		size_t off = s - buf;
		struct cursor_range span = { 0, 0, false };

		if ((off && is_ident_char(buf[off - 1])) ||
		    is_ident_char(s[n]) || in_comment(buf, off))
			continue;
		if (off >= guard.begin && off < guard.end)
			continue;
		if (write_stmt(buf, len, off, &span) ||
		    define_line(buf, len, off, &span)) {
			push_span(wf, span);
			continue;
		}
		wf->nr_flag_spans = 0;
		return false;
	}
	return wf->nr_flag_spans > 0;
}

static bool in_spans(const struct work_fold *wf, size_t off)
{
	size_t i;

	for (i = 0; i < wf->nr_flag_spans; i++)
		if (off >= wf->flag_spans[i].begin &&
		    off < wf->flag_spans[i].end)
			return true;
	return false;
}

static enum CXChildVisitResult member_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	CXCursor *field = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return CXChildVisit_Recurse;
	*field = clang_getCursorReferenced(c);
	return CXChildVisit_Break;
}

/* The bitmap member the guard tests goes when only the flag used it. */
static void find_flag_member(const struct split_plan *plan,
			     struct work_fold *wf, CXCursor root,
			     CXCursor cond, const char *buf, size_t len)
{
	struct cursor_list refs = { NULL, 0, 0 };
	CXCursor field = clang_getNullCursor();
	char *file;
	size_t i;
	bool used = false;

	clang_visitChildren(cond, member_visit, &field);
	if (clang_Cursor_isNull(field) ||
	    clang_getCursorKind(field) != CXCursor_FieldDecl)
		return;
	file = cursor_file(field);
	if (strcmp(file, plan->file)) {
		free(file);
		return;
	}
	free(file);
	all_refs(root, field, &refs);
	for (i = 1; i < refs.nr && !used; i++)
		used = !within(refs.v[i], cond) &&
		       !in_spans(wf, cursor_range(refs.v[i]).begin);
	cursor_list_release(&refs);
	if (used)
		return;
	wf->flag_member = cursor_name(field);
	push_span(wf, (struct cursor_range){
		split_line_start(buf, cursor_range(field).begin),
		split_line_after(buf, len, cursor_range(field).end) });
}

static int span_cmp(const void *a, const void *b)
{
	const struct cursor_range *x = a, *y = b;

	return x->begin < y->begin ? -1 : x->begin > y->begin;
}

void work_flag_plan(const struct split_plan *plan, struct work_fold *wf,
		    CXCursor root, const char *buf)
{
	size_t len = strlen(buf), i;

	for (i = 0; i < wf->enables.nr; i++) {
		struct cursor_list kids = { NULL, 0, 0 };
		CXCursor guard = wf->enables.v[i];
		char *flag;

		if (clang_getCursorKind(guard) != CXCursor_IfStmt)
			continue;
		cursor_children(guard, &kids);
		flag = guard_flag(buf, cursor_range(kids.v[0]));
		if (flag && !wf->stop_flag &&
		    flag_only_written(wf, buf, len, cursor_range(guard),
				      flag)) {
			wf->stop_flag = flag;
			flag = NULL;
			find_flag_member(plan, wf, root, kids.v[0], buf, len);
		}
		free(flag);
		cursor_list_release(&kids);
	}
}

/* Only blank lines between @from and @to. */
static bool only_blank_lines(const char *buf, size_t from, size_t to)
{
	for (; from < to; from++)
		if (buf[from] != '\n' && buf[from] != '\r')
			return false;
	return true;
}

/*
 * Lines with only blank lines between them go as one block (the work
 * member, the bitmap member and its flag's #define under it), so that the
 * blank lines left around the block stay right.
 */
void work_flag_render(const struct work_fold *wf, const char *buf,
		      size_t len, struct edit_list *el, struct strvec *notes)
{
	struct cursor_range *v;
	size_t i = 0, n = wf->nr_flag_spans;

	if (!wf->stop_flag)
		return;
	v = xcalloc(n + 1, sizeof(*v));
	memcpy(v, wf->flag_spans, n * sizeof(*v));
	if (!clang_Cursor_isNull(wf->field_decl_stmt)) {
		struct cursor_range r = cursor_range(wf->field_decl_stmt);

		v[n].begin = split_line_start(buf, r.begin);
		v[n++].end = split_line_after(buf, len, r.end);
	}
	qsort(v, n, sizeof(*v), span_cmp);
	while (i < n) {
		size_t begin = v[i].begin, end = v[i].end;

		for (i++; i < n && only_blank_lines(buf, end, v[i].begin); i++)
			if (v[i].end > end)
				end = v[i].end;
		fold_remove_lines(el, buf, len, begin, end, "stop flag");
	}
	free(v);
	if (wf->flag_member)
		strvec_push_nodup(notes, xasprintf("%s was set only so that %s() would not enable a freed line again; with that enable_irq() gone nothing reads it, so its writes and its #define go, and so does the member '%s', which held nothing else.",
						   wf->stop_flag, wf->fn,
						   wf->flag_member));
	else
		strvec_push_nodup(notes, xasprintf("%s was set only so that %s() would not enable a freed line again; with that enable_irq() gone nothing reads it, so its writes and its #define go.",
						   wf->stop_flag, wf->fn));
}
