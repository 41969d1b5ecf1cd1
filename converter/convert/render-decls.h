/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_RENDER_DECLS_H
#define IRQCONV_CONVERT_RENDER_DECLS_H

#include "convert/split.h"

/*
 * The handler's forward declarations in its file (@buf, @el) or its header
 * (@hbuf, @hdr), each written again for every name of @names; @keep_old
 * keeps the handler's own (staged: the old handler stays).
 */
void render_prototypes(const struct split_plan *plan, const char *buf,
		       size_t len, struct edit_list *el, const char *hbuf,
		       struct edit_list *hdr,
		       const char *const *names, size_t nr, bool keep_old);
/* The atomic_t hand-over fields the quick check fills for the thread. */
void render_handover_fields(const struct split_plan *plan, const char *hbuf,
			    struct edit_list *hdr);

#endif
