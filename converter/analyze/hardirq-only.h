/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_HARDIRQ_ONLY_H
#define IRQCONV_ANALYZE_HARDIRQ_ONLY_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "model/reasons.h"

struct lock_module;

/* The classes of kapi-hardirq.def. */
enum hardirq_class {
	HI_DEMUX, HI_RESET, HI_PANIC, HI_STAMP, HI_CLOCK, HI_PACKET, HI_TICK
};

/* The class of the kernel call @name, or -1; *@threaded its thread form. */
int kapi_hardirq_class(const char *name, const char **threaded);

/*
 * Whether the handler @def must stay in hard-irq context whatever else it
 * does (conversion-rules.md, "Handlers that must stay in hard-irq
 * context"): it demultiplexes other interrupts, resets or panics, stamps
 * the interrupt with the time, or counts every interrupt without reading
 * the device.  Calls are followed to any depth in the driver (@lm may be
 * NULL).  *@why gets the code and its sentence.
 */
bool hardirq_only(struct lock_module *lm, CXCursor def, struct refusal *why);

#endif
