// SPDX-License-Identifier: GPL-2.0
/*
 * Handlers defined in another file of the same directory: ne2k-pci.c
 * installs ei_interrupt, which 8390.c defines (through lib8390.c, which it
 * includes).  The sibling files whose text names the handler are parsed
 * with their own kbuild flags until one defines it, and the handler is
 * analysed there.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/sites.h"
#include "deps.h"
#include "judge/elsewhere.h"
#include "judge/judge.h"
#include "tu.h"

struct def_find {
	struct scan_tu *st;
	const char *name;
	const char *dir;	/* relative to the source tree, with a '/' */
	CXCursor def;
};

static enum CXChildVisitResult find_def(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct def_find *d = data;
	char *name, *file;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	name = cxstring_take(clang_getCursorSpelling(c));
	if (strcmp(name, d->name)) {
		free(name);
		return CXChildVisit_Continue;
	}
	free(name);
	file = cx_file_of(d->st, c);
	/* Only a definition of the driver's own directory, not a header's. */
	if (starts_with(file, d->dir) && !strchr(file + strlen(d->dir), '/')) {
		d->def = c;
		free(file);
		return CXChildVisit_Break;
	}
	free(file);
	return CXChildVisit_Continue;
}

static bool mentions(struct kbuild *kb, const char *relpath, const char *name)
{
	char *path = xasprintf("%s/%s", kb->src, relpath);
	char *data = read_file(path, NULL);
	bool ret = data && strstr(data, name);

	deps_note_file(path);
	free(path);
	free(data);
	return ret;
}

/* Analyse @s's handler in sibling @relpath if it defines it. */
static bool try_file(struct kbuild *kb, CXIndex index, const char *relpath,
		     const char *dir, struct scan_site *s,
		     const struct scan_sites *all)
{
	struct def_find d = { NULL, s->handler, dir, clang_getNullCursor() };
	struct scan_tu st;
	struct tu tu;
	bool found = false;

	if (!mentions(kb, relpath, s->handler))
		return false;
	if (tu_parse(index, kb, relpath, &tu) < 0 || tu.nr_errors) {
		tu_release(&tu);
		return false;
	}
	scan_tu_init(&st, tu.unit, relpath, kb->src);
	d.st = &st;
	clang_visitChildren(clang_getTranslationUnitCursor(tu.unit), find_def,
			    &d);
	if (!clang_Cursor_isNull(d.def)) {
		found = true;
		free(s->handler_file);
		s->handler_file = cx_file_of(&st, d.def);
		clang_getExpansionLocation(clang_getCursorLocation(d.def),
					   NULL, &s->handler_line, NULL, NULL);
		strvec_clear(&s->reason_codes);
		strvec_clear(&s->reasons);
		scan_analyze_handler(&st, d.def, s);
		s->handler_def = d.def;
		s->has_handler_def = true;
		scan_judge(&st, s, all);
		/*
		 * Not a file of the requesting module (analyze/module.c
		 * found none): a library module that other drivers link
		 * too, whose handler convert does not change for them all.
		 */
		if (s->verdict == VERDICT_CONVERTIBLE && !s->reason_codes.nr)
			scan_site_judge(s, R_HANDLER_ELSEWHERE,
					"the handler is defined outside the requesting module, in a module other drivers may link too; convert changes a handler only in its own module");
		scan_site_note(s, "the handler is defined in %s, analysed as that file is built",
			       s->handler_file);
	}
	scan_tu_release(&st);
	tu_release(&tu);
	return found;
}

static void find_one(struct kbuild *kb, CXIndex index, struct scan_site *s,
		     const struct scan_sites *all)
{
	const char *slash = strrchr(s->file, '/');
	char *dir = slash ? xstrndup(s->file, slash - s->file + 1) : xstrdup("");
	char *abs = xasprintf("%s/%s", kb->src, dir);
	struct strvec names = STRVEC_INIT;
	struct dirent *de;
	DIR *dp = opendir(abs);
	size_t i;

	deps_note_dir(abs);
	while (dp && (de = readdir(dp)))
		if (ends_with(de->d_name, ".c"))
			strvec_push(&names, de->d_name);
	if (dp)
		closedir(dp);
	/* readdir order is arbitrary: try files in name order. */
	for (i = 1; i < names.nr; i++) {
		size_t j;

		for (j = i; j > 0 && strcmp(names.v[j - 1], names.v[j]) > 0; j--) {
			char *t = names.v[j];

			names.v[j] = names.v[j - 1];
			names.v[j - 1] = t;
		}
	}
	for (i = 0; i < names.nr; i++) {
		char *rel = xasprintf("%s%s", dir, names.v[i]);
		bool found = strcmp(rel, s->file) &&
			     try_file(kb, index, rel, dir, s, all);

		free(rel);
		if (found)
			break;
	}
	strvec_clear(&names);
	free(abs);
	free(dir);
}

void scan_find_elsewhere(struct kbuild *kb, CXIndex index,
			 struct scan_sites *sites)
{
	size_t i;

	for (i = 0; i < sites->nr; i++) {
		struct scan_site *s = &sites->v[i];

		if (s->reason_codes.nr && s->handler &&
		    !strcmp(s->reason_codes.v[0], "handler-elsewhere"))
			find_one(kb, index, s, sites);
	}
}
