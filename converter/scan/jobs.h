/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_SCAN_JOBS_H
#define IRQCONV_SCAN_JOBS_H

#include <stddef.h>

/*
 * Run @work(i) for i in [0, @n) in up to @jobs forked worker processes, one
 * process per item so that a crash in libclang costs one item, not the run.
 * @done(i, status) runs in the parent as each worker ends, with the
 * wait(2) status.  Returns 0, or -1 if fork failed.
 */
int jobs_run(size_t n, int jobs, int (*work)(size_t i, void *data),
	     void (*done)(size_t i, int status, void *data), void *data);

/* Number of online CPUs, at least 1. */
int jobs_default(void);

#endif
