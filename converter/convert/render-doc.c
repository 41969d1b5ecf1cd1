// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel-doc of the two halves of a split handler: the old handler's
 * head (summary and parameters) with the new name, a sentence on what the
 * half does and its Return: where the old one had one; none where it had
 * none.  A generated comment would only restate the function's name.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "convert/render-doc.h"

#define IN_THREAD ", in the irq thread"

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

/*
 * The end of the head of a kernel-doc comment at @text (the summary line
 * and the parameters): the first empty comment line, or @close.  What
 * follows described the old handler, which no half is any more.
 */
static size_t head_end(const char *text, size_t close)
{
	size_t at = 0;

	while (at < close) {
		const char *nl = memchr(text + at, '\n', close - at);
		size_t next = nl ? (size_t)(nl - text) + 1 : close;
		size_t i = at + strspn(text + at, " \t");
		size_t rest = i + 1 + strspn(text + i + 1, " \t\r");

		/* " *" alone on its line */
		if (at && text[i] == '*' && rest == next - 1)
			return at;
		at = next;
	}
	return close;
}

static bool doc_has_return(const char *text, size_t len)
{
	size_t i;

	for (i = 0; i + 9 < len; i++)
		if (!strncmp(text + i, "* Return", 8) ||
		    !strncmp(text + i, "* RETURN", 8))
			return true;
	return false;
}

/*
 * The thread's summary line in @head: the old one, which named the
 * handler as a whole, said of the part in the irq thread ("hard interrupt
 * handler of X" loses its "hard").
 */
static void thread_summary(struct strbuf *head, const char *name)
{
	char *at = strstr(head->buf, name), *dash, *eol;
	struct strbuf sb = STRBUF_INIT;

	dash = at ? strstr(at, " - ") : NULL;
	eol = at ? strchr(at, '\n') : NULL;
	if (!dash || !eol || dash > eol)
		return;
	if (eol > dash && eol[-1] == '\r')
		eol--;	/* a CR LF source */
	dash += 3;
	strbuf_add(&sb, head->buf, dash - head->buf);
	if (!strncasecmp(dash, "hard ", 5))
		dash += 5;
	strbuf_add(&sb, dash, eol - dash);
	/* The summary stays one line of 80 columns. */
	if (strlen(strrchr(sb.buf, '\n') + 1) + strlen(IN_THREAD) <= 80)
		strbuf_addstr(&sb, IN_THREAD);
	strbuf_addstr(&sb, eol);
	strbuf_release(head);
	*head = sb;
}

void render_doc(struct strbuf *out, const struct split_plan *plan,
		const char *buf, const char *name, const char *role,
		const char *ret)
{
	struct strbuf sb = STRBUF_INIT;
	size_t begin, end, close, head;
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
	head = begin + head_end(buf + begin, close - begin);
	add_renamed(&sb, buf + begin, head - begin, plan->handler, name);
	if (!ret)
		thread_summary(&sb, name);
	strbuf_add(out, sb.buf, sb.len);
	strbuf_release(&sb);
	strbuf_addstr(out, " *\n");
	strbuf_add_wrapped(out, role, " * ", " * ", 80);
	if (ret && doc_has_return(buf + begin, close - begin)) {
		strbuf_addstr(out, " *\n");
		strbuf_add_wrapped(out, ret, " * Return: ", " * ", 80);
	}
	strbuf_add(out, buf + close, end - close);
	strbuf_addch(out, '\n');
}
