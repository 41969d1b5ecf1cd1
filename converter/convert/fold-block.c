// SPDX-License-Identifier: GPL-2.0
/*
 * What removing a fold's statements leaves around them: the braces of an
 * if or loop body down to one statement go (kernel style, checkpatch),
 * "irq and workqueue" in the comment above that if or loop says "irq",
 * and a label left with nothing but the next label under it goes, its
 * gotos retargeted there (bam_dma's err_tasklet_kill).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"

static bool same_stmt(CXCursor a, CXCursor b)
{
	struct cursor_range ra = cursor_range(a), rb = cursor_range(b);

	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       ra.begin == rb.begin && ra.end == rb.end;
}

/* The function definition in @stmt's file that holds it. */
CXCursor fold_enclosing_fn(CXCursor stmt)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(stmt);
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor fn = clang_getNullCursor();
	struct cursor_range r = cursor_range(stmt);
	char *file = cursor_file(stmt);
	size_t i;

	cursor_children(clang_getTranslationUnitCursor(tu), &kids);
	for (i = 0; i < kids.nr && clang_Cursor_isNull(fn); i++) {
		struct cursor_range k = cursor_range(kids.v[i]);
		char *f;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(kids.v[i]) ||
		    r.begin < k.begin || r.end > k.end)
			continue;
		f = cursor_file(kids.v[i]);
		if (!strcmp(f, file))
			fn = kids.v[i];
		free(f);
	}
	free(file);
	cursor_list_release(&kids);
	return fn;
}

struct body {
	CXCursor stmt;
	CXCursor block;		/* the braced body holding stmt */
	CXCursor owner;		/* its if (without else), for or while */
};

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct body *b = data;
	enum CXCursorKind pk = clang_getCursorKind(parent);
	struct cursor_list kids = { NULL, 0, 0 }, pk_kids = { NULL, 0, 0 };
	size_t i;

	if (clang_getCursorKind(c) != CXCursor_CompoundStmt ||
	    (pk != CXCursor_IfStmt && pk != CXCursor_ForStmt &&
	     pk != CXCursor_WhileStmt))
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	for (i = 0; i < kids.nr; i++)
		if (same_stmt(kids.v[i], b->stmt))
			break;
	if (i < kids.nr) {
		cursor_children(parent, &pk_kids);
		if (pk != CXCursor_IfStmt || pk_kids.nr == 2 ||
		    (pk_kids.nr == 3 && same_stmt(pk_kids.v[2], c))) {
			b->block = c;
			b->owner = parent;
		}
		cursor_list_release(&pk_kids);
	}
	cursor_list_release(&kids);
	return clang_Cursor_isNull(b->block) ? CXChildVisit_Recurse :
	       CXChildVisit_Break;
}

/* Does a removal of @el take every byte of [@begin, @end)? */
bool fold_removed(const struct edit_list *el, size_t begin, size_t end)
{
	size_t i;

	for (i = 0; i < el->nr; i++)
		if (!el->v[i].text[0] && el->v[i].offset <= begin &&
		    el->v[i].offset + el->v[i].length >= end)
			return true;
	return false;
}

/*
 * The one statement of @block the removals keep, when every other line
 * between its braces goes; else a null cursor.
 */
static CXCursor last_kept(const struct edit_list *el, const char *buf,
			  size_t len, CXCursor block)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor kept = clang_getNullCursor();
	struct cursor_range r = cursor_range(block), k = { 0, 0, false };
	size_t i, line, end;
	unsigned int n = 0;

	cursor_children(block, &kids);
	for (i = 0; i < kids.nr; i++) {
		struct cursor_range s = cursor_range(kids.v[i]);

		if (fold_removed(el, split_line_start(buf, s.begin), s.end))
			continue;
		n++;
		kept = kids.v[i];
		k = s;
	}
	cursor_list_release(&kids);
	/* `if (x) int y = 0;` is no C, and a label is no body of its own */
	if (n != 1 || clang_getCursorKind(kept) == CXCursor_DeclStmt ||
	    clang_getCursorKind(kept) == CXCursor_LabelStmt)
		return clang_getNullCursor();
	k.begin = split_line_start(buf, k.begin);
	k.end = split_line_after(buf, len, k.end);
	for (line = split_line_after(buf, len, r.begin);
	     line < split_line_start(buf, r.end - 1); line = end) {
		end = split_line_after(buf, len, line);
		if (line >= k.begin && end <= k.end)
			continue;
		if (!fold_removed(el, line, end))
			return clang_getNullCursor();
	}
	return kept;
}

/* Blanks (and the line end) only in [@begin, @end). */
bool fold_only_blanks(const char *buf, size_t begin, size_t end)
{
	for (; begin < end; begin++)
		if (!strchr(" \t\r\n", buf[begin]))
			return false;
	return true;
}

/* Every line between the braces of @block goes. */
bool fold_emptied(const struct edit_list *el, const char *buf, size_t len,
		    CXCursor block)
{
	struct cursor_range r = cursor_range(block);
	size_t line, end;

	for (line = split_line_after(buf, len, r.begin);
	     line < split_line_start(buf, r.end - 1); line = end) {
		end = split_line_after(buf, len, line);
		if (!fold_only_blanks(buf, line, end) && !fold_removed(el, line, end))
			return false;
	}
	return true;
}

/* A condition that only reads: no call, no assignment, no ++ or --. */
bool fold_reads_only(CXCursor cond, const char *buf)
{
	struct cursor_list calls = { NULL, 0, 0 };
	struct cursor_range r = cursor_range(cond);
	size_t i;
	bool ok;

	find_calls(cond, any_callee, &calls);
	ok = !calls.nr;
	cursor_list_release(&calls);
	for (i = r.begin; ok && i < r.end; i++) {
		if ((buf[i] == '+' || buf[i] == '-') && buf[i + 1] == buf[i])
			ok = false;
		if (buf[i] == '=' && buf[i + 1] != '=' && i > r.begin &&
		    !strchr("=!<>", buf[i - 1]))
			ok = false;
	}
	return ok;
}

/*
 * The braces of @outer's one remaining statement, its closing brace at
 * @brace on a line that goes whole, up to @line_end; whether they went.
 */
static bool drop_outer_braces(struct edit_list *el, const char *buf,
			      size_t len, CXCursor outer, size_t brace,
			      size_t line_end)
{
	struct cursor_list kids = { NULL, 0, 0 }, body = { NULL, 0, 0 };
	struct cursor_range r = { 0, 0, false };
	size_t open, at, line = split_line_start(buf, brace);
	bool ok = false;

	cursor_children(outer, &kids);
	if (kids.nr == 3 &&
	    clang_getCursorKind(kids.v[1]) == CXCursor_CompoundStmt) {
		cursor_children(kids.v[1], &body);
		r = cursor_range(kids.v[1]);
		ok = body.nr == 1 && r.end == brace + 1 &&
		     clang_getCursorKind(body.v[0]) != CXCursor_DeclStmt &&
		     clang_getCursorKind(body.v[0]) != CXCursor_LabelStmt &&
		     fold_only_blanks(buf, line, brace);
	}
	cursor_list_release(&body);
	cursor_list_release(&kids);
	if (!ok)
		return false;
	open = r.begin;
	at = open;
	while (at > 0 && (buf[at - 1] == ' ' || buf[at - 1] == '\t'))
		at--;
	if (buf[open] != '{' ||
	    !fold_only_blanks(buf, open + 1, split_line_after(buf, len, open)) ||
	    edit_list_touches(el, at, open + 1) || edit_list_touches(el, line, line_end))
		return false;
	edit_add(el, at, open + 1 - at, "", "braces of one statement");
	edit_add(el, line, line_end - line, "", "braces of one statement");
	return true;
}

struct else_arm {
	CXCursor arm;		/* the if of `else if` */
	CXCursor outer;		/* the if whose else it is */
};

static enum CXChildVisitResult else_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct else_arm *a = data;
	struct cursor_list kids = { NULL, 0, 0 };

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_IfStmt)
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	if (kids.nr == 3 && same_stmt(kids.v[2], a->arm))
		a->outer = c;
	cursor_list_release(&kids);
	return clang_Cursor_isNull(a->outer) ? CXChildVisit_Recurse :
	       CXChildVisit_Break;
}

/*
 * An `if (c) { ... }` (no else) whose every statement went, with a
 * condition that only reads: it goes too, or, as the arm of an
 * `else if`, from its `else` to its closing brace (hinic's
 * `else if (type == HINIC_CEQ)` left empty by a tasklet_setup()).
 */
static void drop_empty_if(struct edit_list *el, const char *buf, size_t len,
			  CXCursor fn, const struct body *b)
{
	struct else_arm a = { b->owner, clang_getNullCursor() };
	struct cursor_list kids = { NULL, 0, 0 };
	struct cursor_range ri = cursor_range(b->owner);
	struct cursor_range rb = cursor_range(b->block);
	size_t open_end, close, close_end, at;
	bool ok;

	cursor_children(b->owner, &kids);
	ok = kids.nr == 2 && fold_reads_only(kids.v[0], buf);
	cursor_list_release(&kids);
	if (!ok || buf[rb.begin] != '{' || buf[rb.end - 1] != '}' ||
	    !fold_emptied(el, buf, len, b->block))
		return;
	open_end = split_line_after(buf, len, rb.begin);
	close = split_line_start(buf, rb.end - 1);
	close_end = split_line_after(buf, len, close);
	if (!fold_only_blanks(buf, rb.begin + 1, open_end) ||
	    !fold_only_blanks(buf, close, rb.end - 1) ||
	    !fold_only_blanks(buf, rb.end, close_end) ||
	    edit_list_touches(el, close, close_end))
		return;
	clang_visitChildren(fn, else_visit, &a);
	if (clang_Cursor_isNull(a.outer)) {
		at = split_line_start(buf, ri.begin);
		if (!fold_only_blanks(buf, at, ri.begin) ||
		    edit_list_touches(el, at, open_end))
			return;
		edit_add(el, at, open_end - at, "", "empty if");
		edit_add(el, close, close_end - close, "", "empty if");
		return;
	}
	/* `} else if (c) {` keeps its `}`; the else goes to the line end. */
	at = ri.begin;
	while (at > 0 && buf[at - 1] != '}' && buf[at - 1] != '\n')
		at--;
	if (at == 0 || buf[at - 1] != '}' ||
	    split_line_after(buf, len, at) != open_end ||
	    edit_list_touches(el, at, open_end))
		return;
	/* An `if` left with one statement loses its braces with its else. */
	if (drop_outer_braces(el, buf, len, a.outer, at - 1, open_end)) {
		edit_add(el, close, close_end - close, "", "empty else-if arm");
		return;
	}
	while (buf[open_end - 1] == '\n' || buf[open_end - 1] == '\r')
		open_end--;
	edit_add(el, at, open_end - at, "", "empty else-if arm");
	edit_add(el, close, close_end - close, "", "empty else-if arm");
}

/* Is @b's block the else arm of its if? */
static bool is_else(const struct body *b)
{
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit;

	cursor_children(b->owner, &kids);
	hit = kids.nr == 3 && same_stmt(kids.v[2], b->block);
	cursor_list_release(&kids);
	return hit;
}

/*
 * An `else { ... }` whose every statement went: from the `else` after the
 * if's closing brace to its own closing brace, and the if keeps one
 * statement without braces if it has one (irdma_destroy_irq()'s `else`
 * left empty by a tasklet_kill() and the local it used).
 */
static void drop_empty_else(struct edit_list *el, const char *buf,
			    size_t len, const struct body *b)
{
	struct cursor_range rb = cursor_range(b->block);
	size_t at = rb.begin, open_end, close, close_end;

	if (buf[rb.begin] != '{' || buf[rb.end - 1] != '}' ||
	    !fold_emptied(el, buf, len, b->block))
		return;
	while (at > 0 && (buf[at - 1] == ' ' || buf[at - 1] == '\t'))
		at--;
	if (at < 4 || strncmp(buf + at - 4, "else", 4))
		return;
	at -= 4;
	while (at > 0 && (buf[at - 1] == ' ' || buf[at - 1] == '\t'))
		at--;
	open_end = split_line_after(buf, len, rb.begin);
	close = split_line_start(buf, rb.end - 1);
	close_end = split_line_after(buf, len, close);
	if (at == 0 || buf[at - 1] != '}' ||
	    !fold_only_blanks(buf, rb.begin + 1, open_end) ||
	    !fold_only_blanks(buf, close, rb.end - 1) ||
	    !fold_only_blanks(buf, rb.end, close_end) ||
	    edit_list_touches(el, at, open_end) || edit_list_touches(el, close, close_end))
		return;
	if (!drop_outer_braces(el, buf, len, b->owner, at - 1, open_end)) {
		while (buf[open_end - 1] == '\n' || buf[open_end - 1] == '\r')
			open_end--;
		edit_add(el, at, open_end - at, "", "empty else arm");
	}
	edit_add(el, close, close_end - close, "", "empty else arm");
}

void fold_tidy_block(struct edit_list *el, const char *buf, size_t len,
		     CXCursor stmt, const struct strvec *names)
{
	struct body b = { stmt, clang_getNullCursor(), clang_getNullCursor() };
	CXCursor fn = fold_enclosing_fn(stmt);
	struct cursor_range r;
	size_t open, close, at;

	if (clang_Cursor_isNull(fn))
		return;
	clang_visitChildren(fn, body_visit, &b);
	if (clang_Cursor_isNull(b.block))
		return;
	fold_reword_block_comment(el, buf,
				  split_line_start(buf,
					cursor_range(b.owner).begin), names);
	/* An else arm only goes whole: the if's arms keep their braces alike. */
	if (clang_getCursorKind(b.owner) == CXCursor_IfStmt && is_else(&b)) {
		drop_empty_else(el, buf, len, &b);
		return;
	}
	if (clang_getCursorKind(b.owner) == CXCursor_IfStmt &&
	    fold_emptied(el, buf, len, b.block)) {
		drop_empty_if(el, buf, len, fn, &b);
		return;
	}
	if (clang_Cursor_isNull(last_kept(el, buf, len, b.block)))
		return;
	r = cursor_range(b.block);
	open = r.begin;
	close = split_line_start(buf, r.end - 1);
	at = open;
	while (at > 0 && (buf[at - 1] == ' ' || buf[at - 1] == '\t'))
		at--;
	if (buf[open] != '{' || buf[r.end - 1] != '}' ||
	    !fold_only_blanks(buf, open + 1, split_line_after(buf, len, open)) ||
	    !fold_only_blanks(buf, close, r.end - 1) ||
	    !fold_only_blanks(buf, r.end, split_line_after(buf, len, close)) ||
	    split_line_after(buf, len, open) != split_line_after(buf, len, at) ||
	    edit_list_touches(el, at, open + 1) ||
	    edit_list_touches(el, close, split_line_after(buf, len, close)))
		return;
	edit_add(el, at, open + 1 - at, "", "braces of one statement");
	edit_add(el, close, split_line_after(buf, len, close) - close, "",
		 "braces of one statement");
}

/* The label `name:` alone on the line [@begin, @end), or NULL. */
static char *label_line(const char *buf, size_t begin, size_t end)
{
	size_t a = begin, b;

	while (a < end && (buf[a] == ' ' || buf[a] == '\t'))
		a++;
	for (b = a; b < end && (isalnum((unsigned char)buf[b]) ||
				buf[b] == '_'); b++)
		;
	if (b == a || b >= end || buf[b] != ':' ||
	    !fold_only_blanks(buf, b + 1, end))
		return NULL;
	return xstrndup(buf + a, b - a);
}

struct gotos {
	const char *label;
	struct cursor_list hits;	/* the label references */
};

static enum CXChildVisitResult goto_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct gotos *g = data;
	char *name;

	if (clang_getCursorKind(c) != CXCursor_LabelRef ||
	    clang_getCursorKind(parent) != CXCursor_GotoStmt)
		return CXChildVisit_Recurse;
	name = cursor_name(c);
	if (!strcmp(name, g->label))
		cursor_list_push(&g->hits, c);
	free(name);
	return CXChildVisit_Continue;
}

void fold_tidy_label(struct edit_list *el, const char *buf, size_t len,
		     CXCursor stmt)
{
	struct cursor_range r = cursor_range(stmt);
	size_t line = split_line_start(buf, r.begin), prev, next, end;
	struct gotos g = { NULL, { NULL, 0, 0 } };
	char *label, *to = NULL;
	CXCursor fn = fold_enclosing_fn(stmt);
	size_t i;

	if (!line || clang_Cursor_isNull(fn))
		return;
	prev = split_line_start(buf, line - 1);
	label = label_line(buf, prev, line);
	if (!label)
		return;
	for (next = split_line_after(buf, len, r.end); next < len;
	     next = end) {
		end = split_line_after(buf, len, next);
		if (!fold_only_blanks(buf, next, end))
			break;
	}
	if (next < len)
		to = label_line(buf, next, split_line_after(buf, len, next));
	if (!to || edit_list_touches(el, prev, line)) {
		free(label);
		free(to);
		return;
	}
	g.label = label;
	clang_visitChildren(fn, goto_visit, &g);
	for (i = 0; i < g.hits.nr; i++) {
		struct cursor_range l = cursor_range(g.hits.v[i]);

		if (!edit_list_touches(el, l.begin, l.end))
			edit_add(el, l.begin, l.end - l.begin, to,
				 "label merged");
	}
	edit_add(el, prev, line - prev, "", "label merged");
	cursor_list_release(&g.hits);
	free(label);
	free(to);
}

struct loop {
	CXCursor stmt;
	CXCursor hit;
};

static enum CXChildVisitResult loop_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct loop *l = data;
	struct cursor_list kids = { NULL, 0, 0 }, calls = { NULL, 0, 0 };
	size_t i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ForStmt)
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	if (kids.nr && same_stmt(kids.v[kids.nr - 1], l->stmt)) {
		for (i = 0; i + 1 < kids.nr; i++)
			find_calls(kids.v[i], any_callee, &calls);
		if (!calls.nr)
			l->hit = c;
		cursor_list_release(&calls);
	}
	cursor_list_release(&kids);
	return clang_Cursor_isNull(l->hit) ? CXChildVisit_Recurse :
	       CXChildVisit_Break;
}

CXCursor fold_loop_of(CXCursor stmt)
{
	struct loop l = { stmt, clang_getNullCursor() };
	CXCursor fn = fold_enclosing_fn(stmt);

	if (!clang_Cursor_isNull(fn))
		clang_visitChildren(fn, loop_visit, &l);
	if (!clang_Cursor_isNull(l.hit) && fold_stmt_tied(l.hit))
		return clang_getNullCursor();
	return l.hit;
}
