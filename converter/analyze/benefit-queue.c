// SPDX-License-Identifier: GPL-2.0
/*
 * A handler requested once per queue of a multi-queue device (smartpqi's
 * queue groups, a SAS HBA's completion queues: `for (i = 0; i < n; i++)
 * request_irq(pci_irq_vector(pdev, i), handler, 0, name, &ctrl->q[i])`)
 * runs for every completion on its queue.  Such a device has its queues
 * to complete I/O fast on many CPUs; a thread would add a wake-up to each
 * completion, so the site is declined unless it folds deferred work.
 */
#include <stdlib.h>

#include "analyze/benefit-loop.h"
#include "analyze/benefit.h"

struct around {
	CXCursor request;
	unsigned int at;		/* its offset: cursors of two walks differ */
	struct cursor_kids loops;	/* the loops the walk is in */
	bool found, per_queue;
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

/* The request's dev_id, its last argument, is indexed by a loop's counter. */
static void request_found(struct around *a)
{
	int n = clang_Cursor_getNumArguments(a->request);
	CXCursor dev_id;
	size_t i;

	a->found = true;
	if (n < 1)
		return;
	dev_id = clang_Cursor_getArgument(a->request, n - 1);
	for (i = 0; i < a->loops.nr && !a->per_queue; i++)
		a->per_queue = benefit_loop_indexes(a->loops.v[i], dev_id);
}

static void around_walk(CXCursor c, struct around *a)
{
	bool loop = da_is_loop(c);

	if (clang_getCursorKind(c) == CXCursor_CallExpr &&
	    offset_of(clang_getCursorLocation(c), NULL) == a->at) {
		request_found(a);
		return;
	}
	if (loop)
		da_kids_push(&a->loops, c);
	clang_visitChildren(c, around_visit, a);
	if (loop)
		a->loops.nr--;
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

static bool per_queue(CXCursor request)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(request);
	struct around a = { request, 0, { NULL, 0, 0 }, false, false };
	struct cursor_kids top;
	unsigned int off;
	CXFile file;
	size_t i;

	off = offset_of(clang_getCursorLocation(request), &file);
	a.at = off;
	if (!file)
		return false;
	da_kids(clang_getTranslationUnitCursor(tu), &top);
	for (i = 0; i < top.nr && !a.found; i++)
		if (clang_getCursorKind(top.v[i]) == CXCursor_FunctionDecl &&
		    clang_isCursorDefinition(top.v[i]) &&
		    contains(top.v[i], file, off))
			around_walk(top.v[i], &a);
	free(top.v);
	free(a.loops.v);
	return a.per_queue;
}

void benefit_note_request(struct benefit *b, CXCursor request)
{
	b->per_queue_line = per_queue(request) ? da_line(request) : 0;
}

bool benefit_per_queue(const struct benefit *b)
{
	return b->per_queue_line && !b->code[BENEFIT_TASKLET_FOLDED] &&
	       !b->code[BENEFIT_WORK_FOLDED];
}

bool benefit_declined(const struct benefit *b)
{
	return benefit_no_gain(b) || benefit_per_queue(b);
}
