// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel-doc of the two halves of a split handler: the old handler's
 * own, adapted, and none where it had none.  A generated comment would
 * only restate the function's name; the old one keeps what the driver's
 * author wrote, with the new name and a sentence on what the half does.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/render-doc.h"

static bool is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Offsets of the old handler's doc comment in @buf, false when none. */
static bool old_doc(const struct split_plan *plan, const char *buf,
		    size_t *begin, size_t *end)
{
	CXSourceRange r = clang_Cursor_getCommentRange(plan->def);
	CXFile f;
	unsigned int line, col, b, e;

	if (clang_Range_isNull(r))
		return false;
	clang_getExpansionLocation(clang_getRangeStart(r), &f, &line, &col, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f, &line, &col, &e);
	if (e <= b || strncmp(buf + b, "/**", 3))
		return false;
	*begin = split_line_start(buf, b);
	*end = e;
	return true;
}

/* @text with the first whole-word @old replaced by @new. */
static void add_renamed(struct strbuf *out, const char *text, size_t len,
			const char *old, const char *new)
{
	size_t n = strlen(old), i;

	for (i = 0; i + n <= len; i++) {
		bool word = !strncmp(text + i, old, n) &&
			    (i == 0 || !is_ident_char(text[i - 1])) &&
			    (i + n == len || !is_ident_char(text[i + n]));

		if (word) {
			strbuf_add(out, text, i);
			strbuf_addstr(out, new);
			strbuf_add(out, text + i + n, len - i - n);
			return;
		}
	}
	strbuf_add(out, text, len);
}

void render_doc(struct strbuf *out, const struct split_plan *plan,
		const char *buf, const char *name, const char *role)
{
	size_t begin, end, close;
	const char *nl;

	if (!old_doc(plan, buf, &begin, &end))
		return;
	nl = memchr(buf + begin, '\n', end - begin);
	if (!nl) {
		/* A one-line comment: renamed, no room for a sentence. */
		add_renamed(out, buf + begin, end - begin, plan->handler, name);
		strbuf_addch(out, '\n');
		return;
	}
	close = split_line_start(buf, end - 1);
	add_renamed(out, buf + begin, close - begin, plan->handler, name);
	strbuf_addstr(out, " *\n");
	strbuf_add_wrapped(out, role, " * ", " * ", 80);
	strbuf_add(out, buf + close, end - close);
	strbuf_addch(out, '\n');
}
