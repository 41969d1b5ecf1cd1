/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_SCAN_CACHE_H
#define IRQCONV_SCAN_CACHE_H

#include "kbuild.h"

/*
 * The scan cache: the records of a file (scan/output.h) under
 * OBJ/.irqconv/scan-cache/KEY, KEY a hash of the irqconv binary, the
 * file's content and the arguments it is parsed with.  A changed header is
 * not seen: `irqconv scan --no-cache` or removing the directory redoes all.
 */

/* The cache file for @relpath, or NULL when its flags are unknown. */
char *scan_cache_path(struct kbuild *kb, const char *relpath);

#endif
