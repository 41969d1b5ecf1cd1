// SPDX-License-Identifier: GPL-2.0
/*
 * Decisions into the series: `series` without the rejected patches, the
 * cover letter's summary marking them and counting what is left, and the
 * patches left numbered 1/N..N/N, as git send-email will mail them.
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

/*
 * In @text, the "[PATCH n/m]" of the Subject: header becomes @tag; false
 * when the header has no such prefix (a series of one: "[PATCH]").
 */
static bool retag_subject(struct strbuf *out, const char *text,
			  const char *tag)
{
	const char *head_end = strstr(text, "\n\n");
	const char *subj = strstr(text, "\nSubject: [PATCH ");
	const char *close;

	if (!subj || (head_end && subj > head_end))
		return false;
	subj += strlen("\nSubject: ");
	close = strchr(subj, ']');
	if (!close || memchr(subj, '\n', close - subj))
		return false;
	strbuf_add(out, text, subj - text);
	strbuf_addstr(out, tag);
	strbuf_addstr(out, close + 1);
	return true;
}

/*
 * checksums: the line of @file gets the sum of @text.  Only for patches
 * review itself renumbered, never for ones edited by hand, so a hand edit
 * stays visible.
 */
static void update_checksum(struct strbuf *sums, const char *file,
			    const char *text)
{
	char *key = xasprintf("  %s\n", file), *sum, *at;
	size_t start;

	at = sums->buf ? strstr(sums->buf, key) : NULL;
	if (at) {
		start = at - sums->buf;
		while (start > 0 && sums->buf[start - 1] != '\n')
			start--;
		sum = series_checksum(text, strlen(text));
		if ((size_t)(at - sums->buf) - start == strlen(sum))
			memcpy(sums->buf + start, sum, strlen(sum));
		free(sum);
	}
	free(key);
}

/* Each patch left in the series numbered n/N again, N what is left. */
static int renumber_patches(const struct review_set *rs, size_t total)
{
	char *path = xasprintf("%s/checksums", rs->dir);
	struct strbuf sums = STRBUF_INIT;
	char *old_sums = read_file(path, NULL);
	size_t i, n = 0;
	int ret = 0;

	if (old_sums)
		strbuf_addstr(&sums, old_sums);
	for (i = 0; i < rs->nr && !ret; i++) {
		const struct review_patch *p = &rs->patches[i];
		char *file = xasprintf("%s/%s", rs->dir, p->file);
		char *text = read_file(file, NULL);
		char *tag = xasprintf("[PATCH %zu/%zu]", ++n, total);
		struct strbuf out = STRBUF_INIT;

		if (p->state == REVIEW_REJECTED)
			n--;
		else if (text && retag_subject(&out, text, tag) &&
			 strcmp(out.buf, text)) {
			ret = write_in(rs->dir, p->file, out.buf, out.len);
			if (!p->edited)
				update_checksum(&sums, p->file, out.buf);
		}
		strbuf_release(&out);
		free(tag);
		free(text);
		free(file);
	}
	if (!ret && old_sums && strcmp(sums.buf, old_sums))
		ret = write_in(rs->dir, "checksums", sums.buf, sums.len);
	strbuf_release(&sums);
	free(old_sums);
	free(path);
	return ret;
}

/* "[PATCH 0/N]" and "K of M request sites converted" as review left them. */
static void recount_cover(struct strbuf *cover, const struct review_set *rs,
			  size_t total)
{
	struct strbuf out = STRBUF_INIT;
	size_t i, converted = 0;
	char *tag = xasprintf("[PATCH 0/%zu]", total), *at, *of, *end;

	for (i = 0; i < rs->nr_sites; i++)
		converted += !strcmp(rs->sites[i].verdict, "converted") &&
			     !patch_rejected(rs, rs->sites[i].patch);
	if (retag_subject(&out, cover->buf, tag)) {
		strbuf_release(cover);
		*cover = out;
	}
	memset(&out, 0, sizeof(out));
	end = strstr(cover->buf, " request sites converted");
	for (at = end; at && at > cover->buf && at[-1] != '\n'; at--)
		;
	of = at ? strstr(at, " of ") : NULL;
	if (of && of < end) {
		strbuf_add(&out, cover->buf, at - cover->buf);
		strbuf_addf(&out, "%zu", converted);
		strbuf_addstr(&out, of);
		strbuf_release(cover);
		*cover = out;
	}
	free(tag);
}

int review_apply_to_series(const struct review_set *rs)
{
	struct strbuf series = STRBUF_INIT, cover = STRBUF_INIT;
	char *path, *text;
	size_t i, total = 0;
	int ret;

	for (i = 0; i < rs->nr; i++)
		if (rs->patches[i].state != REVIEW_REJECTED) {
			strbuf_addf(&series, "%s\n", rs->patches[i].file);
			total++;
		}
	ret = write_in(rs->dir, "series", series.buf, series.len);
	strbuf_release(&series);
	if (!ret)
		ret = renumber_patches(rs, total);
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
	recount_cover(&cover, rs, total);
	if (strcmp(cover.buf, text))
		ret = write_in(rs->dir, "0000-cover-letter.patch", cover.buf,
			       cover.len);
	strbuf_release(&cover);
	free(text);
	return ret;
}
