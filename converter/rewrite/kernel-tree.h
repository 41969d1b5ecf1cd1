/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REWRITE_KERNEL_TREE_H
#define IRQCONV_REWRITE_KERNEL_TREE_H

#include "util.h"

/*
 * What the mails of a series learn from the kernel tree they are for: the
 * commit they apply to (format-patch's base-commit:) and who they go to
 * (the tree's scripts/get_maintainer.pl).
 */

/*
 * The HEAD commit of @src when @src is the top of a git work tree and each
 * of @paths (relative to @src) is, in that commit, the blob of @blobs with
 * the same index, so the series applies to exactly that commit; else NULL,
 * with a warning when a file differs.
 */
char *kernel_tree_base_commit(const char *src, const struct strvec *paths,
			      const struct strvec *blobs);

/* Whether @src has MAINTAINERS and scripts/get_maintainer.pl. */
bool kernel_tree_has_maintainers(const char *src);

/*
 * Run get_maintainer.pl of @src on @patch (the mail's text) once: the
 * maintainers, supporters and odd fixers it names go to @to, reviewers and
 * lists to @cc.  -1 with a warning when the script fails.
 */
int kernel_tree_maintainers(const char *src, const char *patch,
			    struct strvec *to, struct strvec *cc);

#endif
