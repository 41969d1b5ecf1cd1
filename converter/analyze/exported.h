/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_EXPORTED_H
#define IRQCONV_ANALYZE_EXPORTED_H

#include <clang-c/Index.h>

/*
 * The line of the EXPORT_SYMBOL(fn) or EXPORT_SYMBOL_GPL(fn) of the file
 * that defines @def, or 0: other modules call an exported function, from
 * contexts the module's own analysis cannot see.
 */
unsigned int an_exported_line(CXCursor def);

#endif
