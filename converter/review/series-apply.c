// SPDX-License-Identifier: GPL-2.0
/*
 * Decisions into the series: `series` without the rejected patches, and the
 * cover letter's summary marking them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "review/review.h"

#define CONVERTED "converted"
#define REJECTED "rejected in review"

static bool patch_rejected(const struct review_set *rs, const char *file)
{
	size_t i;

	for (i = 0; i < rs->nr; i++)
		if (!strcmp(rs->patches[i].file, file))
			return rs->patches[i].state == REVIEW_REJECTED;
	return false;
}

/* In "  FILE:LINE HANDLER(): converted, ...", swap the verdict word. */
static void mark_site(struct strbuf *cover, const struct review_site *s,
		      bool rejected)
{
	char *key = xasprintf("  %s:%s %s():", s->file, s->line, s->handler);
	const char *from = rejected ? CONVERTED "," : REJECTED ",";
	const char *to = rejected ? REJECTED "," : CONVERTED ",";
	char *at = strstr(cover->buf, key);
	struct strbuf out = STRBUF_INIT;
	size_t pos;

	if (!at)
		goto out;
	pos = at - cover->buf + strlen(key);
	while (pos < cover->len && strchr(" \n", cover->buf[pos]))
		pos++;
	if (strncmp(cover->buf + pos, from, strlen(from)))
		goto out;
	strbuf_add(&out, cover->buf, pos);
	strbuf_addstr(&out, to);
	strbuf_addstr(&out, cover->buf + pos + strlen(from));
	strbuf_release(cover);
	*cover = out;
out:
	free(key);
}

static int write_in(const char *dir, const char *name, const char *data,
		    size_t len)
{
	char *path = xasprintf("%s/%s", dir, name);
	int ret = write_file_atomic(path, data ? data : "", len);

	if (ret)
		error("cannot write '%s': %s", path, strerror(errno));
	free(path);
	return ret;
}

int review_apply_to_series(const struct review_set *rs)
{
	struct strbuf series = STRBUF_INIT, cover = STRBUF_INIT;
	char *path, *text;
	size_t i;
	int ret;

	for (i = 0; i < rs->nr; i++)
		if (rs->patches[i].state != REVIEW_REJECTED)
			strbuf_addf(&series, "%s\n", rs->patches[i].file);
	ret = write_in(rs->dir, "series", series.buf, series.len);
	strbuf_release(&series);
	if (ret)
		return ret;
	path = xasprintf("%s/0000-cover-letter.patch", rs->dir);
	text = read_file(path, NULL);
	free(path);
	if (!text)
		return 0;	/* a series of one patch has none */
	strbuf_addstr(&cover, text);
	for (i = 0; i < rs->nr_sites; i++)
		if (*rs->sites[i].patch)
			mark_site(&cover, &rs->sites[i],
				  patch_rejected(rs, rs->sites[i].patch));
	if (strcmp(cover.buf, text))
		ret = write_in(rs->dir, "0000-cover-letter.patch", cover.buf,
			       cover.len);
	strbuf_release(&cover);
	free(text);
	return ret;
}
