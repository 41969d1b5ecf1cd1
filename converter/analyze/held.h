/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_HELD_H
#define IRQCONV_ANALYZE_HELD_H

#include <stdbool.h>

#include <clang-c/Index.h>

/*
 * What a function holds at each of its calls: a count kept in source
 * order of what @change says each call takes (+1) or gives back (-1).  A
 * branch or a loop leaves the count as it found it (an unlock before an
 * early return does not end the region for the code after it), as the
 * benefit walk does; with @skip_error, an arm that handles an error
 * (analyze/benefit-error.c) is not walked.  @at, unless NULL, sees every
 * call with the count before it, and ends the walk by setting @stop.
 * The count starts from @held: 1 for a function the kernel calls with
 * interrupts off (analyze/benefit-atomic-ops.c).
 */
struct held_walk {
	int (*change)(CXCursor call, struct held_walk *hw);
	void (*at)(CXCursor call, struct held_walk *hw);
	void *data;
	bool skip_error;
	int held;
	bool stop;
};

void held_walk(CXCursor def, struct held_walk *hw);

#endif
