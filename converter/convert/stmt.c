// SPDX-License-Identifier: GPL-2.0
/*
 * The lines and statements of a handler as the planner and the folds read
 * them: where a line starts and ends, which calls a statement makes, what
 * locks and what returns IRQ_NONE.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "convert/split-parts.h"
#include "tu.h"

size_t split_line_start(const char *buf, size_t off)
{
	while (off > 0 && buf[off - 1] != '\n')
		off--;
	return off;
}

size_t split_line_after(const char *buf, size_t len, size_t off)
{
	while (off < len && buf[off] != '\n')
		off++;
	return off < len ? off + 1 : len;
}

/*
 * The length of the line ending at @s when the line there is empty ("\n",
 * or "\r\n" in a CRLF file), else 0.
 */
size_t split_empty_line_len(const char *s)
{
	if (s[0] == '\n')
		return 1;
	return s[0] == '\r' && s[1] == '\n' ? 2 : 0;
}

/* Whether the line before the one starting at @begin is empty. */
bool split_empty_line_before(const char *buf, size_t begin)
{
	if (begin < 2 || buf[begin - 1] != '\n')
		return false;
	return buf[begin - 2] == '\n' ||
	       (begin >= 3 && buf[begin - 2] == '\r' && buf[begin - 3] == '\n');
}

void refuse(struct split_plan *plan, enum reason r, ...)
{
	va_list ap;

	va_start(ap, r);
	refusal_vset(&plan->refusal, r, ap);
	va_end(ap);
	plan->strategy = SPLIT_NONE;
}

bool split_is_lock(const char *callee)
{
	return !strcmp(callee, "spin_lock") ||
	       !strcmp(callee, "spin_lock_irqsave") ||
	       !strcmp(callee, "_raw_spin_lock") ||
	       !strcmp(callee, "_raw_spin_lock_irqsave") ||
	       !strcmp(callee, "spin_lock_irq") ||
	       !strcmp(callee, "spin_lock_bh") ||
	       !strcmp(callee, "raw_spin_lock");
}

bool is_unlock(const char *callee)
{
	return starts_with(callee, "spin_unlock") ||
	       starts_with(callee, "_raw_spin_unlock") ||
	       starts_with(callee, "raw_spin_unlock");
}

bool is_device_access(const char *callee)
{
	return is_device_read(callee) || is_device_write(callee);
}

/* A call that has no business in a silencing group. */
bool is_other_call(const char *callee)
{
	return !is_device_access(callee) && !split_is_lock(callee) &&
	       !is_unlock(callee);
}

/* `return IRQ_NONE;`, alone or as the only statement of a block. */
bool is_return_none(CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit = false;

	cursor_children(c, &kids);
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		hit = kids.nr == 1 && is_return_none(kids.v[0]);
	else if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		hit = kids.nr == 1 && cursor_is_enum_ref(kids.v[0], "IRQ_NONE");
	cursor_list_release(&kids);
	return hit;
}

bool stmt_calls(CXCursor stmt, bool (*pred)(const char *))
{
	return !clang_Cursor_isNull(find_call(stmt, pred));
}
