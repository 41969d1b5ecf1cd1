/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_REACH_H
#define IRQCONV_ANALYZE_REACH_H

#include <clang-c/Index.h>

#include "util.h"

struct lock_module;

/*
 * Calls reachable from a function at any depth: its own calls and those of
 * the driver's functions it calls, followed through every file of the
 * module (the lock module's call graph, when one is open) and the driver's
 * own headers, never into the kernel's: what a kernel function does is
 * the kernel API tables' knowledge.  The analyses that must see through
 * helpers ask it (a demultiplexer three calls down, TX reclaim in a
 * helper, a poll controller that calls the handler).
 */
struct reach_hit {
	CXCursor call;		/* the call @match accepted */
	char *name;		/* the name it was accepted by */
	CXCursor first;		/* the call in the start function leading to it */
	struct strvec via;	/* the functions in between, outermost first */
};

/* Whether @call, called as @name (callee, then the name written), matches. */
typedef bool (*reach_match_fn)(CXCursor call, const char *name, void *data);

/*
 * The first call, breadth first, that @match accepts below @fn (a function
 * definition); @lm may be NULL (one file).  false when there is none.
 */
bool reach_find(struct lock_module *lm, CXCursor fn, reach_match_fn match,
		void *data, struct reach_hit *hit);
void reach_hit_release(struct reach_hit *hit);
/* " through a() and b()" for a hit that is not direct, else "". */
char *reach_via_phrase(const struct reach_hit *hit);

#endif
