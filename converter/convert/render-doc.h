/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_RENDER_DOC_H
#define IRQCONV_CONVERT_RENDER_DOC_H

#include "convert/split.h"

/*
 * Append to @out the kernel-doc of the half @name of the handler @plan
 * splits (@buf its file): the old handler's kernel-doc with @name for the
 * handler's and the sentence @role before its end, or nothing when the old
 * handler had no kernel-doc.  Only the head of the old comment is kept
 * (summary and parameters): its description was of the whole handler.
 * @ret, when not NULL, is the half's Return: section, given where the old
 * comment had one; NULL marks the thread, whose summary is said of the
 * part in the irq thread.
 */
void render_doc(struct strbuf *out, const struct split_plan *plan,
		const char *buf, const char *name, const char *role,
		const char *ret);

#endif
