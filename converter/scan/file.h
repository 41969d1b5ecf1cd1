/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_SCAN_FILE_H
#define IRQCONV_SCAN_FILE_H

#include "kbuild.h"

/* Parse @relpath with its kbuild flags and append its records to @out
 * (scan/output.h); a file that does not parse gives one site-less record. */
void scan_file(struct kbuild *kb, const char *relpath, struct strbuf *out);

/*
 * Whether the text of @path names a request function at all.  Files that
 * do not are not parsed: a call written only through a macro defined in a
 * header is the one case this misses (docs/analysis.md).
 */
bool scan_file_may_request(const char *path);

#endif
