/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_SUBJECT_H
#define IRQCONV_CONVERT_SUBJECT_H

#include "util.h"

/*
 * "net: atl2: ": how the subsystem of the directory @dir names the kbuild
 * module @module at the start of a patch subject (subjects.def).
 */
char *convert_subject_prefix(const char *dir, const char *module);

#endif
