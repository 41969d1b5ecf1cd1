/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_PATCHES_STATE_H
#define IRQCONV_PATCHES_STATE_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "jsonl.h"
#include "kbuild.h"
#include "rewrite/edit.h"
#include "util.h"

/* What happened to one request site. */
struct site_result {
	char *file;
	unsigned int line;
	char *handler;
	char *verdict;		/* converted, refused */
	char *strategy;
	const char *reason_code;
	char *reason;
	char *driver;		/* the directory of its driver */
	char *module;		/* and its kbuild module */
	json_t *benefit;	/* "benefit" and "moved", or NULL */
	const char *tree;	/* ARCH of the kbuild tree that builds it, or NULL */
};

/* The new contents of one file. */
struct changed_file {
	char *relpath;
	char *old;
	size_t old_len;
	struct edit_list edits;
};

/*
 * One driver, the kbuild module of a converted file (patches/module.h):
 * its changed files and what to say about them, one patch.  Modules whose
 * conversions change one file (a header they share) are one driver, so
 * that every patch applies on its own: @also names the others.
 */
/* What the closing paragraph of a patch asks a reviewer to test. */
enum {
	TEST_SHARED = 1,	/* a line that is not masked: storms */
	TEST_ONESHOT = 2,
	TEST_MSI = 4,		/* MSI and INTx */
	TEST_TEARDOWN = 8,	/* work folded into the thread */
	TEST_NETPOLL = 16,
};

struct driver {
	char *dir;
	char *module;
	struct strvec also;
	struct changed_file *files;
	size_t nr_files;
	struct strbuf body;
	unsigned int nr_converted;
	unsigned int nr_staged;	/* of them, given a quick check only */
	unsigned int tests;	/* TEST_*: what a reviewer should test */
	char *patch;		/* its file in the series, once written */
};

struct convert_state {
	struct kbuild kb;
	CXIndex index;
	struct strvec strategies;
	struct site_result *results;
	size_t nr_results;
	struct driver *drivers;
	size_t nr_drivers;
	bool json;
	char *date;		/* of the mails, RFC 2822; NULL for now */
	bool all;		/* --all: emit no-gain sites too */
	/* --scan-json: scan's records of the files parsed (scan/output.h) */
	struct strbuf *scan_records;
	unsigned int nr_unparsed;	/* input files that do not parse */
	const char *tree;	/* of the file being converted (owned by kb) */
};

/* Whether the site @r is one of the driver @d. */
bool convert_result_of(const struct site_result *r, const struct driver *d);
/* The driver of the kbuild module that links @relpath, made on first use. */
struct driver *convert_driver_for(struct convert_state *st, const char *relpath);
/*
 * The changed file @relpath of the driver of @unit (the converted C file),
 * made on first use; a file another driver changes already joins the two
 * drivers (which moves the drivers and their files).
 */
struct changed_file *convert_file_for(struct convert_state *st,
				      const char *unit, const char *relpath);
/*
 * The text of the header @relpath the edits of a split are made against:
 * what a driver that changes it started from, else the file.
 */
char *convert_header_text(struct convert_state *st, const char *relpath);
/*
 * Convert the request sites of @relpath (a kbuild_for_each_file() callback,
 * @data the convert_state); a file that does not parse is counted.
 */
int convert_file(struct kbuild *kb, const char *relpath, void *data);
/* -1, after a message, when a --strategy names no request site found. */
int convert_check_strategies(const struct convert_state *st);

/* A file's name in the table, the JSON and the cover letter. */
char *convert_patch_path(const struct convert_state *st, const char *relpath);
/* A file's name in a patch, for `git am` at the top of its tree. */
char *convert_diff_path(const struct convert_state *st, const char *relpath);
/* The mode git records for @relpath. */
unsigned int convert_file_mode(const struct convert_state *st,
			       const char *relpath);

/* The site results as a table or as JSON lines on stdout. */
void convert_print_table(const struct convert_state *st);
void convert_print_json(const struct convert_state *st);
/* One JSON object per site and line, as --format=json and sites.json have them. */
void convert_json_lines(const struct convert_state *st, struct strbuf *out);

/* The patch series of every driver with a converted site, into @outdir. */
int convert_write_series(struct convert_state *st, const char *outdir,
			 const char *author);

#endif
