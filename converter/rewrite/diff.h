/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REWRITE_DIFF_H
#define IRQCONV_REWRITE_DIFF_H

#include "util.h"

struct diff_stat {
	unsigned int insertions;
	unsigned int deletions;
};

/*
 * Append to @out the unified diff (3 lines of context, git's headers, so
 * that `git apply` and `patch -p1` take it) turning @old into @new, both
 * the contents of @path relative to the tree's top.  Nothing is appended
 * when they are equal.  Counts go to @stat when it is not NULL.
 */
void diff_unified(struct strbuf *out, const char *path,
		  const char *old, size_t old_len,
		  const char *new, size_t new_len, struct diff_stat *stat);

#endif
