/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_PATCHES_MODULE_H
#define IRQCONV_PATCHES_MODULE_H

#include "util.h"

/*
 * The name of the kbuild module that links @relpath (a C file, relative to
 * the tree @src): NAME when the Kbuild or Makefile of its directory has
 * `NAME-y`, `NAME-objs` or `NAME-$(CONFIG_X)` listing its object (with :=,
 * += or =, continuation lines joined), else the object's own name
 * (`obj-m += foo.o` builds module foo).
 */
char *convert_module_of(const char *src, const char *relpath);

/*
 * The objects of the composite module @module of the directory @dir
 * (`NAME-objs`, `NAME-y`, `NAME-$(CONFIG_X)`), as "cavium", "cavium-thunderx".
 */
void convert_module_parts(const char *src, const char *dir,
			  const char *module, struct strvec *objs);
/* Whether @dir builds @name: an obj-* list names @name.o, or it is a composite. */
bool convert_dir_builds(const char *src, const char *dir, const char *name);
/* Whether a composite module of @dir other than @module links @obj.o too. */
bool convert_object_shared(const char *src, const char *dir, const char *obj,
			   const char *module);

#endif
