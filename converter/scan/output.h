/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_SCAN_OUTPUT_H
#define IRQCONV_SCAN_OUTPUT_H

/*
 * The results of one file as text, the form workers hand to the parent and
 * the cache keeps: one "J <json>" line (docs/scan-json.md) followed by one
 * "T <tab-separated summary>" line per record.  The parent prints the JSON
 * lines, or a table and counts made from the summary lines.
 */
#include <stdio.h>

#include "model/site.h"

/* Append the records of @s (one site) to @out. */
void scan_site_records(const struct scan_site *s, struct strbuf *out);
/* A site-less record: the file could not be analysed at all. */
void scan_file_failure(const char *file, bool not_in_config,
		       enum reason r, const char *why, struct strbuf *out);
/* The same for a file that @tree (an ARCH, or NULL: none) builds. */
void scan_file_failure_in(const char *file, const char *tree, enum reason r,
			  const char *why, struct strbuf *out);

/* One summary line, split. */
struct scan_row {
	char *file, *line, *call, *handler, *verdict, *strategy, *code,
	     *reason, *tree;
};

/* Printing: @records is the concatenated text of all files, in order. */
void scan_print_json(const char *records, FILE *out);
void scan_print_table(const char *records, FILE *out);
void scan_print_summary(const char *records, size_t files, FILE *out);

#endif
