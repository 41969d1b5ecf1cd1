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

/* The C files and headers of a directory, read once, comments blanked. */
struct dir_texts {
	struct strvec names;
	char **texts;		/* NULL where a file could not be read */
};

static int dir_texts_read(const char *dir, struct dir_texts *dt)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	memset(dt, 0, sizeof(*dt));
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char *path;

		if (!c_or_header(e->d_name))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		dt->texts = xrealloc(dt->texts,
				     (dt->names.nr + 1) * sizeof(*dt->texts));
		dt->texts[dt->names.nr] = read_file(path, NULL);
		if (dt->texts[dt->names.nr])
			blank_comments(dt->texts[dt->names.nr]);
		strvec_push(&dt->names, e->d_name);
		free(path);
	}
	closedir(d);
	return 0;
}

static void dir_texts_release(struct dir_texts *dt)
{
	size_t i;

	for (i = 0; i < dt->names.nr; i++)
		free(dt->texts[i]);
	free(dt->texts);
	strvec_clear(&dt->names);
}

static bool is_header(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".h");
}

/*
 * The headers of @dt through which a file sees @base: @base and every
 * header that includes one of them (ath11k's pcic.c reaches ce.h through
 * core.h).
 */
static void seeing_headers(const struct dir_texts *dt, const char *base,
			   struct strvec *seen)
{
	bool grew = true;
	size_t i;

	strvec_push(seen, base);
	while (grew) {
		grew = false;
		for (i = 0; i < dt->names.nr; i++) {
			const char *name = dt->names.v[i];

			if (!is_header(name) || strvec_has(seen, name) ||
			    !dt->texts[i] || !includes_any(dt->texts[i], seen))
				continue;
			strvec_push(seen, name);
			grew = true;
		}
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
	const char *skip_base = strrchr(skip, '/') ? strrchr(skip, '/') + 1 : skip;
	struct strvec seen = STRVEC_INIT;
	struct dir_texts dt;
	char *why = NULL;
	size_t i;

	if (dir_texts_read(dir, &dt))
		return xasprintf("%s cannot be listed: %s", dir, strerror(errno));
	seeing_headers(&dt, base, &seen);
	for (i = 0; i < dt.names.nr && !why; i++) {
		const char *name = dt.names.v[i], *text = dt.texts[i];
		bool header = !strcmp(name, base);
		unsigned int n;

		if (!strcmp(name, skip_base))
			continue;
		n = !text ? 1 :
		    !header && !includes_any(text, &seen) ? 0 :
		    word_count(text, member);
		if (n > (header ? 1u : 0u))
			why = xasprintf("%s names it too", name);
	}
	dir_texts_release(&dt);
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
