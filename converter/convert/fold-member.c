// SPDX-License-Identifier: GPL-2.0
/*
 * A folded tasklet's member declared in the driver's own header: the
 * other files of the driver are not parsed with the handler's, so whether
 * anything else names the member is read from their text, conservatively:
 * any mention keeps it.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"
#include "util.h"

/* How often @word stands as a whole identifier in @buf. */
static unsigned int word_count(const char *buf, const char *word)
{
	size_t n = strlen(word);
	unsigned int count = 0;
	const char *p = buf;

	while ((p = strstr(p, word))) {
		if ((p == buf || !is_ident_char(p[-1])) && !is_ident_char(p[n]))
			count++;
		p += n;
	}
	return count;
}

static bool c_or_header(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && name[n - 2] == '.' &&
	       (name[n - 1] == 'c' || name[n - 1] == 'h');
}

/*
 * Blank out the comments of @text: a kernel-doc line or prose that says
 * "tasklet" is no use of the member.
 */
static void blank_comments(char *text)
{
	char *p = text, *end;

	while ((p = strchr(p, '/'))) {
		if (p[1] == '*') {
			end = strstr(p + 2, "*/");
			end = end ? end + 2 : p + strlen(p);
		} else if (p[1] == '/') {
			end = p + strcspn(p, "\n");
		} else {
			p++;
			continue;
		}
		for (; p < end; p++)
			if (*p != '\n')
				*p = ' ';
	}
}

/* Does @text #include the header named @base? */
static bool includes(const char *text, const char *base)
{
	const char *p = text;

	while ((p = strstr(p, "#include"))) {
		size_t line = strcspn(p, "\n");
		const char *b = strstr(p, base);

		if (b && (size_t)(b - p) < line && (b[-1] == '"' || b[-1] == '/' ||
						 b[-1] == '<'))
			return true;
		p += line;
	}
	return false;
}

/* Does @text #include one of the headers @seen? */
static bool includes_any(const char *text, const struct strvec *seen)
{
	size_t i;

	for (i = 0; i < seen->nr; i++)
		if (includes(text, seen->v[i]))
			return true;
	return false;
}

/*
 * The headers of @dir through which a file sees @base: @base and every
 * header that includes one of them (ath11k's pcic.c reaches ce.h through
 * core.h).
 */
static void seeing_headers(const char *dir, const char *base,
			   struct strvec *seen)
{
	bool grew = true;
	struct dirent *e;
	DIR *d;

	strvec_push(seen, base);
	while (grew && (d = opendir(dir))) {
		grew = false;
		while ((e = readdir(d))) {
			size_t n = strlen(e->d_name);
			char *path, *text;

			if (n < 3 || strcmp(e->d_name + n - 2, ".h") ||
			    strvec_has(seen, e->d_name))
				continue;
			path = xasprintf("%s/%s", dir, e->d_name);
			text = read_file(path, NULL);
			if (text) {
				blank_comments(text);
				if (includes_any(text, seen)) {
					strvec_push(seen, e->d_name);
					grew = true;
				}
			}
			free(text);
			free(path);
		}
		closedir(d);
	}
}

/*
 * Does a file of @dir other than @skip that sees @hfile name @member, or
 * @hfile name it twice?  A file that includes neither the header nor one
 * that includes it cannot see the structure: its `tasklet` is another one.
 */
static char *named_elsewhere(const char *dir, const char *hfile,
			     const char *skip, const char *member)
{
	const char *base = strrchr(hfile, '/') ? strrchr(hfile, '/') + 1 : hfile;
	struct strvec seen = STRVEC_INIT;
	DIR *d = opendir(dir);
	struct dirent *e;
	char *why = NULL;

	seeing_headers(dir, base, &seen);
	if (!d) {
		strvec_clear(&seen);
		return xasprintf("%s cannot be listed: %s", dir, strerror(errno));
	}
	while (!why && (e = readdir(d))) {
		char *path, *text;
		unsigned int n;

		if (!c_or_header(e->d_name))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (strcmp(path, skip)) {
			text = read_file(path, NULL);
			if (text)
				blank_comments(text);
			n = !text ? 1 :
			    strcmp(path, hfile) && !includes_any(text, &seen) ? 0 :
			    word_count(text, member);
			if (n > (strcmp(path, hfile) ? 0u : 1u))
				why = xasprintf("%s names it too", e->d_name);
			free(text);
		}
		free(path);
	}
	closedir(d);
	strvec_clear(&seen);
	return why;
}

char *fold_header_member_kept(const char *hfile, const char *cfile,
			      const char *member)
{
	const char *base = strrchr(hfile, '/') ? strrchr(hfile, '/') + 1 : hfile;
	char *hdir = dir_of(hfile), *cdir = dir_of(cfile), *why;
	size_t n = strlen(base);

	if (n < 2 || strcmp(base + n - 2, ".h") || strcmp(hdir, cdir))
		why = xasprintf("it is declared in %s, outside the driver's directory",
				base);
	else
		why = named_elsewhere(hdir, hfile, cfile, member);
	free(hdir);
	free(cdir);
	return why;
}
