// SPDX-License-Identifier: GPL-2.0
/*
 * The edits of a folded tasklet outside the thread's code: its setup and
 * kill go, and, as fold_plan_retype() decided, its function takes the
 * structure instead of the tasklet and the member goes.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"
#include "convert/side-edits.h"

/* The line starting at @at holds nothing but blanks. */
static bool blank_line(const char *buf, size_t len, size_t at)
{
	while (at < len && (buf[at] == ' ' || buf[at] == '\t' ||
			    buf[at] == '\r'))
		at++;
	return at >= len || buf[at] == '\n';
}

/* The line starting at @at, blanks aside, begins with @s. */
static bool line_starts(const char *buf, size_t len, size_t at,
			const char *s)
{
	while (at < len && (buf[at] == ' ' || buf[at] == '\t'))
		at++;
	return !strncmp(buf + at, s, strlen(s));
}

/* The line ending just before @at ends with @c. */
static bool line_ends(const char *buf, size_t at, char c)
{
	while (at > 0 && isspace((unsigned char)buf[at - 1]))
		at--;
	return at > 0 && buf[at - 1] == c;
}

/*
 * Remove the lines [@begin, @end) and a blank line they leave next to
 * another, or next to a brace.
 */
static void remove_lines(struct edit_list *el, const char *buf, size_t len,
			 size_t begin, size_t end, const char *why)
{
	bool blank_before = begin > 0 &&
		blank_line(buf, len, split_line_start(buf, begin - 1));
	bool blank_after = end < len && blank_line(buf, len, end);

	if (blank_after && (blank_before || line_ends(buf, begin, '{')))
		end = split_line_after(buf, len, end);
	else if (blank_before && line_starts(buf, len, end, "}"))
		begin = split_line_start(buf, begin - 1);
	edit_add(el, begin, end - begin, "", why);
}

/*
 * The member's line, with a comment on the lines above it that is its
 * own: after a blank line or the brace, and no other member follows.
 */
static void remove_member(struct edit_list *el, const char *buf, size_t len,
			  CXCursor field)
{
	struct cursor_range r = cursor_range(field);
	size_t begin = split_line_start(buf, r.begin);
	size_t end = split_line_after(buf, len, r.end);
	size_t c = begin;

	fold_remove_member_doc(el, buf, len, field, "tasklet member");
	if (end < len && !blank_line(buf, len, end) &&
	    !line_starts(buf, len, end, "}")) {
		remove_lines(el, buf, len, begin, end, "tasklet member");
		return;
	}
	/* A one-line comment right above. */
	if (c > 0 && line_ends(buf, c, '/') &&
	    line_starts(buf, len, split_line_start(buf, c - 1), "/*"))
		c = split_line_start(buf, c - 1);
	if (c < begin && (c == 0 || line_ends(buf, c, '{') ||
			  blank_line(buf, len, split_line_start(buf, c - 1))))
		begin = c;
	remove_lines(el, buf, len, begin, end, "tasklet member");
}

/* From the handler's file, or from the driver's header declaring it. */
static void remove_member_where(const struct tasklet_fold *tf,
				const struct split_plan *plan, const char *buf,
				size_t len, struct edit_list *el)
{
	struct side_file *sf;

	if (!tf->member_file) {
		remove_member(el, buf, len, tf->field);
		return;
	}
	sf = side_edits_file(plan->side, tf->member_file);
	if (sf)
		remove_member(&sf->el, sf->buf, sf->len, tf->field);
}

static void retype_param(struct edit_list *el, CXCursor fn,
			 const struct tasklet_fold *tf)
{
	struct cursor_range r = cursor_range(clang_Cursor_getArgument(fn, 0));

	edit_add(el, r.begin, r.end - r.begin, tf->ctx_param,
		 "tasklet function retyped");
}

/* ` * @t: ...` of the function's kernel-doc names the new parameter. */
static void retype_doc(struct edit_list *el, const char *buf,
		       const struct tasklet_fold *tf)
{
	CXSourceRange doc = clang_Cursor_getCommentRange(tf->fn_def);
	CXCursor param = clang_Cursor_getArgument(tf->fn_def, 0);
	char *pname = cursor_name(param), *var;
	const char *at;
	unsigned int line, col, begin, end;
	CXFile f;

	if (clang_Range_isNull(doc)) {
		free(pname);
		return;
	}
	clang_getExpansionLocation(clang_getRangeStart(doc), &f, &line, &col,
				   &begin);
	clang_getExpansionLocation(clang_getRangeEnd(doc), &f, &line, &col,
				   &end);
	var = xasprintf("@%s:", pname);
	at = strstr(buf + begin, var);
	if (at && (size_t)(at - buf) >= end)
		at = NULL;
	if (at) {
		size_t eol = strcspn(at, "\r\n");

		free(var);
		var = strrchr(tf->ctx_param, '*');
		var = xasprintf("@%s: the &%s to work on",
				var ? var + 1 : tf->ctx_param, tf->ctx_type);
		edit_add_take(el, at - buf, eol, var,
			      "tasklet function retyped");
	} else {
		free(var);
	}
	free(pname);
}

/* The function's header, as written, with the new parameter. */
static void add_prototype(struct strbuf *protos, const struct tasklet_fold *tf,
			  const struct split_plan *plan, const char *buf)
{
	struct cursor_range r = cursor_range(tf->fn_def);
	struct cursor_range p;
	CXCursor body_stmt = cursor_fn_body(tf->fn_def);
	size_t body = r.end;

	if (r.begin < plan->def_range.begin ||
	    fold_declared_before(tf->fn_decl, plan))
		return;
	p = cursor_range(clang_Cursor_getArgument(tf->fn_def, 0));
	if (!clang_Cursor_isNull(body_stmt))
		body = cursor_range(body_stmt).begin;
	while (body > p.end && isspace((unsigned char)buf[body - 1]))
		body--;
	strbuf_add(protos, buf + r.begin, p.begin - r.begin);
	strbuf_addstr(protos, tf->ctx_param);
	strbuf_add(protos, buf + p.end, body - p.end);
	strbuf_addstr(protos, ";\n\n");
}

static void retype(const struct tasklet_fold *tf, const char *buf,
		   size_t len, struct edit_list *el)
{
	struct cursor_range r = cursor_range(tf->ctx_decl);
	size_t i;

	retype_param(el, tf->fn_def, tf);
	for (i = 0; i < tf->protos.nr; i++)
		retype_param(el, tf->protos.v[i], tf);
	retype_doc(el, buf, tf);
	remove_lines(el, buf, len, split_line_start(buf, r.begin),
		     split_line_after(buf, len, r.end), "tasklet function retyped");
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static void note(const struct tasklet_fold *tf, struct strvec *notes)
{
	char *field = cursor_name(tf->field);

	if (tf->kept)
		strvec_push_nodup(notes, xasprintf("%s() keeps its tasklet argument, and the member '%s' stays, no longer set up, only for it to find its structure from: %s.",
						   tf->fn, field, tf->kept));
	else if (tf->member_goes && tf->member_file)
		strvec_push_nodup(notes, xasprintf("%s() now takes the %s pointer the thread already has, instead of finding it from its tasklet, and the tasklet member '%s' is gone from %s (in %s): nothing uses it any more.",
						   tf->fn, tf->ctx_type, field,
						   tf->ctx_type,
						   base_name(tf->member_file)));
	else if (tf->member_goes)
		strvec_push_nodup(notes, xasprintf("%s() now takes the %s pointer the thread already has, instead of finding it from its tasklet, and the tasklet member '%s' is gone from %s: nothing uses it any more.",
						   tf->fn, tf->ctx_type, field,
						   tf->ctx_type));
	else
		strvec_push_nodup(notes, xasprintf("%s() now takes the %s pointer the thread already has, instead of finding it from its tasklet; the member '%s' stays: %s.",
						   tf->fn, tf->ctx_type, field,
						   tf->member_kept));
	free(field);
}

char *fold_tasklet_render(const struct tasklet_fold *tf, CXCursor call,
			  const struct split_plan *plan, const char *buf,
			  size_t len, struct edit_list *thread_el,
			  struct edit_list *el, struct strbuf *protos,
			  struct strvec *notes)
{
	struct strvec names = STRVEC_INIT;
	size_t i;

	strvec_push_nodup(&names, cursor_name(tf->field));
	strvec_push(&names, tf->fn);
	fold_add_api_names(&names, false);
	for (i = 0; i < tf->removals.nr; i++)
		fold_remove_stmt_named(el, buf, len, tf->removals.v[i], &names,
				       false, "tasklet setup/kill");
	for (i = 0; i < tf->removals.nr; i++) {
		fold_tidy_label(el, buf, len, tf->removals.v[i]);
		fold_tidy_locals(el, buf, len, tf->removals.v[i]);
		fold_tidy_block(el, buf, len, tf->removals.v[i], &names);
	}
	fold_tidy_loops(el, buf, len, &tf->removals, &names,
			"tasklet setup/kill", notes);
	fold_reword_call_comment(thread_el, buf, len, call, &names);
	strvec_clear(&names);
	note(tf, notes);
	fold_pair_render(call, plan, tf, buf, len, thread_el, el, notes);
	if (tf->kept) {
		fold_add_prototype_before(protos, tf->fn_decl, plan, buf);
		char *arg = first_arg_text(call, buf);
		char *text = xasprintf("%s(%s)", tf->fn, arg);

		free(arg);
		return text;
	}
	add_prototype(protos, tf, plan, buf);
	retype(tf, buf, len, el);
	if (tf->member_goes)
		remove_member_where(tf, plan, buf, len, el);
	return xasprintf("%s(%s)", tf->fn, tf->ctx_arg);
}
