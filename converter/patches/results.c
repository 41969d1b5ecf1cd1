// SPDX-License-Identifier: GPL-2.0
/*
 * What a convert run says of each request site: the table on a terminal,
 * one JSON object per site for --format=json and the series' sites.json.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "patches/state.h"

void convert_print_table(const struct convert_state *st)
{
	size_t i;

	printf("%-52s %-28s %-16s %s\n", "SITE", "HANDLER", "VERDICT",
	       "STRATEGY / REASON");
	for (i = 0; i < st->nr_results; i++) {
		const struct site_result *r = &st->results[i];
		char *file = convert_patch_path(st, r->file);
		struct strbuf site = STRBUF_INIT;

		strbuf_addf(&site, "%s:%u", file, r->line);
		if (r->tree)
			kbuild_tree_note(&st->kb, r->tree, &site);
		printf("%-52s %-28s %-16s %s\n", site.buf, r->handler, r->verdict,
		       !strcmp(r->verdict, "converted") ? r->strategy : r->reason);
		strbuf_release(&site);
		free(file);
	}
}

static const char *patch_of(const struct convert_state *st,
			    const struct site_result *r)
{
	size_t i;

	if (strcmp(r->verdict, "converted"))
		return NULL;
	for (i = 0; i < st->nr_drivers; i++)
		if (convert_result_of(r, &st->drivers[i]))
			return st->drivers[i].patch;
	return NULL;
}

/* The record of @r (docs/scan-json.md, "convert"). */
static json_t *site_json(const struct convert_state *st,
			 const struct site_result *r)
{
	json_t *obj = jsonl_object();
	const char *patch = patch_of(st, r);
	char *file = convert_patch_path(st, r->file);
	char *driver = convert_patch_path(st, r->driver);

	jsonl_set_string(obj, "file", file);
	jsonl_set_uint(obj, "line", r->line);
	jsonl_set_string(obj, "handler", r->handler);
	jsonl_set_string(obj, "verdict", r->verdict);
	jsonl_set_string(obj, "strategy", r->strategy);
	jsonl_set_string(obj, "reason_code", r->reason_code);
	jsonl_set_string(obj, "reason", r->reason);
	jsonl_set_string(obj, "driver", driver);
	jsonl_set_string(obj, "tree", r->tree);
	if (r->benefit && json_object_update(obj, r->benefit))
		die("out of memory writing the record of '%s'", file);
	if (patch)
		jsonl_set_string(obj, "patch", patch);
	free(file);
	free(driver);
	return obj;
}

void convert_json_lines(const struct convert_state *st, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < st->nr_results; i++)
		jsonl_append(out, site_json(st, &st->results[i]));
}

void convert_print_json(const struct convert_state *st)
{
	struct strbuf sb = STRBUF_INIT;

	convert_json_lines(st, &sb);
	fputs(sb.buf ? sb.buf : "", stdout);
	strbuf_release(&sb);
}
