/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REWRITE_BLOB_H
#define IRQCONV_REWRITE_BLOB_H

#include <stddef.h>

#define BLOB_HEX_LEN 40

/*
 * The object id git gives @len bytes of file contents: the SHA-1 of
 * "blob <len>\0" and the bytes, as 40 hex digits and a NUL in @hex.  A
 * patch's `index` lines name the blobs by it, which lets `git am -3` find
 * the original file and merge.
 */
void blob_id(const char *data, size_t len, char hex[BLOB_HEX_LEN + 1]);

#endif
