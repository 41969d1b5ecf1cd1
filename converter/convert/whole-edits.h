/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_WHOLE_EDITS_H
#define IRQCONV_CONVERT_WHOLE_EDITS_H

#include "convert/split.h"

/* Does nothing but the request name the handler of @plan? */
bool whole_editable(const struct split_plan *plan);

/*
 * The edits that let the handler of @plan run whole in the thread: lock
 * forms, its tasklet folded, bottom-half brackets.  -1 with @why when it
 * cannot.
 */
int whole_render_edits(const struct split_plan *plan, const char *buf,
		       size_t len, struct edit_list *el, struct strvec *notes,
		       struct refusal *why);

#endif
