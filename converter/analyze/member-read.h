/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_MEMBER_READ_H
#define IRQCONV_ANALYZE_MEMBER_READ_H

#include <stdbool.h>

#include <clang-c/Index.h>

/*
 * @call goes through a function pointer member of a structure, and every
 * function the file stores in that member (`x->m = fn;`, `.m = fn`) is a
 * device read by @is_read: macb's queue_readl() is
 * `bp->macb_reg_readl(bp, reg)`, set only to hw_readl() or
 * hw_readl_native().  scan and convert each pass their idea of a read.
 */
bool member_read_call(CXCursor call,
		      bool (*is_read)(const char *callee, void *data),
		      void *data);

#endif
