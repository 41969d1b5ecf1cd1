// SPDX-License-Identifier: GPL-2.0
/*
 * sites.json, as review reads it: one record per line (docs/scan-json.md,
 * "sites.json"), through jansson (jsonl.c).
 */
#include <stdlib.h>
#include <string.h>

#include "jsonl.h"
#include "review/review.h"

static void site_release(struct review_site *s)
{
	free(s->file);
	free(s->line);
	free(s->handler);
	free(s->verdict);
	free(s->strategy);
	free(s->reason_code);
	free(s->reason);
	free(s->driver);
	free(s->patch);
}

/* Every member review uses; a record without the first three is refused. */
static int site_from(json_t *obj, const struct jsonl_pos *pos,
		     struct review_site *s)
{
	if (jsonl_text(obj, "file", true, pos, &s->file) ||
	    jsonl_text(obj, "line", true, pos, &s->line) ||
	    jsonl_text(obj, "verdict", true, pos, &s->verdict) ||
	    jsonl_text(obj, "handler", false, pos, &s->handler) ||
	    jsonl_text(obj, "strategy", false, pos, &s->strategy) ||
	    jsonl_text(obj, "reason_code", false, pos, &s->reason_code) ||
	    jsonl_text(obj, "reason", false, pos, &s->reason) ||
	    jsonl_text(obj, "driver", false, pos, &s->driver) ||
	    jsonl_text(obj, "patch", false, pos, &s->patch))
		return -1;
	return 0;
}

static int add_site(json_t *obj, const struct jsonl_pos *pos, void *data)
{
	struct review_set *rs = data;
	struct review_site s = { NULL };

	if (site_from(obj, pos, &s)) {
		site_release(&s);
		return -1;
	}
	rs->sites = xrealloc(rs->sites, (rs->nr_sites + 1) * sizeof(s));
	rs->sites[rs->nr_sites++] = s;
	return 0;
}

int review_sites_parse(struct review_set *rs, const char *path,
		       const char *text)
{
	return jsonl_for_each(path, text, add_site, rs);
}

void review_sites_release(struct review_set *rs)
{
	size_t i;

	for (i = 0; i < rs->nr_sites; i++)
		site_release(&rs->sites[i]);
	free(rs->sites);
	rs->sites = NULL;
	rs->nr_sites = 0;
}

char *series_checksum(const char *data, size_t len)
{
	return xasprintf("%016llx", hash_bytes(HASH_INIT, data, len));
}
