// SPDX-License-Identifier: GPL-2.0
/*
 * Removing the lines of a statement the folds take out: a blank line with
 * it where two would meet, and no removal that would leave a label at the
 * end of a block or give an unbraced if, else or loop another body.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"
#include "tu.h"

/* Whether an edit of @el already takes the byte at @off. */
static bool edit_taken(const struct edit_list *el, size_t off)
{
	size_t i;

	for (i = 0; i < el->nr; i++)
		if (off >= el->v[i].offset &&
		    off < el->v[i].offset + el->v[i].length)
			return true;
	return false;
}

/* Whether the line at @off opens with the closing brace of a block. */
static bool line_closes_block(const char *buf, size_t len, size_t off)
{
	while (off < len && (buf[off] == ' ' || buf[off] == '\t'))
		off++;
	return off < len && buf[off] == '}';
}

static char last_code_char(const char *buf, size_t begin, size_t end);

void fold_remove_lines(struct edit_list *el, const char *buf, size_t len,
		       size_t begin, size_t end, const char *why)
{
	/*
	 * Between two blank lines, take one of them too; after a blank line
	 * and before the block's closing brace, take the blank line, which
	 * would be left at the end of the block.
	 */
	if (end < len && split_empty_line_len(buf + end) &&
	    begin > 0 && last_code_char(buf, split_line_start(buf, begin - 1),
					begin - 1) == '{' &&
	    !edit_taken(el, end)) {
		/* after the opening brace: the blank line below goes too */
		end += split_empty_line_len(buf + end);
	} else if (split_empty_line_before(buf, begin)) {
		size_t prev = split_line_start(buf, begin - 1);

		if (end < len && split_empty_line_len(buf + end))
			end += split_empty_line_len(buf + end);
		else if (line_closes_block(buf, len, end) &&
			 !edit_taken(el, prev))
			begin = prev;
	}
	edit_add(el, begin, end - begin, "", why);
}

/* Remove the whole line(s) of the statement @call stands in. */
void fold_remove_stmt_lines(struct edit_list *el, const char *buf, size_t len,
			    CXCursor call, const char *why)
{
	struct cursor_range r = cursor_range(call);

	fold_remove_lines(el, buf, len, split_line_start(buf, r.begin),
			  split_line_after(buf, len, r.end), why);
}

/* The last character of code on the line [@begin, @end), or 0. */
static char last_code_char(const char *buf, size_t begin, size_t end)
{
	size_t i, stop = end;

	for (i = begin; i + 1 < end; i++)
		if (buf[i] == '/' && (buf[i + 1] == '/' || buf[i + 1] == '*')) {
			stop = i;
			break;
		}
	while (stop > begin && isspace((unsigned char)buf[stop - 1]))
		stop--;
	return stop > begin ? buf[stop - 1] : 0;
}

/* A line holding no code: blank, a comment or a preprocessor directive. */
static bool line_without_code(const char *buf, size_t begin, size_t end)
{
	const char *s = buf + begin;

	while (s < buf + end && isspace((unsigned char)*s))
		s++;
	return s == buf + end || *s == '#' || *s == '*' ||
	       (s[0] == '/' && (s[1] == '/' || s[1] == '*'));
}

/*
 * Whether the next line of code after @off closes the block: a label
 * before a removed statement would then end the block, which C forbids.
 */
static bool closes_after(const char *buf, size_t size, size_t off)
{
	size_t begin = split_line_after(buf, size, off), end;

	for (; begin < size; begin = end + 1) {
		const char *nl = memchr(buf + begin, '\n', size - begin);

		end = nl ? (size_t)(nl - buf) : size;
		if (!line_without_code(buf, begin, end))
			return line_closes_block(buf, size, begin);
	}
	return false;
}

const char *fold_stmt_tied(CXCursor stmt)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(stmt);
	char *path = cursor_file(stmt);
	CXFile file = clang_getFile(tu, path);
	size_t size = 0, begin, end;
	const char *buf;
	char last = 0;

	free(path);
	buf = file ? clang_getFileContents(tu, file, &size) : NULL;
	if (!buf)
		return "a statement of a file convert cannot read";
	begin = split_line_start(buf, cursor_range(stmt).begin);
	while (begin > 0 && !last) {
		end = begin - 1;
		begin = split_line_start(buf, end);
		if (!line_without_code(buf, begin, end))
			last = last_code_char(buf, begin, end);
	}
	/*
	 * After `if (...)`, `else`, `for (...)`, `while (...)` or `do` the
	 * statement is a body: removing its lines makes the next statement
	 * the body instead.
	 */
	if (last == ':')
		return closes_after(buf, size, cursor_range(stmt).end) ?
		       "the last statement of its block after a label, which C does not allow to end a block" : NULL;
	return !last || strchr(";{}", last) ? NULL :
	       "the unbraced body of an if, else or loop, which would take the next statement instead";
}
