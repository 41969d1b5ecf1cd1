/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REWRITE_DIFF_H
#define IRQCONV_REWRITE_DIFF_H

#include "util.h"

struct diff_stat {
	unsigned int insertions;
	unsigned int deletions;
};

/*
 * Append to @out the unified diff turning @old into @new, both the
 * contents of @path relative to the tree's top, as `git format-patch
 * --full-index` writes it: git's headers with the blob ids and @mode
 * (0100644, 0100755) on the index line, so that `git am -3` can fall back
 * to a merge; 3 lines of context; the enclosing function after each hunk
 * header.  Nothing is appended when they are equal.  Counts go to @stat
 * when it is not NULL.
 */
void diff_unified(struct strbuf *out, const char *path, unsigned int mode,
		  const char *old, size_t old_len,
		  const char *new, size_t new_len, struct diff_stat *stat);

/* The mode git records for a regular file of mode @st_mode. */
unsigned int diff_git_mode(unsigned int st_mode);

#endif
