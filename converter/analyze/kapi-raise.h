/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_KAPI_RAISE_H
#define IRQCONV_ANALYZE_KAPI_RAISE_H

#include <stdbool.h>
#include <clang-c/Index.h>

/* What the kernel function @name raises (kapi-locks.def, KAPI_RAISER), or NULL. */
const char *kapi_raiser(const char *name);

/*
 * What a call through a structure's function pointer raises, when the
 * kernel API makes it known by the member (kapi-locks.def,
 * KAPI_MEMBER_RAISER): libsas's `task->task_done(task)` ends in
 * scsi_done() for a SCSI command.  NULL for any other call; a call
 * through a pointer the table does not name stays unknown.
 */
const char *kapi_member_raiser(CXCursor call);

/*
 * Is @call one through a structure's function pointer that the kernel
 * fills with code that raises nothing (kapi-locks.def,
 * KAPI_MEMBER_QUIET): 32-bit arm's `arm_delay_ops.udelay(n)`?
 */
bool kapi_member_quiet(CXCursor call);
/*
 * The member a delay @call goes through (KAPI_MEMBER_DELAY): 32-bit arm's
 * udelay() calls `arm_delay_ops.udelay(n)` or `.const_udelay(n *
 * UDELAY_MULT)`; udelay, ndelay or const_udelay (which, like
 * __const_udelay(), is the constant half and counts 0), or NULL.
 */
char *kapi_member_delay(CXCursor call);

/* kapi_raiser() of a named call, else kapi_member_raiser(). */
const char *kapi_call_raises(CXCursor call);

#endif
