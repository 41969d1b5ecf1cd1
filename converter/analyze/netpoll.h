/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_NETPOLL_H
#define IRQCONV_ANALYZE_NETPOLL_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "model/reasons.h"

struct lock_module;

/*
 * Whether a poll controller (ndo_poll_controller) of the file calls the
 * handler @def, at any depth, while the handler completes transmitted
 * packets or delivers received ones itself (kapi-hardirq.def, HI_PACKET),
 * not only through NAPI.  netpoll runs the poll controller with interrupts
 * off and may spin there (panic, netconsole): the work must stay where it
 * can run it, and a thread it wakes would not run.  *@why gets the code.
 */
bool netpoll_needs_work_in_place(struct lock_module *lm, CXCursor def,
				 struct refusal *why);

#endif
