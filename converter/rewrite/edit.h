/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REWRITE_EDIT_H
#define IRQCONV_REWRITE_EDIT_H

#include "util.h"

/*
 * An edit replaces @length bytes at byte @offset of one file with @text
 * (length 0 inserts).  Edits are data, in the manner of
 * clang-apply-replacements: analyses produce them, edit_list_check() refuses
 * overlapping ones, edit_apply() renders the new file, and the diff of old
 * and new is what a maintainer reviews.
 */
struct edit {
	size_t offset;
	size_t length;
	char *text;
	char *why;		/* which analysis asked for it, for messages */
	unsigned int seq;	/* insertion order: ties at one offset keep it */
};

struct edit_list {
	char *file;		/* relative path the offsets refer to */
	struct edit *v;
	size_t nr;
	size_t alloc;
};

void edit_list_init(struct edit_list *el, const char *file);
void edit_list_release(struct edit_list *el);
void edit_add(struct edit_list *el, size_t offset, size_t length,
	      const char *text, const char *why);
/* The same, taking ownership of @text. */
void edit_add_take(struct edit_list *el, size_t offset, size_t length,
		   char *text, const char *why);

/* Does an edit of @el replace a byte of [@begin, @end)? */
bool edit_list_touches(const struct edit_list *el, size_t begin, size_t end);

/*
 * Sort the edits by offset and check them against each other and against a
 * file of @size bytes: -1 (after an error naming both edits) when two
 * replace overlapping bytes or one runs past the end.
 */
int edit_list_check(struct edit_list *el, size_t size);

/*
 * Whether @buf ends its lines with CR LF (its first line does): the edits'
 * line feeds then get a carriage return each in edit_apply().
 */
bool edit_file_uses_crlf(const char *buf, size_t len);

/* The file after the (checked) edits; its length in *out_len. */
char *edit_apply(const struct edit_list *el, const char *orig, size_t len,
		 size_t *out_len);

#endif
