// SPDX-License-Identifier: GPL-2.0
/*
 * The staged strategy (the 2008 RFC's first step): the old handler stays
 * the main handler, in hard-irq context, behind a quick check requested
 * with request_irq_quickcheck().  What changes in the handler is only how
 * it gets the status: the quick check has read it, and a read-to-clear
 * register read again would say nothing, so it takes the hand-over.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/staged.h"

/*
 * Where `name = ...;` assigns @name in [@begin, @end): the offset just past
 * '=', and of the final ';'.  False for `==`, member accesses and more
 * than one assignment of it.
 */
static bool find_assignment(const char *buf, size_t begin, size_t end,
			    const char *name, size_t *rhs, size_t *semi)
{
	size_t n = strlen(name), p, hits = 0;
	bool in_str = false;

	for (p = begin; p + n < end; p++) {
		size_t q = p + n;

		/* "stat_ack = 0x%02X" in a debug print, or a comment, assigns nothing */
		if (buf[p] == '"' && (p == begin || buf[p - 1] != '\\'))
			in_str = !in_str;
		if (in_str)
			continue;
		if (!strncmp(buf + p, "/*", 2)) {
			char *c = strstr(buf + p + 2, "*/");

			p = c ? (size_t)(c - buf) + 1 : end;
			continue;
		}
		if (!strncmp(buf + p, "//", 2)) {
			while (p < end && buf[p] != '\n')
				p++;
			continue;
		}
		if (strncmp(buf + p, name, n) || (p > begin && is_ident_char(buf[p - 1])) ||
		    is_ident_char(buf[q]))
			continue;
		if (p > begin && (buf[p - 1] == '.' ||
				  (p > begin + 1 && buf[p - 1] == '>' &&
				   buf[p - 2] == '-')))
			continue;
		while (q < end && (buf[q] == ' ' || buf[q] == '\t'))
			q++;
		if (q + 1 >= end || buf[q] != '=' || buf[q + 1] == '=')
			continue;
		*rhs = q + 1;
		hits++;
	}
	if (hits != 1)
		return false;
	for (p = end; p > *rhs && buf[p - 1] != ';'; p--)
		;
	if (p == *rhs)
		return false;
	*semi = p - 1;
	return true;
}

static bool is_simple_stmt(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_DeclStmt || k == CXCursor_BinaryOperator ||
	       k == CXCursor_CompoundAssignOperator ||
	       k == CXCursor_UnexposedExpr;
}

int staged_handler_edits(const struct split_plan *plan, const char *buf,
			 struct edit_list *el, struct strvec *notes,
			 struct refusal *why)
{
	size_t i, j;

	for (i = 0; i < plan->nr_handovers; i++) {
		const struct split_handover *h = &plan->handovers[i];
		size_t found = 0;

		for (j = 0; j < plan->nr_stmts; j++) {
			const struct split_stmt *st = &plan->stmts[j];
			size_t rhs, semi;
			char *text;

			if (st->role != ROLE_QUICK ||
			    !find_assignment(buf, st->line_begin, st->line_end,
					     h->name, &rhs, &semi))
				continue;
			if (!is_simple_stmt(st->cursor)) {
				refusal_set(why, R_STAGED_ASSIGN_INSIDE,
					    plan->handler, h->name,
					    cursor_line(st->cursor));
				return -1;
			}
			text = xasprintf(" atomic_xchg(&%s->%s, 0)",
					 plan->priv_var, h->field);
			edit_add_take(el, rhs, semi - rhs, text,
				      "staged hand-over");
			found++;
		}
		if (!found) {
			refusal_set(why, R_STAGED_READ_UNPLACEABLE,
				    plan->handler, h->name);
			return -1;
		}
	}
	for (j = 0; j < plan->nr_stmts; j++) {
		const struct split_stmt *st = &plan->stmts[j];

		if (st->role == ROLE_QUICK &&
		    clang_getCursorKind(st->cursor) == CXCursor_IfStmt) {
			strvec_push_nodup(notes, xasprintf("%s() keeps its check that the interrupt is ours. After the quick check it finds the status the quick check handed over and goes on; it returns IRQ_NONE only if another run took those bits first (with threadirqs, where the main handler runs in a thread). The next step, a split into quick check and thread, drops it.",
							  plan->handler));
			break;
		}
	}
	return 0;
}

/*
 * `unlikely((!icr))`: the old handler's lines are new lines in the quick
 * check, and checkpatch --strict flags the doubled parentheses there.
 */
void staged_tidy(struct strbuf *sb)
{
	static const char *const wrappers[] = { "likely((", "unlikely((" };
	size_t i, p;

	for (i = 0; i < ARRAY_SIZE(wrappers); i++) {
		const char *w = wrappers[i];

		for (p = 0; p + strlen(w) <= sb->len; p++) {
			size_t open = p + strlen(w) - 1, q;
			int depth = 0;
			bool comma = false;

			if (strncmp(sb->buf + p, w, strlen(w)) ||
			    (p && is_ident_char(sb->buf[p - 1])))
				continue;
			for (q = open; q < sb->len; q++) {
				if (sb->buf[q] == '(')
					depth++;
				else if (sb->buf[q] == ')' && !--depth)
					break;
				else if (sb->buf[q] == ',' && depth == 1)
					comma = true;
			}
			if (q + 1 >= sb->len || sb->buf[q + 1] != ')' || comma)
				continue;
			memmove(sb->buf + q, sb->buf + q + 1, sb->len - q);
			memmove(sb->buf + open, sb->buf + open + 1,
				sb->len - open);
			sb->len -= 2;
		}
	}
}
