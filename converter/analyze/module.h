/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_MODULE_H
#define IRQCONV_ANALYZE_MODULE_H

#include <clang-c/Index.h>

#include "util.h"

struct lock_module;
struct tu;

/*
 * The unit of a conversion is the kernel module, not the file: kbuild
 * links a composite module from the objects of a `NAME-objs := a.o b.o`
 * or `NAME-y += ...` line, and a handler one of them requests may be
 * defined in another.
 */

/*
 * The other objects (stems, without .o) of the composite module that
 * @stem.o of directory @dir belongs to, read from the directory's Kbuild
 * or Makefile.
 */
void module_objects(const char *dir, const char *stem, struct strvec *out);

/*
 * The objects kbuild lists with @stem.o on the obj- lines of @dir
 * (`obj-$(CONFIG_NE2K_PCI) += ne2k-pci.o 8390.o`), as stems: for a
 * library, the modules that link it.
 */
void module_line_mates(const char *dir, const char *stem, struct strvec *out);

/*
 * Of those, the library modules @stem.o links against: the ones whose
 * source exports symbols (EXPORT_SYMBOL), as 8390.c does; an obj- line
 * may also list drivers that only share a configuration option.
 */
void module_libraries(const char *dir, const char *stem, struct strvec *out);

/*
 * The definition of function @name in one of the module's files (as
 * lock_module_open() parsed them), or a null cursor.
 */
CXCursor module_def_named(const struct lock_module *lm, const char *name);

/* The file of @lm that @def is written in (its unit), or NULL. */
const struct tu *module_tu_of(const struct lock_module *lm, CXCursor def);

/*
 * Learn the register accessor wrappers of every file of the module, beside
 * those already known (ast/cursor.h): the planner, for convert and
 * the judge alike, reads the device through at91_twi_read(), defined in
 * i2c-at91-core.c, when it plans i2c-at91-master.c.
 */
void module_learn_accessors(const struct lock_module *lm);

#endif
