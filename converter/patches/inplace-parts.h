/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_PATCHES_INPLACE_PARTS_H
#define IRQCONV_PATCHES_INPLACE_PARTS_H

/*
 * What the writer (inplace.c) and the repairer (inplace-recover.c) of
 * --in-place agree on: where a new file waits and how a journal starts.
 */
#define INPLACE_NEW_SUFFIX ".irqconv-new"
#define INPLACE_JOURNAL_HEAD "irqconv in-place journal 1\n"

char *inplace_dir_part(const char *path);
/* DIR/.BASE.irqconv-new: the new file of DIR/BASE until it is renamed. */
char *inplace_staged_path(const char *dir, const char *base);
void inplace_sync_dir(const char *dir);
/* One writer or repairer per directory at a time; -1 when it cannot be had. */
int inplace_lock_dir(const char *dir);

#endif
