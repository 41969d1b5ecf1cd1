/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_SCAN_FILE_H
#define IRQCONV_SCAN_FILE_H

#include <clang-c/Index.h>

#include "kbuild.h"

struct scan_tu;
struct tu;

/*
 * Run scan's analyses on the parsed file @tu (@st initialised on it, with
 * its index and @kb) and append its records to @out, as scan_file() does:
 * convert --scan-json gives scan's records of the files it parsed once.
 */
void scan_tu_records(struct scan_tu *st, struct kbuild *kb, CXIndex index,
		     const struct tu *tu, struct strbuf *out);

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
