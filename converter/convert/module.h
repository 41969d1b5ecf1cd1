/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_MODULE_H
#define IRQCONV_CONVERT_MODULE_H

#include "util.h"

/*
 * The name of the kbuild module that links @relpath (a C file, relative to
 * the tree @src): NAME when the Kbuild or Makefile of its directory has
 * `NAME-y`, `NAME-objs` or `NAME-$(CONFIG_X)` listing its object (with :=,
 * += or =, continuation lines joined), else the object's own name
 * (`obj-m += foo.o` builds module foo).
 */
char *convert_module_of(const char *src, const char *relpath);

#endif
