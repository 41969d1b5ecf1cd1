// SPDX-License-Identifier: GPL-2.0
/*
 * A handler requested once per queue of a multi-queue device (smartpqi's
 * queue groups, a SAS HBA's completion queues: `for (i = 0; i < n; i++)
 * request_irq(pci_irq_vector(pdev, i), handler, 0, name, &ctrl->q[i])`)
 * runs for every completion on its queue.  Such a device has its queues
 * to complete I/O fast on many CPUs; a thread would add a wake-up to each
 * completion, so the site is declined unless it folds a work item.
 * The queue may reach the request through a local the loop sets and a
 * helper the loop calls (irdma's `iwceq = &rf->ceqlist[ceq_id]`, passed
 * on to irdma_cfg_ceq_vector(), which requests the vector).
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/benefit.h"
#include "tu.h"

/* A helper's caller is followed this many calls up, no further. */
#define CALLER_DEPTH 1

struct around {
	unsigned int at;		/* the call's offset, not its cursor */
	CXCursor call, fn;		/* found, and the function it is in */
	struct cursor_kids loops;	/* the loops the walk is in */
	struct cursor_kids around;	/* those around the call, once found */
	bool found;
};

static unsigned int offset_of(CXSourceLocation loc, CXFile *file)
{
	unsigned int off;

	clang_getExpansionLocation(loc, file, NULL, NULL, &off);
	return off;
}

static void around_walk(CXCursor c, struct around *a);

static enum CXChildVisitResult around_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct around *a = data;

	(void)parent;
	around_walk(c, a);
	return a->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void around_walk(CXCursor c, struct around *a)
{
	bool loop = da_is_loop(c);
	size_t i;

	if (clang_getCursorKind(c) == CXCursor_CallExpr &&
	    offset_of(clang_getCursorLocation(c), NULL) == a->at) {
		a->found = true;
		a->call = c;
		for (i = 0; i < a->loops.nr; i++)
			da_kids_push(&a->around, a->loops.v[i]);
		return;
	}
	if (loop)
		da_kids_push(&a->loops, c);
	clang_visitChildren(c, around_visit, a);
	if (loop)
		a->loops.nr--;
}

/* Are @a and @b written in one file? */
static bool same_file(CXCursor a, CXCursor b)
{
	CXFile fa, fb;

	offset_of(clang_getCursorLocation(a), &fa);
	offset_of(clang_getCursorLocation(b), &fb);
	return fa && fb && clang_File_isEqual(fa, fb);
}

/* Does the function definition @fn contain the byte @off of @file? */
static bool contains(CXCursor fn, CXFile file, unsigned int off)
{
	CXSourceRange r = clang_getCursorExtent(fn);
	CXFile f;
	unsigned int begin = offset_of(clang_getRangeStart(r), &f);

	return f && clang_File_isEqual(f, file) && begin <= off &&
	       off < offset_of(clang_getRangeEnd(r), NULL);
}

/* The function definitions of @tu, in @top. */
static void definitions(CXTranslationUnit tu, struct cursor_kids *top)
{
	size_t i, n = 0;

	da_kids(clang_getTranslationUnitCursor(tu), top);
	for (i = 0; i < top->nr; i++)
		if (clang_getCursorKind(top->v[i]) == CXCursor_FunctionDecl &&
		    clang_isCursorDefinition(top->v[i]))
			top->v[n++] = top->v[i];
	top->nr = n;
}

/* Find @call again in a walk of its function, with the loops around it. */
static bool find_around(CXCursor call, const struct cursor_kids *top,
			struct around *a)
{
	CXFile file;
	size_t i;

	a->at = offset_of(clang_getCursorLocation(call), &file);
	if (!file)
		return false;
	for (i = 0; i < top->nr && !a->found; i++)
		if (contains(top->v[i], file, a->at)) {
			a->fn = top->v[i];
			around_walk(top->v[i], a);
		}
	return a->found;
}

struct assigned {
	CXCursor var, loop;
	bool hit;
};

/* `var = <something the loop's counter indexes>` */
static enum CXChildVisitResult assigned_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct assigned *s = data;
	struct cursor_kids kids;
	char *op;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	op = benefit_binop(c);
	da_kids(c, &kids);
	if (op && !strcmp(op, "=") && kids.nr == 2 &&
	    clang_getCursorKind(da_strip(kids.v[0])) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(da_strip(kids.v[0])),
			       s->var))
		s->hit = benefit_loop_indexes(s->loop, kids.v[1]);
	free(op);
	free(kids.v);
	return s->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Is @var declared in @loop's body? */
static bool declared_in(CXCursor var, CXCursor loop)
{
	CXSourceRange r = clang_getCursorExtent(loop);
	unsigned int at = offset_of(clang_getCursorLocation(var), NULL);

	return offset_of(clang_getRangeStart(r), NULL) <= at &&
	       at < offset_of(clang_getRangeEnd(r), NULL);
}

/* `struct q *q = &ctrl->q[i];` in the loop's body */
static bool initialised_from(CXCursor var, CXCursor loop)
{
	struct cursor_kids kids;
	bool hit;

	da_kids(var, &kids);
	hit = kids.nr && benefit_loop_indexes(loop, kids.v[kids.nr - 1]);
	free(kids.v);
	return hit;
}

/*
 * Does one of the loops around a call index @arg, as written (`&q[i]`) or
 * through a local a loop sets from an indexed queue?  The loop, or a null
 * cursor.
 */
static CXCursor indexing_loop(const struct cursor_kids *loops, CXCursor arg)
{
	CXCursor e = da_strip(arg), var = clang_getNullCursor();
	size_t i;

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		var = clang_getCursorReferenced(e);
	for (i = 0; i < loops->nr; i++) {
		struct assigned s = { var, loops->v[i], false };

		if (benefit_loop_indexes(loops->v[i], arg))
			return loops->v[i];
		if (clang_getCursorKind(var) != CXCursor_VarDecl)
			continue;
		if (declared_in(var, loops->v[i]))
			s.hit = initialised_from(var, loops->v[i]);
		else
			clang_visitChildren(loops->v[i], assigned_visit, &s);
		if (s.hit)
			return loops->v[i];
	}
	return clang_getNullCursor();
}

/* Where a queue was found passed: the loop, and the helper it called. */
struct queue_hit {
	unsigned int loop_line;
	char *via;
};

static bool queue_arg(CXCursor call, int arg, const struct cursor_kids *top,
		      unsigned int depth, struct queue_hit *h);

struct callers {
	CXCursor fn;
	int param;
	const struct cursor_kids *top;
	unsigned int depth;
	struct queue_hit *h;
	bool hit;
};

static enum CXChildVisitResult caller_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct callers *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr &&
	    clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(c)),
			       s->fn))
		s->hit = queue_arg(c, s->param, s->top, s->depth, s->h);
	return s->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Is argument @arg of @call indexed by a loop around the call, or is it a
 * parameter of the function making the call, whose callers pass a queue?
 */
static bool queue_arg(CXCursor call, int arg, const struct cursor_kids *top,
		      unsigned int depth, struct queue_hit *h)
{
	struct around a = { 0 };
	struct callers s = { clang_getNullCursor(), -1, top, depth + 1, h,
			     false };
	CXCursor e, ref, loop;
	int i, n;

	if (arg < 0 || arg >= clang_Cursor_getNumArguments(call) ||
	    !find_around(call, top, &a))
		goto out;
	e = clang_Cursor_getArgument(a.call, arg);
	loop = indexing_loop(&a.around, e);
	s.hit = !clang_Cursor_isNull(loop);
	if (s.hit)
		h->loop_line = da_line(loop);
	e = da_strip(e);
	if (s.hit || depth >= CALLER_DEPTH ||
	    clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		goto out;
	ref = clang_getCursorReferenced(e);
	n = clang_Cursor_getNumArguments(a.fn);
	for (i = 0; i < n && s.param < 0; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(a.fn, i), ref))
			s.param = i;
	s.fn = clang_getCanonicalCursor(a.fn);
	/* the helper's callers in its own file, not the headers' inlines */
	for (i = 0; s.param >= 0 && (size_t)i < top->nr && !s.hit; i++)
		if (same_file(top->v[i], a.fn))
			clang_visitChildren(top->v[i], caller_visit, &s);
	if (s.hit && !h->via)
		h->via = cxstring_take(clang_getCursorSpelling(a.fn));
out:
	free(a.loops.v);
	free(a.around.v);
	return s.hit;
}

void benefit_note_request(struct benefit *b, CXCursor request)
{
	struct queue_hit h = { 0, NULL };
	struct cursor_kids top;

	free(b->per_queue_via);
	b->per_queue_line = 0;
	b->per_queue_loop_line = 0;
	b->per_queue_via = NULL;
	definitions(clang_Cursor_getTranslationUnit(request), &top);
	/* dev_id is the request's last argument */
	if (queue_arg(request, clang_Cursor_getNumArguments(request) - 1, &top,
		      0, &h)) {
		b->per_queue_line = da_line(request);
		b->per_queue_loop_line = h.loop_line;
		b->per_queue_via = h.via;
	}
	free(top.v);
}
/*
 * A folded work item pays for the thread: its worker was woken for each
 * completion too.  A folded tasklet does not: it ran as the interrupt
 * returned, on the same CPU, with no wake-up (NVMe keeps its threaded
 * completions, use_threaded_interrupts, off by default for that cost).
 */
bool benefit_per_queue(const struct benefit *b)
{
	return b->per_queue_line && !b->code[BENEFIT_WORK_FOLDED];
}

bool benefit_declined(const struct benefit *b)
{
	return benefit_no_gain(b) || benefit_per_queue(b);
}

char *benefit_per_queue_where(const struct benefit *b)
{
	if (b->per_queue_via)
		return xasprintf("line %u, in %s(), which the loop at line %u calls for each queue",
				 b->per_queue_line, b->per_queue_via,
				 b->per_queue_loop_line);
	return xasprintf("line %u, in a loop that passes each queue as dev_id",
			 b->per_queue_line);
}

const char *benefit_per_queue_cost(const struct benefit *b)
{
	if (b->code[BENEFIT_TASKLET_FOLDED])
		return ", where the tasklet it would fold ran as the interrupt returned, on the same CPU, with no wake-up";
	return " and nothing is folded to pay for it";
}
