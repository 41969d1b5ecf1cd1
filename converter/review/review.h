/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REVIEW_REVIEW_H
#define IRQCONV_REVIEW_REVIEW_H

#include <stdbool.h>

#include "util.h"

/*
 * A series directory written by `irqconv convert -o OUTDIR`, as review and
 * report see it: the patches (NNNN-*.patch but the cover letter), the sites
 * of sites.json, the checksums convert recorded, the test results batch left
 * in OUTDIR/results/ and the decisions of earlier reviews (OUTDIR/review.txt).
 */

/* One line of sites.json. */
struct review_site {
	char *file;
	char *line;
	char *handler;
	char *verdict;		/* converted, refused, already_threaded */
	char *strategy;
	char *reason_code;
	char *reason;
	char *driver;
	char *patch;		/* "" when the site has none */
};

enum review_state {
	REVIEW_PENDING,
	REVIEW_ACCEPTED,
	REVIEW_REJECTED,
	REVIEW_SKIPPED,
};

struct review_patch {
	char *file;		/* 0001-edu-convert-....patch */
	char *text;		/* the whole file */
	char *subject;		/* without "[PATCH n/m]" */
	struct strvec risks;	/* the bullets of the body, unwrapped */
	const char *diff;	/* into text: from the first "diff --git" */
	size_t diff_len;
	char *results;		/* OUTDIR/results/NNNN-slug.txt, or NULL */
	char *results_name;	/* its name relative to OUTDIR */
	bool edited;		/* differs from the checksum convert recorded */
	enum review_state state;
	char *reason;		/* of the decision, "" when none */
};

struct review_set {
	char *dir;
	struct review_patch *patches;
	size_t nr;
	struct review_site *sites;
	size_t nr_sites;
	bool has_checksums;
};

/* 0, or -1 after an error() that says what is wrong with @dir. */
int review_set_load(struct review_set *rs, const char *dir);
void review_set_release(struct review_set *rs);

/* The first site of @p in sites.json, or NULL. */
const struct review_site *review_site_of(const struct review_set *rs,
					 const struct review_patch *p);

/* A value of "key: value" lines in @p's results ("compile"), or NULL. */
char *review_result(const struct review_patch *p, const char *key);

/*
 * review.txt: one line per decided patch, "<patch-file> accepted|rejected|
 * skipped <reason>".  Lines naming patches that are no longer in the
 * directory are kept as they are.
 */
const char *review_state_name(enum review_state s);
int decisions_load(struct review_set *rs);
int decisions_save(const struct review_set *rs);

/*
 * Make OUTDIR/series list the patches that were not rejected and mark the
 * rejected ones in the cover letter's summary (and unmark patches accepted
 * again); the cover letter's [PATCH 0/N] and site count and the [PATCH
 * n/N] of the patches left follow.  Patch files stay; the checksums of
 * patches renumbered here follow too, unless they were edited by hand.
 */
int review_apply_to_series(const struct review_set *rs);

/*
 * The records of sites.json (@text, read from @path), added to @rs->sites:
 * 0, or -1 after an error naming the file and the line.  Members review
 * does not use are left alone; one it uses of the wrong type is an error.
 */
int review_sites_parse(struct review_set *rs, const char *path,
		       const char *text);
void review_sites_release(struct review_set *rs);

/* Checksums of the series files, as `irqconv convert` records them. */
char *series_checksum(const char *data, size_t len);

/* OUTDIR/report.html: summary table with filters, diffs, facts, logs. */
int review_html_write(const struct review_set *rs);

/*
 * One report of several series at ;  is the directory of
 * sets[i] relative to the directory of , with a final slash ("" when
 * the same), prefixed to its links and anchors.
 */
int review_html_write_many(const char *path, const struct review_set *sets,
			   size_t n, const char *const *rel);

#endif
