// SPDX-License-Identifier: GPL-2.0
/*
 * Load a series directory: patches, sites.json, checksums, results.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "review/review.h"

static bool is_patch_name(const char *name)
{
	int i;

	for (i = 0; i < 4; i++)
		if (!isdigit((unsigned char)name[i]))
			return false;
	return name[4] == '-' && ends_with(name, ".patch") &&
	       strcmp(name, "0000-cover-letter.patch");
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The bullets of the body: "- " starts one, "  " continues it. */
static void parse_risks(struct review_patch *p, const char *body,
			const char *end)
{
	struct strbuf sb = STRBUF_INIT;
	const char *line, *nl;

	for (line = body; line < end; line = nl + 1) {
		nl = memchr(line, '\n', end - line);
		if (!nl)
			nl = end;
		if (starts_with(line, "- ")) {
			if (sb.len)
				strvec_push(&p->risks, sb.buf);
			strbuf_reset(&sb);
			strbuf_add(&sb, line + 2, nl - line - 2);
		} else if (starts_with(line, "  ") && sb.len) {
			strbuf_addch(&sb, ' ');
			strbuf_add(&sb, line + 2, nl - line - 2);
		} else if (sb.len) {
			strvec_push(&p->risks, sb.buf);
			strbuf_reset(&sb);
		}
	}
	if (sb.len)
		strvec_push(&p->risks, sb.buf);
	strbuf_release(&sb);
}

/* The Subject: line without its "[PATCH n/m] ", or the file name. */
static char *subject_of(const struct review_patch *p)
{
	const char *subj = strstr(p->text, "\nSubject: "), *close;
	size_t len;

	if (!subj)
		return xstrdup(p->file);
	subj += 10;
	len = strcspn(subj, "\n");
	close = *subj == '[' ? memchr(subj, ']', len) : NULL;
	if (close) {
		len -= close + 1 - subj;
		subj = close + 1;
		if (len && *subj == ' ') {
			subj++;
			len--;
		}
	}
	return xstrndup(subj, len);
}

static void parse_patch(struct review_patch *p)
{
	const char *body, *sob, *diff, *trailer;

	p->subject = subject_of(p);
	body = strstr(p->text, "\n\n");
	sob = strstr(p->text, "\nSigned-off-by: ");
	if (body && sob && body < sob)
		parse_risks(p, body + 2, sob + 1);
	diff = strstr(p->text, "\ndiff --git ");
	if (!diff) {
		p->diff = "";
		return;
	}
	p->diff = diff + 1;
	trailer = strstr(p->diff, "\n-- \n");
	p->diff_len = trailer ? (size_t)(trailer + 1 - p->diff) : strlen(p->diff);
}

static int load_sites(struct review_set *rs)
{
	char *path = xasprintf("%s/sites.json", rs->dir);
	char *text = read_file(path, NULL);
	int ret;

	if (!text) {
		error("'%s' has no sites.json: not a series written by 'irqconv convert -o'",
		      rs->dir);
		free(path);
		return -1;
	}
	ret = review_sites_parse(rs, path, text);
	free(text);
	free(path);
	return ret;
}

/* checksums: "<hex>  <file>" per line; a patch that differs was edited. */
static int check_sums(struct review_set *rs)
{
	char *path = xasprintf("%s/checksums", rs->dir);
	char *text = read_file(path, NULL), *line, *save = NULL;
	int ret = 0;
	size_t i;

	free(path);
	if (!text)
		return 0;	/* a series from before checksums existed */
	rs->has_checksums = true;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *name = strstr(line, "  ");
		bool found = false;

		if (!name || !is_patch_name(name + 2))
			continue;
		*name = '\0';
		name += 2;
		for (i = 0; i < rs->nr; i++) {
			struct review_patch *p = &rs->patches[i];
			char *sum;

			if (strcmp(p->file, name))
				continue;
			found = true;
			sum = series_checksum(p->text, strlen(p->text));
			p->edited = strcmp(sum, line) != 0;
			free(sum);
		}
		if (!found) {
			error("'%s/%s' is missing: convert wrote it, something removed it",
			      rs->dir, name);
			ret = -1;
		}
	}
	free(text);
	return ret;
}

static void load_results(struct review_set *rs, struct review_patch *p)
{
	char *base = xstrndup(p->file, strlen(p->file) - strlen(".patch"));
	char *path;

	p->results_name = xasprintf("results/%s.txt", base);
	path = xasprintf("%s/%s", rs->dir, p->results_name);
	p->results = read_file(path, NULL);
	free(path);
	free(base);
}

int review_set_load(struct review_set *rs, const char *dir)
{
	struct strvec names = STRVEC_INIT;
	struct dirent *de;
	struct stat st;
	DIR *d;
	size_t i;

	memset(rs, 0, sizeof(*rs));
	rs->dir = xstrdup(dir);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		error("'%s' is not a directory", dir);
		return -1;
	}
	if (load_sites(rs))
		return -1;
	d = opendir(dir);
	while (d && (de = readdir(d)))
		if (is_patch_name(de->d_name))
			strvec_push(&names, de->d_name);
	if (d)
		closedir(d);
	if (names.nr)
		qsort(names.v, names.nr, sizeof(*names.v), by_name);
	rs->patches = xcalloc(names.nr + 1, sizeof(*rs->patches));
	for (i = 0; i < names.nr; i++) {
		struct review_patch *p = &rs->patches[rs->nr];
		char *path = xasprintf("%s/%s", dir, names.v[i]);

		p->file = xstrdup(names.v[i]);
		p->text = read_file(path, NULL);
		free(path);
		if (!p->text) {
			error("cannot read '%s/%s': %s", dir, p->file,
			      strerror(errno));
			free(p->file);
			continue;
		}
		p->reason = xstrdup("");
		parse_patch(p);
		load_results(rs, p);
		rs->nr++;
	}
	strvec_clear(&names);
	if (check_sums(rs))
		return -1;
	return decisions_load(rs);
}

void review_set_release(struct review_set *rs)
{
	size_t i;

	for (i = 0; i < rs->nr; i++) {
		struct review_patch *p = &rs->patches[i];

		free(p->file);
		free(p->text);
		free(p->subject);
		strvec_clear(&p->risks);
		free(p->results);
		free(p->results_name);
		free(p->reason);
	}
	review_sites_release(rs);
	free(rs->patches);
	free(rs->dir);
}

const struct review_site *review_site_of(const struct review_set *rs,
					 const struct review_patch *p)
{
	size_t i;

	for (i = 0; i < rs->nr_sites; i++)
		if (!strcmp(rs->sites[i].patch, p->file))
			return &rs->sites[i];
	return NULL;
}

char *review_result(const struct review_patch *p, const char *key)
{
	size_t n = strlen(key);
	const char *line;

	for (line = p->results; line && *line;) {
		if (!strncmp(line, key, n) && line[n] == ':') {
			line += n + 1;
			while (*line == ' ')
				line++;
			return xstrndup(line, strcspn(line, "\n"));
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return NULL;
}
