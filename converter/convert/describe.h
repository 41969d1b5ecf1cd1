/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_DESCRIBE_H
#define IRQCONV_CONVERT_DESCRIBE_H

#include "convert/split.h"
#include "convert/state.h"

/*
 * @text as a paragraph of a patch or cover letter, wrapped at 72 columns as
 * git log shows them, its first line prefixed @first and the others @rest.
 */
void wrap_paragraph(struct strbuf *sb, const char *text, const char *first,
		    const char *rest);

/*
 * Append to @d's patch description the paragraphs and points for the
 * handler @plan converts, with the call site's @notes, each once, and note
 * in @d->tests what a reviewer should test for it.
 */
void describe_conversion(struct driver *d, const struct split_plan *plan,
			 const struct strvec *notes);

/* The closing paragraph of @d's patch: what to test (@d->tests). */
void describe_testing(struct strbuf *body, const struct driver *d);

/*
 * What the conversion gains (@b), a paragraph of its own (describe-gain.c).
 */
void describe_gain(struct strbuf *body, const struct benefit *b);

#endif
