/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REWRITE_SERIES_H
#define IRQCONV_REWRITE_SERIES_H

#include "rewrite/diff.h"
#include "util.h"

/*
 * A patch series in `git format-patch` form: NNNN-subject.patch files, a
 * 0000-cover-letter.patch and a quilt-style `series` file, written to a
 * directory that appears whole or not at all.
 */
struct series_file {
	char *path;
	struct diff_stat stat;
};

struct series_patch {
	char *subject;		/* without "[PATCH n/m]" */
	struct strbuf body;	/* commit message body, before Signed-off-by */
	struct strbuf diff;	/* diff_unified() output of every file */
	struct series_file *files;
	size_t nr_files;
	struct strvec to;	/* recipients, "Name <email>" or a list */
	struct strvec cc;
};

struct series {
	char *author;		/* "Name <email>" */
	char *date;		/* of every mail, RFC 2822 */
	char *base_commit;	/* the kernel tree's commit, or NULL */
	struct strvec extra_names;	/* other files written beside the patches */
	struct strvec extra_texts;
	char *cover_subject;
	struct strbuf cover_body;
	struct series_patch *patches;
	size_t nr;
	size_t alloc;
};

/* The mails are dated now until @s->date is replaced (series_date()). */
void series_init(struct series *s, const char *author);
void series_release(struct series *s);
struct series_patch *series_add(struct series *s, const char *subject);

/* Write @text as @name into the series directory too (sites.json). */
void series_add_extra(struct series *s, const char *name, const char *text);

/* Add one file's change to @p: its diff and diffstat line; @mode as git's. */
void series_patch_add_file(struct series_patch *p, const char *path,
			   unsigned int mode,
			   const char *old, size_t old_len,
			   const char *new, size_t new_len);

/*
 * Write @s into @outdir, a new or empty directory or one an earlier run
 * wrote (outdir_check()), with OUTDIR_MARKER and the checksums of the
 * patches.  The files are written to a sibling temporary directory first
 * and swapped into place in one rename, so @outdir never holds half a
 * series; anything else at @outdir is left alone and is an error.
 */
int series_write(const struct series *s, const char *outdir);

/* "Name <email>" from git config, or NULL when git has none. */
char *series_author_from_git(void);

/*
 * Whether @author is "Name <local@domain>", the form git am takes for the
 * From: line: a name, an address in angle brackets, nothing after.
 */
bool series_author_valid(const char *author);

/*
 * @spec as the RFC 2822 date of a mail ("Mon, 1 Jan 2024 00:00:00 +0000"),
 * NULL when it is none of: an RFC 2822 date, "YYYY-MM-DD[ HH:MM:SS [+ZZZZ]]",
 * "YYYY-MM-DDTHH:MM:SS+ZZ:ZZ", "@SECONDS" (since the epoch, UTC).  A NULL
 * @spec is now, in the local time zone.
 */
char *series_date(const char *spec);

/* The text of patch @i (0-based) as series_write() writes it. */
char *series_render_patch(const struct series *s, size_t i);

/* The file name of patch @i (0-based) in the series directory. */
char *series_patch_file(const struct series *s, size_t i);

/* A file name for @subject, as format-patch makes them. */
char *series_slug(const char *subject);

#endif
