// SPDX-License-Identifier: GPL-2.0
/* strptime() */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rewrite/outdir.h"
#include "rewrite/series.h"

/* The date git format-patch puts on its "From <sha>" line. */
#define MBOX_FROM "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"

void series_init(struct series *s, const char *author)
{
	memset(s, 0, sizeof(*s));
	s->author = xstrdup(author);
	s->date = series_date(NULL);
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
		strvec_clear(&p->to);
		strvec_clear(&p->cc);
	}
	strvec_clear(&s->extra_names);
	strvec_clear(&s->extra_texts);
	free(s->patches);
	free(s->author);
	free(s->date);
	free(s->base_commit);
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
			   unsigned int mode,
			   const char *old, size_t old_len,
			   const char *new, size_t new_len)
{
	struct series_file *f;

	p->files = xrealloc(p->files, (p->nr_files + 1) * sizeof(*f));
	f = &p->files[p->nr_files++];
	f->path = xstrdup(path);
	diff_unified(&p->diff, path, mode, old, old_len, new, new_len,
		     &f->stat);
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

/* "To: a,\n    b" as git format-patch folds an address list. */
static void add_addresses(struct strbuf *sb, const char *field,
			  const struct strvec *v)
{
	size_t i;

	if (!v->nr)
		return;
	strbuf_addf(sb, "%s: ", field);
	for (i = 0; i < v->nr; i++)
		strbuf_addf(sb, "%s%s", i ? ",\n    " : "", v->v[i]);
	strbuf_addch(sb, '\n');
}

static void mail_header(struct strbuf *sb, const struct series *s,
			unsigned int n, const char *subject,
			const struct strvec *to, const struct strvec *cc)
{
	strbuf_addstr(sb, MBOX_FROM);
	strbuf_addf(sb, "From: %s\n", s->author);
	strbuf_addf(sb, "Date: %s\n", s->date);
	if (s->nr > 1 || s->cover_subject)
		strbuf_addf(sb, "Subject: [PATCH %u/%zu] %s\n", n, s->nr,
			    subject);
	else
		strbuf_addf(sb, "Subject: [PATCH] %s\n", subject);
	add_addresses(sb, "To", to);
	add_addresses(sb, "Cc", cc);
	strbuf_addch(sb, '\n');
}

static char *render_patch(const struct series *s, size_t i)
{
	const struct series_patch *p = &s->patches[i];
	struct strbuf sb = STRBUF_INIT;

	mail_header(&sb, s, i + 1, p->subject, &p->to, &p->cc);
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

char *series_render_patch(const struct series *s, size_t i)
{
	return render_patch(s, i);
}

/* Everyone a patch goes to gets the cover letter: To before Cc, once. */
static void cover_recipients(const struct series *s, struct strvec *to,
			     struct strvec *cc)
{
	size_t i, j;

	for (i = 0; i < s->nr; i++)
		for (j = 0; j < s->patches[i].to.nr; j++)
			if (!strvec_has(to, s->patches[i].to.v[j]))
				strvec_push(to, s->patches[i].to.v[j]);
	for (i = 0; i < s->nr; i++)
		for (j = 0; j < s->patches[i].cc.nr; j++)
			if (!strvec_has(to, s->patches[i].cc.v[j]) &&
			    !strvec_has(cc, s->patches[i].cc.v[j]))
				strvec_push(cc, s->patches[i].cc.v[j]);
}

static char *render_cover(const struct series *s)
{
	struct strvec to = STRVEC_INIT, cc = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	cover_recipients(s, &to, &cc);
	strbuf_addstr(&sb, MBOX_FROM);
	strbuf_addf(&sb, "From: %s\n", s->author);
	strbuf_addf(&sb, "Date: %s\n", s->date);
	strbuf_addf(&sb, "Subject: [PATCH 0/%zu] %s\n", s->nr,
		    s->cover_subject);
	add_addresses(&sb, "To", &to);
	add_addresses(&sb, "Cc", &cc);
	strbuf_addch(&sb, '\n');
	strbuf_add(&sb, s->cover_body.buf ? s->cover_body.buf : "",
		   s->cover_body.len);
	strbuf_addch(&sb, '\n');
	/* Where format-patch --base puts it: the tree the series is for. */
	if (s->base_commit)
		strbuf_addf(&sb, "base-commit: %s\n", s->base_commit);
	strbuf_addstr(&sb, "-- \nirqconv " IRQCONV_VERSION "\n\n");
	strvec_clear(&to);
	strvec_clear(&cc);
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

bool series_author_valid(const char *author)
{
	const char *lt = strchr(author, '<'), *at, *gt;

	if (!lt || lt == author || lt[-1] != ' ')
		return false;
	at = strchr(lt, '@');
	gt = strchr(lt, '>');
	if (!at || !gt || at == lt + 1 || gt == at + 1 || at > gt || gt[1])
		return false;
	if (strcspn(author, "<>\n") != (size_t)(lt - author) ||
	    strcspn(lt + 1, "<> \t\n") != (size_t)(gt - lt - 1))
		return false;
	return author[strspn(author, " \t")] != '<';
}

/* @t in the zone @off seconds east of UTC, as a mail's Date: has it. */
static char *rfc2822(time_t t, long off)
{
	static const char *const days[] = {
		"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat",
	};
	static const char *const months[] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
	};
	time_t local = t + off;
	long a = off < 0 ? -off : off;
	struct tm tm;

	gmtime_r(&local, &tm);
	return xasprintf("%s, %d %s %d %02d:%02d:%02d %c%02ld%02ld",
			 days[tm.tm_wday], tm.tm_mday, months[tm.tm_mon],
			 tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec,
			 off < 0 ? '-' : '+', a / 3600, a / 60 % 60);
}

char *series_date(const char *spec)
{
	static const char *const formats[] = {
		"%a, %d %b %Y %H:%M:%S %z",
		"%d %b %Y %H:%M:%S %z",
		"%Y-%m-%d %H:%M:%S %z",
		"%Y-%m-%dT%H:%M:%S%z",
		"%Y-%m-%d %H:%M:%S",
		"%Y-%m-%d",
	};
	struct tm tm;
	time_t t;
	size_t i;
	char *end;
	long off;

	if (!spec) {
		t = time(NULL);
		localtime_r(&t, &tm);
		return rfc2822(t, tm.tm_gmtoff);
	}
	if (spec[0] == '@' && spec[1]) {
		long long secs = strtoll(spec + 1, &end, 10);

		return *end || secs < 0 ? NULL : rfc2822((time_t)secs, 0);
	}
	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		memset(&tm, 0, sizeof(tm));
		end = strptime(spec, formats[i], &tm);
		if (!end || *end)
			continue;
		/* timegm() normalises @tm, its tm_gmtoff too: read it first. */
		off = tm.tm_gmtoff;
		return rfc2822(timegm(&tm) - off, off);
	}
	return NULL;
}
