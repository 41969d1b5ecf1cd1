// SPDX-License-Identifier: GPL-2.0
/*
 * What a convert run says of each request site: the table on a terminal,
 * one JSON object per site for --format=json and the series' sites.json.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/state.h"

void convert_print_table(const struct convert_state *st)
{
	size_t i;

	printf("%-52s %-28s %-16s %s\n", "SITE", "HANDLER", "VERDICT",
	       "STRATEGY / REASON");
	for (i = 0; i < st->nr_results; i++) {
		const struct site_result *r = &st->results[i];
		char *file = convert_patch_path(st, r->file);
		char *site = xasprintf("%s:%u", file, r->line);

		printf("%-52s %-28s %-16s %s\n", site, r->handler, r->verdict,
		       !strcmp(r->verdict, "converted") ? r->strategy : r->reason);
		free(site);
		free(file);
	}
}

static void json_string(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_addf(sb, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			strbuf_addf(sb, "\\u%04x", *s);
		else
			strbuf_addch(sb, *s);
	}
	strbuf_addch(sb, '"');
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

void convert_json_lines(const struct convert_state *st, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < st->nr_results; i++) {
		const struct site_result *r = &st->results[i];
		const char *patch = patch_of(st, r);
		struct strbuf sb = STRBUF_INIT;

		char *file = convert_patch_path(st, r->file);
		char *driver = convert_patch_path(st, r->driver);

		strbuf_addstr(&sb, "{\"file\":");
		json_string(&sb, file);
		strbuf_addf(&sb, ",\"line\":%u,\"handler\":", r->line);
		json_string(&sb, r->handler);
		strbuf_addstr(&sb, ",\"verdict\":");
		json_string(&sb, r->verdict);
		strbuf_addstr(&sb, ",\"strategy\":");
		json_string(&sb, r->strategy);
		strbuf_addstr(&sb, ",\"reason_code\":");
		json_string(&sb, r->reason_code);
		strbuf_addstr(&sb, ",\"reason\":");
		json_string(&sb, r->reason);
		strbuf_addstr(&sb, ",\"driver\":");
		json_string(&sb, driver);
		free(file);
		free(driver);
		if (r->benefit) {
			strbuf_addch(&sb, ',');
			strbuf_addstr(&sb, r->benefit);
		}
		if (patch) {
			strbuf_addstr(&sb, ",\"patch\":");
			json_string(&sb, patch);
		}
		strbuf_addstr(&sb, "}\n");
		strbuf_add(out, sb.buf, sb.len);
		strbuf_release(&sb);
	}
}

void convert_print_json(const struct convert_state *st)
{
	struct strbuf sb = STRBUF_INIT;

	convert_json_lines(st, &sb);
	fputs(sb.buf ? sb.buf : "", stdout);
	strbuf_release(&sb);
}
