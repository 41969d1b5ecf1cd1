/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_BENEFIT_LOOP_H
#define IRQCONV_ANALYZE_BENEFIT_LOOP_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "analyze/device-access.h"

/*
 * The parts of the benefit judgement that read one loop or one call
 * (analyze/benefit-loop.c): whether a loop's trip count is driven by the
 * device or the data, and how long a busy-wait delay spins.
 */
struct loop_env {
	const struct access_preds *ap;
	CXFile file;		/* the handler's: its functions are followed */
	int depth;		/* calls already followed to get here */
	CXCursor fn;		/* the function the loop is written in */
};

/* Does @c call @pred's functions, itself or through @file's functions? */
bool benefit_reaches(CXCursor c, CXFile file, int depth,
		     bool (*pred)(const char *callee, const void *data),
		     const void *data);
bool benefit_is_access(const char *callee, const void *ap);
/* serio_interrupt(), input_event(), input_report_key(), input_sync(), ... */
bool benefit_is_event_report(const char *callee, const void *unused);

/*
 * A loop is driven by the device or the data unless a compile-time
 * constant bounds it: its header steps local counters that start from
 * constants towards constants (MAXFLOW, ARRAY_SIZE() of a table, 4
 * response words), reads no register, and no way out of it is taken on a
 * register it reads again each round (a poll with a retry limit).
 */
bool benefit_loop_driven(CXCursor loop, const struct loop_env *e);

/*
 * Does @expr take an element of an array at an index the header of @loop
 * names (&ctrl->queues[i] in `for (i = 0; i < n; i++)`)?
 */
bool benefit_loop_indexes(CXCursor loop, CXCursor expr);

/* udelay(), ndelay(), mdelay() and what they expand to. */
bool benefit_is_delay(const char *callee);
/*
 * How long the delay @call spins, in microseconds, rounded up; -1 when its
 * length is not a compile-time constant.  0 for __const_udelay(), the
 * constant half of the udelay() and ndelay() macros, whose other half
 * (__udelay(), __ndelay()) is counted.
 */
long benefit_delay_us(CXCursor call, const char *callee);

#endif
