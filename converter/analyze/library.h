/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_LIBRARY_H
#define IRQCONV_ANALYZE_LIBRARY_H

#include <clang-c/Index.h>
#include <stdbool.h>

struct lock_module;

/*
 * A handler may live in a library module the requesting module links
 * (ne2k-pci requests ei_interrupt(), which 8390.ko defines from
 * lib8390.c): analysed where it is defined, with the module that requests
 * it, and converted, if at all, once, in the library, for every module
 * that requests it.
 */

/* Whether @def is defined in a library module of @lm, not in its own files. */
bool library_defines(const struct lock_module *lm, CXCursor def);

/*
 * The library module that defines @def and the modules kbuild lists with
 * it, as "8390 (linked by apne, ne2k-pci, wd)", then the other .c files
 * of its directory that include the file its work is written in ("lib8390.c
 * is included by 8390p.c, ax88796.c"): what a conversion of it changes.
 * The caller frees it.
 */
char *library_describe(const struct lock_module *lm, CXCursor def,
		       CXCursor work);

#endif
