/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_DESCRIBE_H
#define IRQCONV_CONVERT_DESCRIBE_H

#include "convert/split.h"

/*
 * @text as a paragraph of a patch or cover letter, wrapped at 72 columns as
 * git log shows them, its first line prefixed @first and the others @rest.
 */
void wrap_paragraph(struct strbuf *sb, const char *text, const char *first,
		    const char *rest);

/*
 * Append to @body, a driver's patch description, the paragraph and points
 * for the handler @plan converts, with the call site's @notes, each once.
 */
void describe_conversion(struct strbuf *body, const struct split_plan *plan,
			 const struct strvec *notes);

#endif
