/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_SCAN_CACHE_H
#define IRQCONV_SCAN_CACHE_H

#include "kbuild.h"

/*
 * The scan cache: the records of a file (scan/output.h) under
 * OBJ/.irqconv/scan-cache/KEY, KEY a hash of the irqconv binary, the
 * file's content and the arguments it is parsed with.  The file begins with
 * the files of the tree the analysis read besides the kernel's headers (the
 * module's other files, the driver's headers, the directory's Makefile and
 * the callers found in it, deps.h) and their hashes: a change in any of them
 * is a miss.  `irqconv scan --no-cache` redoes all.
 */

/* The cache file for @relpath, or NULL when its flags are unknown. */
char *scan_cache_path(struct kbuild *kb, const char *relpath);

#endif
