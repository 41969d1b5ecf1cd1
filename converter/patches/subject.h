/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_PATCHES_SUBJECT_H
#define IRQCONV_PATCHES_SUBJECT_H

#include "util.h"

/*
 * "net: atl2: ": how the subsystem of the directory @dir (relative to the
 * tree @src) names the driver of the kbuild module @module, and of the
 * modules @also that share the patch, at the start of a patch subject
 * (subjects.def; the driver's name, patches/subject.c).
 */
char *convert_subject_prefix(const char *src, const char *dir,
			     const char *module, const struct strvec *also);

#endif
