// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the ownership check: which statement it is, and the
 * device values the statements before it give the handler's locals.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/member-read.h"
#include "analyze/ownership-reads.h"
#include "analyze/silence-evidence.h"
#include "convert/split-parts.h"
#include "tu.h"

/* A call of @stmt that is neither a device access, a lock nor harmless. */
bool has_other_call(CXCursor stmt)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	find_calls(stmt, is_other_call, &calls);
	for (i = 0; i < calls.nr && !hit; i++)
		hit = !silence_harmless_call(calls.v[i]);
	cursor_list_release(&calls);
	return hit;
}

/* Only device accesses (at least one write), no other call, no return. */
bool is_silencing_stmt(CXCursor stmt)
{
	enum CXCursorKind k = clang_getCursorKind(stmt);

	if (k == CXCursor_DeclStmt || k == CXCursor_ReturnStmt ||
	    has_return(stmt))
		return false;
	return !clang_Cursor_isNull(find_call(stmt, is_device_write)) &&
	       !has_other_call(stmt) &&
	       clang_Cursor_isNull(find_call(stmt, split_is_lock));
}

/*
 * `if (cond) return IRQ_NONE;` (perhaps `else` only register writes, as
 * i2c-ismt acknowledges), or in a locked handler `if (cond) goto out;` to
 * a tail that then returns IRQ_NONE, where cond depends on a device read.
 */
bool is_ownership_check(const struct split_plan *plan, size_t at,
			const struct locals *l)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor stmt = plan->stmts[at].cursor;
	bool hit = false;

	if (clang_getCursorKind(stmt) != CXCursor_IfStmt)
		return false;
	cursor_children(stmt, &kids);
	if (kids.nr == 2 && !is_return_none(kids.v[1]) && plan->lock_arg &&
	    plan->tail_label) {
		char *label = goto_label(kids.v[1]);

		if (label && !strcmp(label, plan->tail_label) &&
		    tail_returns_none(plan, l, at))
			hit = true;
		free(label);
		if (!hit)
			goto out;
	} else if ((kids.nr != 2 && kids.nr != 3) ||
		   !is_return_none(kids.v[1]) ||
		   (kids.nr == 3 && !is_silencing_stmt(kids.v[2]))) {
		goto out;
	}
	hit = reads_device(kids.v[0]) ||
	      refs_device_value(kids.v[0], l);
out:
	cursor_list_release(&kids);
	return hit;
}

/* The `else` of an if statement, or a null cursor. */
CXCursor else_branch(CXCursor stmt)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor alt = clang_getNullCursor();

	if (clang_getCursorKind(stmt) != CXCursor_IfStmt)
		return alt;
	cursor_children(stmt, &kids);
	if (kids.nr == 3)
		alt = kids.v[2];
	cursor_list_release(&kids);
	return alt;
}

static bool is_out_read(const char *callee)
{
	return or_is_out_read(callee);
}

/*
 * The device values statement @at, before the check, gives its locals: a
 * read, or another device value, assigned (`pending = status & mask;`) or
 * declared with one, and what a read hands back through a pointer
 * (regmap_read(map, reg, &stat) on MMIO, pci_read_config_word(pdev,
 * PCI_STATUS, &pcists)): analyze/ownership.c follows them alike.
 */
void mark_device_values(struct split_plan *plan, size_t at, struct locals *l)
{
	struct cursor_list calls = { NULL, 0, 0 };
	CXCursor s = plan->stmts[at].cursor;
	size_t i, k;

	if (clang_getCursorKind(s) != CXCursor_DeclStmt)
		mark_assigned(s, l, reads_device(s) ||
			      refs_device_value(s, l), false);
	for (k = 0; k < l->nr; k++)
		if (l->v[k].stmt == at && refs_device_value(l->v[k].decl, l))
			l->v[k].device_value = true;
	find_calls(s, is_out_read, &calls);
	for (i = 0; i < calls.nr; i++) {
		CXCursor var = or_read_into(calls.v[i], plan->lm);

		for (k = 0; !clang_Cursor_isNull(var) && k < l->nr; k++)
			if (clang_equalCursors(l->v[k].decl, var))
				l->v[k].device_value = true;
	}
	cursor_list_release(&calls);
}

struct nested_walk {
	const struct split_plan *plan;
	const struct locals *l;
	struct cursor_list reads;	/* locals of blocks declared with a read */
	CXCursor found;
};

static bool refs_block_read(CXCursor c, const struct cursor_list *reads)
{
	struct cursor_list refs = { NULL, 0, 0 };
	size_t i;
	bool hit = false;

	for (i = 0; i < reads->nr && !hit; i++) {
		find_refs(c, reads->v[i], &refs);
		hit = refs.nr > 0;
		cursor_list_release(&refs);
	}
	return hit;
}

/* The first return at or after statement @from of the body, or null. */
static CXCursor return_from(const struct split_plan *plan, size_t from)
{
	size_t i;

	for (i = from; i < plan->nr_stmts; i++) {
		CXCursor s = plan->stmts[i].cursor;

		while (clang_getCursorKind(s) == CXCursor_LabelStmt) {
			struct cursor_list kids = { NULL, 0, 0 };

			cursor_children(s, &kids);
			s = kids.nr ? kids.v[0] : clang_getNullCursor();
			cursor_list_release(&kids);
		}
		if (clang_getCursorKind(s) == CXCursor_ReturnStmt)
			return s;
	}
	return clang_getNullCursor();
}

/* `return IRQ_NONE;`, `return IRQ_RETVAL(...);` or `return var;`. */
static bool may_return_none(CXCursor ret)
{
	struct cursor_list kids = { NULL, 0, 0 };
	struct strvec t = STRVEC_INIT;
	CXCursor e, ref;
	bool hit = false;

	cursor_tokens(ret, &t);
	cursor_children(ret, &kids);
	if (t.nr >= 2)
		hit = !strcmp(t.v[1], "IRQ_NONE") ||
		      !strcmp(t.v[1], "IRQ_RETVAL");
	if (!hit && kids.nr == 1) {
		e = cursor_strip(kids.v[0]);
		ref = clang_getCursorReferenced(e);
		hit = clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
		      clang_getCursorKind(ref) == CXCursor_VarDecl;
	}
	cursor_list_release(&kids);
	strvec_clear(&t);
	return hit;
}

/*
 * `goto out;` where the body's label `out:` leads to a return that can say
 * "not handled": IRQ_NONE, IRQ_RETVAL() or a variable (i8042 sets
 * `ret = 0` first).
 */
static bool goto_unhandled(const struct split_plan *plan, CXCursor stmt)
{
	char *label = goto_label(stmt), *name;
	CXCursor ret = clang_getNullCursor();
	size_t i;
	bool hit = false;

	for (i = 0; label && i < plan->nr_stmts; i++) {
		CXCursor s = plan->stmts[i].cursor;

		if (clang_getCursorKind(s) != CXCursor_LabelStmt)
			continue;
		name = cursor_name(s);
		if (!strcmp(name, label))
			ret = return_from(plan, i);
		free(name);
	}
	hit = !clang_Cursor_isNull(ret) && may_return_none(ret);
	free(label);
	return hit;
}

/*
 * The then-arm of a check that answers "not ours": `return IRQ_NONE;` or
 * a `goto` to such a return, alone or at the end of a block that does
 * more first (cs4281 writes its EOI, hpilo releases its lock).
 */
static bool ends_unhandled(const struct split_plan *plan, CXCursor then)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor last = then;
	bool hit;

	if (clang_getCursorKind(then) == CXCursor_CompoundStmt) {
		cursor_children(then, &kids);
		last = kids.nr ? kids.v[kids.nr - 1] : clang_getNullCursor();
	}
	hit = !clang_Cursor_isNull(last) &&
	      (is_return_none(last) ||
	       (clang_getCursorKind(last) == CXCursor_GotoStmt &&
		goto_unhandled(plan, last)));
	cursor_list_release(&kids);
	return hit;
}

/* `if (device value) ... return IRQ_NONE;`, with @reads as in the walk. */
static bool is_any_check(const struct split_plan *plan, CXCursor c,
			 const struct locals *l,
			 const struct cursor_list *reads)
{
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit;

	if (clang_getCursorKind(c) != CXCursor_IfStmt)
		return false;
	cursor_children(c, &kids);
	hit = kids.nr >= 2 && ends_unhandled(plan, kids.v[1]) &&
	      (reads_device(kids.v[0]) || refs_device_value(kids.v[0], l) ||
	       refs_block_read(kids.v[0], reads));
	cursor_list_release(&kids);
	return hit;
}

/* `if (device value) return IRQ_NONE;` anywhere in @c. */
static enum CXChildVisitResult nested_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct nested_walk *nw = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl &&
	    reads_device(c))
		cursor_list_push(&nw->reads, c);
	if (is_any_check(nw->plan, c, nw->l, &nw->reads))
		nw->found = c;
	return clang_Cursor_isNull(nw->found) ? CXChildVisit_Recurse :
						CXChildVisit_Break;
}

/*
 * `while ((status = read(...))) { ...; handled = 1; } return
 * IRQ_RETVAL(handled);`: the handler returns a local only the loop sets,
 * so a first read that finds nothing says "not ours".
 */
static bool is_retval_loop(const struct split_plan *plan, size_t at,
			   const struct locals *l)
{
	struct cursor_list kids = { NULL, 0, 0 }, ret = { NULL, 0, 0 };
	CXCursor loop = plan->stmts[at].cursor;
	CXCursor last = plan->stmts[plan->nr_stmts - 1].cursor;
	bool hit = false;
	size_t k;

	if (clang_getCursorKind(loop) != CXCursor_WhileStmt ||
	    clang_getCursorKind(last) != CXCursor_ReturnStmt)
		return false;
	cursor_children(loop, &kids);
	cursor_children(last, &ret);
	if (kids.nr == 2 && ret.nr == 1 &&
	    (reads_device(kids.v[0]) ||
	     refs_device_value(kids.v[0], l)))
		for (k = 0; k < l->nr && !hit; k++)
			hit = refs_local(ret.v[0], &l->v[k]) &&
			      cursor_assigns(kids.v[1], l->v[k].name);
	cursor_list_release(&kids);
	cursor_list_release(&ret);
	return hit;
}

/*
 * A check that is a statement of the body but not of the form the split
 * cuts after, in words: its block does more than return.
 */
static const char *check_shape(CXCursor check)
{
	struct cursor_list kids = { NULL, 0, 0 }, block = { NULL, 0, 0 };
	CXCursor then, last;
	const char *where;
	bool jumps;

	cursor_children(check, &kids);
	then = last = kids.v[1];
	if (clang_getCursorKind(then) == CXCursor_CompoundStmt) {
		cursor_children(then, &block);
		last = block.v[block.nr - 1];
	}
	jumps = clang_getCursorKind(last) == CXCursor_GotoStmt;
	if (is_return_none(then))
		where = "in an 'if' whose 'else' does more than write the device";
	else if (stmt_calls(then, is_unlock))
		where = jumps ? "in an 'if' that releases the lock itself and jumps to a return that can say IRQ_NONE" :
				"in an 'if' that releases the lock itself before it returns IRQ_NONE, not through a 'goto' to the handler's final unlock";
	else
		where = jumps ? "in an 'if' that jumps to a return that can say IRQ_NONE" :
				"in an 'if' whose block does more before it returns IRQ_NONE";
	cursor_list_release(&kids);
	cursor_list_release(&block);
	return where;
}

/*
 * The handler decides whose interrupt it is, but not in a statement of
 * its body the split could cut after: inside a block, in the test of a
 * loop whose result it returns, or in an `if` that does more than return.
 * The line of that check, and where it is in words; 0 when there is none.
 */
unsigned int nested_check(const struct split_plan *plan,
			  const struct locals *l, const char **where)
{
	struct nested_walk nw = { plan, l, { NULL, 0, 0 }, clang_getNullCursor() };
	unsigned int line = 0;
	size_t i;

	for (i = 0; i < plan->nr_stmts; i++) {
		CXCursor s = plan->stmts[i].cursor;

		if (is_retval_loop(plan, i, l)) {
			*where = "in the test of a loop whose result it returns";
			line = cursor_line(s);
			break;
		}
		if (is_any_check(plan, s, l, &nw.reads)) {
			*where = check_shape(s);
			line = cursor_line(s);
			break;
		}
		clang_visitChildren(s, nested_visit, &nw);
		if (!clang_Cursor_isNull(nw.found)) {
			*where = "in a block of its body";
			line = cursor_line(nw.found);
			break;
		}
	}
	cursor_list_release(&nw.reads);
	return line;
}

struct address_walk {
	struct locals *l;
};

/* `&local`: the call it is passed to may set the local. */
static enum CXChildVisitResult address_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct address_walk *aw = data;
	struct strvec t = STRVEC_INIT;
	size_t k;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator)
		return CXChildVisit_Recurse;
	cursor_tokens(c, &t);
	for (k = 0; t.nr == 2 && !strcmp(t.v[0], "&") && k < aw->l->nr; k++)
		if (!strcmp(t.v[1], aw->l->v[k].name))
			aw->l->v[k].set_in_quick = true;
	strvec_clear(&t);
	return CXChildVisit_Recurse;
}

/*
 * Statement @s runs in the quick check: the locals it assigns, and those
 * whose address it passes (regmap_read(map, reg, &status)), are set there.
 */
void mark_set_in_quick(CXCursor s, struct locals *l)
{
	struct address_walk aw = { l };

	mark_assigned(s, l, false, true);
	clang_visitChildren(s, address_visit, &aw);
}

static bool is_pointer_call(const char *callee)
{
	return !*callee;
}

static bool read_named(const char *callee, void *data)
{
	(void)data;
	return is_device_read(callee);
}

bool reads_device(CXCursor c)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = stmt_calls(c, is_device_read);
	size_t i;

	if (hit)
		return true;
	find_calls(c, is_pointer_call, &calls);
	for (i = 0; i < calls.nr && !hit; i++)
		hit = member_read_call(calls.v[i], read_named, NULL);
	cursor_list_release(&calls);
	return hit;
}
