/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_STAGED_H
#define IRQCONV_CONVERT_STAGED_H

#include "convert/split.h"

/*
 * Edits of the old handler under the staged strategy: each status the
 * quick check hands over is taken with atomic_xchg() where the handler
 * read it.  -1 with @reason when a read cannot be replaced in place.
 */
int staged_handler_edits(const struct split_plan *plan, const char *buf,
			 struct edit_list *el, struct strvec *notes,
			 struct refusal *why);

/* Drop the doubled parentheses of `unlikely((x))` in copied lines. */
void staged_tidy(struct strbuf *sb);

#endif
