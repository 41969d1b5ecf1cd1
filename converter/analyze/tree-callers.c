// SPDX-License-Identifier: GPL-2.0
/*
 * Callers of a requesting function in other files of the tree: read by
 * name first (a text search of the directory), then parsed.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-graph.h"
#include "analyze/module.h"
#include "analyze/sites.h"
#include "analyze/tree-callers.h"
#include "deps.h"
#include "tu.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether the text of @path calls @name: "name(" after a non-identifier. */
static bool text_calls(const char *path, const char *name)
{
	char *text = read_file(path, NULL), *p, *want;
	size_t n;
	bool hit = false;

	deps_note_file(path);
	if (!text)
		return false;
	want = xasprintf("%s(", name);
	n = strlen(name);
	for (p = strstr(text, want); p && !hit; p = strstr(p + n, want))
		hit = p == text || !(p[-1] == '_' || isalnum((unsigned char)p[-1]));
	free(want);
	free(text);
	return hit;
}

/* Whether @relpath is open already, as the scanned file, the module's or here. */
static bool is_open(struct scan_tu *st, const char *relpath)
{
	struct lock_module *lm = st->lm;
	size_t i;

	if (!strcmp(relpath, st->relpath))
		return true;
	for (i = 0; lm && i < lm->nr_tus; i++)
		if (!strcmp(lm->tus[i].relpath, relpath))
			return true;
	for (i = 0; st->callers && i < st->callers->nr; i++)
		if (!strcmp(st->callers->tus[i].relpath, relpath))
			return true;
	return false;
}

static void open_one(struct scan_tu *st, const char *relpath)
{
	struct tree_callers *tc = st->callers;
	struct tu *t;

	if (tc->nr >= TREE_CALLERS_MAX) {
		tc->skipped++;
		return;
	}
	tc->tus = xrealloc(tc->tus, (tc->nr + 1) * sizeof(*tc->tus));
	t = &tc->tus[tc->nr];
	if (!tu_parse(st->index, st->kb, relpath, t) && !t->nr_errors)
		tc->nr++;
	else
		tu_release(t);
}

size_t tree_callers_open(struct scan_tu *st, CXCursor fn)
{
	const char *slash = strrchr(st->relpath, '/');
	char *reldir = xstrndup(st->relpath, slash ? slash - st->relpath + 1 : 0);
	char *dir = xasprintf("%s/%s", st->src, reldir);
	char *name = cxstring_take(clang_getCursorSpelling(fn));
	struct strvec files = STRVEC_INIT;
	struct dirent *de;
	DIR *dp;
	size_t i;

	if (!st->kb || !st->index || !st->tu)
		goto out;
	if (!st->callers)
		st->callers = xcalloc(1, sizeof(*st->callers));
	scan_tu_lock_module(st);
	deps_note_dir(dir);
	dp = opendir(dir);
	while (dp && (de = readdir(dp)))
		if (ends_with(de->d_name, ".c"))
			strvec_push(&files, de->d_name);
	if (dp)
		closedir(dp);
	qsort(files.v, files.nr, sizeof(*files.v), cmp_str);
	for (i = 0; i < files.nr; i++) {
		char *rel = xasprintf("%s%s", reldir, files.v[i]);
		char *path = xasprintf("%s%s", dir, files.v[i]);

		if (!is_open(st, rel) && text_calls(path, name))
			open_one(st, rel);
		free(path);
		free(rel);
	}
out:
	strvec_clear(&files);
	free(name);
	free(dir);
	free(reldir);
	return st->callers ? st->callers->nr : 0;
}

const struct tu *tree_callers_tu_of(const struct scan_tu *st, CXCursor def)
{
	CXTranslationUnit unit = clang_Cursor_getTranslationUnit(def);
	size_t i;

	for (i = 0; st->callers && i < st->callers->nr; i++)
		if (st->callers->tus[i].unit == unit)
			return &st->callers->tus[i];
	return NULL;
}

void tree_callers_close(struct scan_tu *st)
{
	size_t i;

	if (!st->callers)
		return;
	for (i = 0; i < st->callers->nr; i++)
		tu_release(&st->callers->tus[i]);
	free(st->callers->tus);
	free(st->callers);
	st->callers = NULL;
}
