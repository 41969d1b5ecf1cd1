/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_PATCHES_INPLACE_H
#define IRQCONV_PATCHES_INPLACE_H

#include "util.h"

/*
 * convert --in-place writes the files of one driver directory as one
 * transaction: each new file is written and synced beside its target
 * (.NAME.irqconv-new), a journal naming them all (INPLACE_JOURNAL) is
 * renamed into place, the new files are renamed over their targets, and
 * the journal goes.  A run killed before the journal's rename leaves the
 * old files, after it the next run finishes the renames: every file is
 * either old or new, and the driver's files all old or all new.
 */
#define INPLACE_JOURNAL ".irqconv-journal"

struct inplace_file {
	const char *path;	/* the target, in the transaction's directory */
	const char *old;	/* what convert read, to check nothing changed */
	size_t old_len;
	const char *new;
	size_t new_len;
};

/*
 * Write @files, all in directory @dir, all or none; they keep their mode
 * and owner.  0, or -1 after an error naming the file, with every file as
 * it was, or -2 when a rename failed after the journal was in place (the
 * next run finishes them).
 */
int inplace_write(const char *dir, const struct inplace_file *files,
		  size_t nr);

/*
 * Finish or undo what a killed run left in @path (a directory, searched
 * below, or a file, whose directory is looked at): with a journal, the
 * renames are completed; without one, new files never committed are
 * removed.  0, or -1 after an error naming what could not be repaired.
 */
int inplace_recover(const char *path);

/* Whether git knows of changes to @path it does not have (uncommitted). */
bool inplace_file_is_dirty(const char *path);

/*
 * 0 when @path may be rewritten in place (a regular file, not a symbolic
 * link), else -1 after an error saying why.
 */
int inplace_check_target(const char *path);

#endif
