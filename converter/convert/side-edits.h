/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_SIDE_EDITS_H
#define IRQCONV_CONVERT_SIDE_EDITS_H

#include "rewrite/edit.h"

/*
 * Edits a conversion makes in a file of the driver other than the
 * handler's and the header of its private structure: a folded tasklet's
 * member declared in the driver's own header.  The renderers add them
 * while the conversion is planned; convert_file() moves them into the
 * series only once the site converts.
 */
struct side_file {
	char *path;		/* as libclang names the file */
	char *buf;
	size_t len;
	struct edit_list el;
};

struct side_edits {
	struct side_file *v;
	size_t nr;
};

/* The file @path, read on first use; NULL when it cannot be read. */
struct side_file *side_edits_file(struct side_edits *se, const char *path);
void side_edits_release(struct side_edits *se);

#endif
