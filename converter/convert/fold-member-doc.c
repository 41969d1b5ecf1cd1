// SPDX-License-Identifier: GPL-2.0
/*
 * A member that goes with a fold takes its line of the structure's
 * kernel-doc with it: ` * @workqueue: workqueue for processing virtio
 * interrupts` above struct keystone_rproc, and the lines that continue
 * it.  Left, W=1's kernel-doc check warns of an excess member.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"
#include "convert/split.h"

/* The text of the line at @line after its indent and ` * `, or NULL. */
static const char *doc_text(const char *buf, size_t line, size_t end)
{
	while (line < end && (buf[line] == ' ' || buf[line] == '\t'))
		line++;
	if (line >= end || buf[line] != '*')
		return NULL;
	return buf + line + 1;
}

/* ` * @name:` (or ` * @name :`) */
static bool names_member(const char *t, const char *end, const char *name)
{
	size_t n = strlen(name);

	while (t < end && isblank((unsigned char)*t))
		t++;
	if (t >= end || *t != '@' || (size_t)(end - t) < n + 2 ||
	    strncmp(t + 1, name, n))
		return false;
	t += n + 1;
	while (t < end && isblank((unsigned char)*t))
		t++;
	return t < end && *t == ':';
}

/* A line that goes on with the text above: indented, not a new @tag. */
static bool continues(const char *t, const char *end)
{
	if (t >= end || !isblank((unsigned char)*t))
		return false;
	while (t < end && isblank((unsigned char)*t))
		t++;
	return t < end && *t != '@' && *t != '\n' && *t != '\r' && *t != '/';
}

void fold_remove_member_doc(struct edit_list *el, const char *buf,
			    size_t len, CXCursor field, const char *why)
{
	CXSourceRange doc = clang_Cursor_getCommentRange(
				clang_getCursorSemanticParent(field));
	char *name = cursor_name(field);
	unsigned int b, e;
	size_t line, end, from = 0, to = 0;
	const char *t;

	if (clang_Range_isNull(doc)) {
		free(name);
		return;
	}
	clang_getExpansionLocation(clang_getRangeStart(doc), NULL, NULL, NULL,
				   &b);
	clang_getExpansionLocation(clang_getRangeEnd(doc), NULL, NULL, NULL,
				   &e);
	for (line = split_line_start(buf, b); line < e && line < len;
	     line = end) {
		end = split_line_after(buf, len, line);
		t = doc_text(buf, line, end);
		if (to && t && continues(t, buf + end)) {
			to = end;
			continue;
		}
		if (to)
			break;
		if (t && names_member(t, buf + end, name)) {
			from = line;
			to = end;
		}
	}
	if (to && !edit_list_touches(el, from, to))
		edit_add(el, from, to - from, "", why);
	free(name);
}
