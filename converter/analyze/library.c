// SPDX-License-Identifier: GPL-2.0
/*
 * Library handlers: which modules a change of a library's handler
 * changes, read from kbuild (the obj- lines that list the library object
 * with a driver's) and from the .c files that include the library's code.
 */
#include <dirent.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/library.h"
#include "analyze/lock-graph.h"
#include "analyze/module.h"
#include "ast/cursor.h"
#include "deps.h"

bool library_defines(const struct lock_module *lm, CXCursor def)
{
	ssize_t at;

	if (!lm || clang_Cursor_isNull(def))
		return false;
	at = lm_tu_of(lm, def);
	return at >= 0 && (size_t)at >= lm->nr_module_tus;
}

/* Sorted, so that the sentence does not depend on readdir() order. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void join(struct strbuf *sb, struct strvec *v)
{
	size_t i;

	qsort(v->v, v->nr, sizeof(*v->v), cmp_str);
	for (i = 0; i < v->nr; i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", v->v[i]);
}

/* The .c files of @dir, other than @self, whose text includes "@file". */
static void includers(const char *dir, const char *file, const char *self,
		      struct strvec *out)
{
	char *want = xasprintf("#include \"%s\"", file);
	DIR *dp = opendir(dir);
	struct dirent *de;

	deps_note_dir(dir);
	while (dp && (de = readdir(dp))) {
		char *path, *text;

		if (!ends_with(de->d_name, ".c") || !strcmp(de->d_name, self) ||
		    !strcmp(de->d_name, file))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		deps_note_file(path);
		text = read_file(path, NULL);
		if (text && strstr(text, want))
			strvec_push(out, de->d_name);
		free(text);
		free(path);
	}
	if (dp)
		closedir(dp);
	free(want);
}

char *library_describe(const struct lock_module *lm, CXCursor def,
		       CXCursor work)
{
	struct strbuf sb = STRBUF_INIT;
	struct strvec users = STRVEC_INIT, inc = STRVEC_INIT;
	char *path = cursor_file(def), *wpath = cursor_file(work);
	/* basename() first: dirname() may cut its argument short. */
	char *file = xstrdup(basename(path)), *wbase = xstrdup(basename(wpath));
	char *dir = xstrdup(dirname(path)), *base = xstrdup(file);

	(void)lm;
	if (strrchr(base, '.'))
		*strrchr(base, '.') = '\0';
	module_line_mates(dir, base, &users);
	strbuf_addf(&sb, "%s", base);
	if (users.nr) {
		strbuf_addstr(&sb, " (linked by ");
		join(&sb, &users);
		strbuf_addch(&sb, ')');
	}
	if (strcmp(wpath, path)) {
		includers(dir, wbase, file, &inc);
		if (inc.nr) {
			strbuf_addf(&sb, "; %s, where its work is written, is also included by ",
				    wbase);
			join(&sb, &inc);
		}
	}
	strvec_clear(&users);
	strvec_clear(&inc);
	free(wbase);
	free(base);
	free(file);
	free(dir);
	free(wpath);
	free(path);
	return strbuf_detach(&sb);
}
