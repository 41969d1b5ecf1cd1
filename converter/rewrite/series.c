// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rewrite/outdir.h"
#include "rewrite/series.h"

/* The date git format-patch puts on its "From <sha>" line. */
#define MBOX_FROM "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"

void series_init(struct series *s, const char *author)
{
	memset(s, 0, sizeof(*s));
	s->author = xstrdup(author);
}

void series_release(struct series *s)
{
	size_t i, j;

	for (i = 0; i < s->nr; i++) {
		struct series_patch *p = &s->patches[i];

		free(p->subject);
		strbuf_release(&p->body);
		strbuf_release(&p->diff);
		for (j = 0; j < p->nr_files; j++)
			free(p->files[j].path);
		free(p->files);
	}
	strvec_clear(&s->extra_names);
	strvec_clear(&s->extra_texts);
	free(s->patches);
	free(s->author);
	free(s->cover_subject);
	strbuf_release(&s->cover_body);
}

void series_add_extra(struct series *s, const char *name, const char *text)
{
	strvec_push(&s->extra_names, name);
	strvec_push(&s->extra_texts, text);
}

struct series_patch *series_add(struct series *s, const char *subject)
{
	struct series_patch *p;

	if (s->nr == s->alloc) {
		s->alloc = s->alloc * 2 + 8;
		s->patches = xrealloc(s->patches, s->alloc * sizeof(*p));
	}
	p = &s->patches[s->nr++];
	memset(p, 0, sizeof(*p));
	p->subject = xstrdup(subject);
	return p;
}

void series_patch_add_file(struct series_patch *p, const char *path,
			   const char *old, size_t old_len,
			   const char *new, size_t new_len)
{
	struct series_file *f;

	p->files = xrealloc(p->files, (p->nr_files + 1) * sizeof(*f));
	f = &p->files[p->nr_files++];
	f->path = xstrdup(path);
	diff_unified(&p->diff, path, old, old_len, new, new_len, &f->stat);
}

char *series_slug(const char *subject)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	bool dash = false;

	for (p = subject; *p && sb.len < 52; p++) {
		if (isalnum((unsigned char)*p) || *p == '_' || *p == '.') {
			if (dash && sb.len)
				strbuf_addch(&sb, '-');
			dash = false;
			strbuf_addch(&sb, *p);
		} else {
			dash = true;
		}
	}
	return strbuf_detach(&sb);
}

static void add_diffstat(struct strbuf *sb, const struct series_file *files,
			 size_t nr)
{
	unsigned int ins = 0, del = 0;
	size_t i, width = 0;

	for (i = 0; i < nr; i++)
		if (strlen(files[i].path) > width)
			width = strlen(files[i].path);
	for (i = 0; i < nr; i++) {
		const struct diff_stat *st = &files[i].stat;
		unsigned int n = st->insertions + st->deletions, plus, minus;

		/* Scale the graph the way git does for a 80-column mail. */
		plus = st->insertions;
		minus = st->deletions;
		if (n > 50) {
			plus = (plus * 50 + n - 1) / n;
			minus = 50 - plus < minus ? 50 - plus : minus;
		}
		strbuf_addf(sb, " %-*s | %u ", (int)width, files[i].path, n);
		while (plus--)
			strbuf_addch(sb, '+');
		while (minus--)
			strbuf_addch(sb, '-');
		strbuf_addch(sb, '\n');
		ins += st->insertions;
		del += st->deletions;
	}
	strbuf_addf(sb, " %zu file%s changed", nr, nr == 1 ? "" : "s");
	if (ins)
		strbuf_addf(sb, ", %u insertion%s(+)", ins, ins == 1 ? "" : "s");
	if (del)
		strbuf_addf(sb, ", %u deletion%s(-)", del, del == 1 ? "" : "s");
	strbuf_addstr(sb, "\n");
}

static void mail_header(struct strbuf *sb, const struct series *s,
			unsigned int n, const char *subject)
{
	strbuf_addstr(sb, MBOX_FROM);
	strbuf_addf(sb, "From: %s\n", s->author);
	strbuf_addstr(sb, "Date: Mon, 1 Jan 2024 00:00:00 +0000\n");
	if (s->nr > 1 || s->cover_subject)
		strbuf_addf(sb, "Subject: [PATCH %u/%zu] %s\n\n", n, s->nr,
			    subject);
	else
		strbuf_addf(sb, "Subject: [PATCH] %s\n\n", subject);
}

static char *render_patch(const struct series *s, size_t i)
{
	const struct series_patch *p = &s->patches[i];
	struct strbuf sb = STRBUF_INIT;

	mail_header(&sb, s, i + 1, p->subject);
	if (p->body.len) {
		strbuf_add(&sb, p->body.buf, p->body.len);
		if (p->body.buf[p->body.len - 1] != '\n')
			strbuf_addch(&sb, '\n');
		strbuf_addch(&sb, '\n');
	}
	strbuf_addf(&sb, "Signed-off-by: %s\n---\n", s->author);
	add_diffstat(&sb, p->files, p->nr_files);
	strbuf_addch(&sb, '\n');
	strbuf_add(&sb, p->diff.buf ? p->diff.buf : "", p->diff.len);
	strbuf_addstr(&sb, "-- \nirqconv " IRQCONV_VERSION "\n\n");
	return strbuf_detach(&sb);
}

static char *render_cover(const struct series *s)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, MBOX_FROM);
	strbuf_addf(&sb, "From: %s\n", s->author);
	strbuf_addstr(&sb, "Date: Mon, 1 Jan 2024 00:00:00 +0000\n");
	strbuf_addf(&sb, "Subject: [PATCH 0/%zu] %s\n\n", s->nr,
		    s->cover_subject);
	strbuf_add(&sb, s->cover_body.buf ? s->cover_body.buf : "",
		   s->cover_body.len);
	strbuf_addstr(&sb, "\n-- \nirqconv " IRQCONV_VERSION "\n\n");
	return strbuf_detach(&sb);
}

static int write_in(const char *dir, const char *name, const char *data)
{
	char *path = xasprintf("%s/%s", dir, name);
	int ret = write_file_atomic(path, data, strlen(data));

	if (ret)
		error("cannot write '%s': %s", path, strerror(errno));
	free(path);
	return ret;
}

char *series_patch_file(const struct series *s, size_t i)
{
	char *slug = series_slug(s->patches[i].subject);
	char *name = xasprintf("%04zu-%s.patch", i + 1, slug);

	free(slug);
	return name;
}

int series_write(const struct series *s, const char *outdir)
{
	struct strbuf list = STRBUF_INIT, sums = STRBUF_INIT;
	char *tmp = outdir_temp_name(outdir);
	size_t i;
	int ret = -1;

	outdir_remove_stale(outdir);
	if (outdir_make_temp(tmp))
		goto out;
	/* Marks the directory as irqconv's: a later convert -o may replace it. */
	ret = write_in(tmp, OUTDIR_MARKER,
		       "A patch series written by 'irqconv convert -o': the next convert -o\n"
		       "into this directory replaces all of it.\n");
	if (ret)
		goto out_remove;
	if (s->cover_subject) {
		char *cover = render_cover(s);

		ret = write_in(tmp, "0000-cover-letter.patch", cover);
		free(cover);
		if (ret)
			goto out_remove;
	}
	for (i = 0; i < s->nr; i++) {
		char *name = series_patch_file(s, i);
		char *text = render_patch(s, i);

		ret = write_in(tmp, name, text);
		strbuf_addf(&list, "%s\n", name);
		strbuf_addf(&sums, "%016llx  %s\n",
			    hash_bytes(HASH_INIT, text, strlen(text)), name);
		free(name);
		free(text);
		if (ret)
			goto out_remove;
	}
	ret = write_in(tmp, "series", list.buf ? list.buf : "");
	if (!ret)
		ret = write_in(tmp, "checksums", sums.buf ? sums.buf : "");
	if (ret)
		goto out_remove;
	for (i = 0; i < s->extra_names.nr; i++) {
		ret = write_in(tmp, s->extra_names.v[i], s->extra_texts.v[i]);
		if (ret)
			goto out_remove;
	}
	ret = outdir_replace(tmp, outdir);
	goto out;

out_remove:
	remove_tree(tmp);
out:
	strbuf_release(&list);
	strbuf_release(&sums);
	free(tmp);
	return ret;
}

char *series_author_from_git(void)
{
	char name[256] = "", email[256] = "";
	FILE *fp;

	fp = popen("git config user.name 2>/dev/null", "r");
	if (fp) {
		if (!fgets(name, sizeof(name), fp))
			name[0] = '\0';
		pclose(fp);
	}
	fp = popen("git config user.email 2>/dev/null", "r");
	if (fp) {
		if (!fgets(email, sizeof(email), fp))
			email[0] = '\0';
		pclose(fp);
	}
	name[strcspn(name, "\n")] = '\0';
	email[strcspn(email, "\n")] = '\0';
	if (!*name || !*email)
		return NULL;
	return xasprintf("%s <%s>", name, email);
}
