/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_DEPS_H
#define IRQCONV_DEPS_H

/*
 * The files and directories of the kernel tree that one analysis read, so
 * that a cached result can be checked against them: the file's own module
 * and library files, the directory's Makefile and Kbuild, the callers the
 * directory listing turned up and the driver's own headers.  Headers under
 * include/ and arch/ARCH/include/ are the kernel's, not the driver's, and
 * are left out, as are the compiler's and the files kbuild generated: the
 * flags, part of the cache key, name their trees.  Files outside the tree
 * (an external module's) are recorded by absolute path.
 */
#include <stdbool.h>

#include "util.h"

/*
 * Start recording what is read, for the tree @src configured in @obj
 * (forgets an earlier record).
 */
void deps_start(const char *src, const char *obj);
void deps_stop(void);
bool deps_recording(void);
/* A file read, or a directory listed; ignored unless recording. */
void deps_note_file(const char *path);
void deps_note_dir(const char *path);
/* The record as "D PATH HASH" and "L DIR HASH" lines. */
void deps_write(struct strbuf *out);
/*
 * @text as deps_write() left it followed by other lines: whether every
 * recorded file and listing under @src is unchanged, and where the lines
 * after the record start.
 */
bool deps_fresh(const char *src, const char *text, const char **rest);

#endif
