/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REWRITE_OUTDIR_H
#define IRQCONV_REWRITE_OUTDIR_H

#include "util.h"

/*
 * The output directory of `convert -o`: irqconv writes only into a new or
 * empty directory or one it wrote before, which this file marks, so that
 * nothing of the user's is ever replaced.
 */
#define OUTDIR_MARKER ".irqconv-series"

/*
 * 0 when @outdir may take a series: it does not exist, or it is an empty
 * directory, or one with OUTDIR_MARKER.  Else -1, after an error saying why
 * (a file, a symbolic link, a directory of other files).  @inputs (absolute
 * or relative to the current directory, may be NULL) are the paths being
 * converted: @outdir must not be one of them, inside one, or hold one.
 */
int outdir_check(const char *outdir, const struct strvec *inputs);

/*
 * Put the finished directory @tmp (a sibling of @outdir) in the place of
 * @outdir in one step, and remove what was there.  On failure, -1 after an
 * error, @outdir unchanged and @tmp removed.
 */
int outdir_replace(const char *tmp, const char *outdir);

/*
 * Where series_write() builds the series: beside @outdir, so that the
 * rename into place stays on one file system.
 */
char *outdir_temp_name(const char *outdir);

/*
 * Remove what killed runs left beside @outdir: their OUTDIR.tmp.PID and
 * OUTDIR.old.PID directories, when the process is gone and the directory
 * is empty or marked.
 */
void outdir_remove_stale(const char *outdir);

/*
 * Create the directory @tmp (outdir_temp_name()) and its parents; one of
 * that name already there is replaced only when it is empty or marked.
 */
int outdir_make_temp(const char *tmp);

/* Remove the directory @dir and everything in it (irqconv's own only). */
void remove_tree(const char *dir);

#endif
