/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_THREAD_EDITS_H
#define IRQCONV_CONVERT_THREAD_EDITS_H

#include "convert/split.h"

/*
 * Edits inside the thread's statements (@inner), and elsewhere in the file
 * (@el) for a folded tasklet; prototypes the thread needs go to @protos.
 * @need_flags, @need_ret and @bh_region say what the thread's frame must
 * declare.  Returns -1 after a refusal written to @why.
 */
int render_thread_edits(const struct split_plan *plan, const char *buf,
			size_t len, struct edit_list *inner,
			struct edit_list *el, bool *need_flags, bool *need_ret,
			bool *bh_region,
			struct strbuf *protos, struct strvec *notes,
			struct refusal *why);

#endif
