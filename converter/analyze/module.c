// SPDX-License-Identifier: GPL-2.0
/*
 * A module's files: which objects kbuild links into one module, and where
 * among them a function is defined.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-graph.h"
#include "analyze/module.h"
#include "ast/cursor.h"
#include "deps.h"
#include "tu.h"

/*
 * The module a `NAME-objs := ...`, `NAME-y += ...` or `NAME-$(CONFIG_X) +=
 * ...` line adds objects to: NAME, or NULL for any other line (obj-y and
 * obj-m lines list modules, not the parts of one).
 */
static char *line_module(const char *line)
{
	size_t n = strcspn(line, " \t:+=");
	char *lhs = xstrndup(line, n), *dash = strrchr(lhs, '-');

	if (starts_with(lhs, "obj-") || !dash || !line[n] ||
	    (strcmp(dash, "-objs") && strcmp(dash, "-y") &&
	     !starts_with(dash, "-$("))) {
		free(lhs);
		return NULL;
	}
	*dash = '\0';
	return lhs;
}

/* Every logical line of @text, continuation lines joined. */
static void logical_lines(char *text, struct strvec *out)
{
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		size_t n = strlen(line);
		bool more = n && line[n - 1] == '\\';

		strbuf_add(&sb, line, more ? n - 1 : n);
		strbuf_addch(&sb, ' ');
		if (!more) {
			strvec_push_nodup(out, strbuf_detach(&sb));
		}
	}
	if (sb.len)
		strvec_push_nodup(out, strbuf_detach(&sb));
}

/* Whether object @want is among the objects of @line. */
static bool names_object(const char *line, const char *want)
{
	char *copy = xstrdup(line), *tok, *save = NULL;
	bool named = false;

	for (tok = strtok_r(copy, " \t", &save); tok && !named;
	     tok = strtok_r(NULL, " \t", &save))
		named = !strcmp(tok, want);
	free(copy);
	return named;
}

/* Add the objects of @line other than @want to @out, as stems. */
static void add_objects(const char *line, const char *want, struct strvec *out)
{
	char *copy = xstrdup(line), *tok, *save = NULL;

	for (tok = strtok_r(copy, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save))
		if (ends_with(tok, ".o") && strcmp(tok, want))
			strvec_push_nodup(out, xstrndup(tok, strlen(tok) - 2));
	free(copy);
}

static void objects_in(const char *dir, const char *stem, struct strvec *out);

/*
 * kbuild also links objects of a subdirectory from the parent's Makefile
 * (intel-ish-ipc-objs := ipc/ipc.o): when @dir names none, the parent's
 * lines for objects of @dir count, as stems relative to @dir.
 */
void module_objects(const char *dir, const char *stem, struct strvec *out)
{
	struct strvec up = STRVEC_INIT;
	char *parent = xstrdup(dir), *base = strrchr(parent, '/'), *want;
	size_t i, n;

	objects_in(dir, stem, out);
	if (out->nr || !base) {
		free(parent);
		return;
	}
	*base++ = '\0';
	want = xasprintf("%s/%s", base, stem);
	n = strlen(base);
	objects_in(parent, want, &up);
	for (i = 0; i < up.nr; i++)
		if (!strncmp(up.v[i], base, n) && up.v[i][n] == '/' &&
		    !strchr(up.v[i] + n + 1, '/'))
			strvec_push(out, up.v[i] + n + 1);
	strvec_clear(&up);
	free(want);
	free(parent);
}

/* The logical lines of @dir's Kbuild and Makefile, in that order. */
static void dir_make_lines(const char *dir, struct strvec *lines)
{
	static const char *const makefiles[] = { "Kbuild", "Makefile" };
	size_t m;

	for (m = 0; m < ARRAY_SIZE(makefiles); m++) {
		char *path = xasprintf("%s/%s", dir, makefiles[m]);
		char *text = read_file(path, NULL);

		deps_note_file(path);
		if (text)
			logical_lines(text, lines);
		free(text);
		free(path);
	}
}

/*
 * The composite modules (`NAME-objs`, `NAME-y`) of @dir that @stem.o is
 * part of.
 */
static void composites_of(const char *dir, const char *stem,
			  struct strvec *out)
{
	struct strvec lines = STRVEC_INIT;
	char *want = xasprintf("%s.o", stem);
	size_t i;

	dir_make_lines(dir, &lines);
	for (i = 0; i < lines.nr; i++) {
		char *mod = line_module(lines.v[i]);

		if (mod && names_object(lines.v[i], want) &&
		    !strvec_has(out, mod))
			strvec_push_nodup(out, mod);
		else
			free(mod);
	}
	strvec_clear(&lines);
	free(want);
}

/*
 * The objects of the composite module @mod of @dir but @except (a `.o`
 * name, or ""), as stems.
 */
static void composite_parts(const char *dir, const char *mod,
			    const char *except, struct strvec *out)
{
	struct strvec lines = STRVEC_INIT;
	size_t i;

	dir_make_lines(dir, &lines);
	for (i = 0; i < lines.nr; i++) {
		char *m = line_module(lines.v[i]);

		if (m && !strcmp(m, mod))
			add_objects(lines.v[i], except, out);
		free(m);
	}
	strvec_clear(&lines);
}

/* The other objects of every composite module @stem.o is part of. */
static void objects_in(const char *dir, const char *stem, struct strvec *out)
{
	struct strvec mods = STRVEC_INIT;
	char *want = xasprintf("%s.o", stem);
	size_t i;

	composites_of(dir, stem, &mods);
	for (i = 0; i < mods.nr; i++)
		composite_parts(dir, mods.v[i], want, out);
	strvec_clear(&mods);
	free(want);
}

/*
 * Whether @stem.c of @dir exports symbols: a library other modules link
 * (8390.c), not a driver that only happens to share an obj- line.
 */
static bool exports(const char *dir, const char *stem)
{
	char *path = xasprintf("%s/%s.c", dir, stem);
	char *text = read_file(path, NULL);
	bool ret = text && strstr(text, "EXPORT_SYMBOL");

	deps_note_file(path);
	free(text);
	free(path);
	return ret;
}

/* The other objects of every obj- line of @dir that lists @stem.o. */
void module_line_mates(const char *dir, const char *stem, struct strvec *out)
{
	struct strvec lines = STRVEC_INIT;
	char *want = xasprintf("%s.o", stem);
	size_t i;

	dir_make_lines(dir, &lines);
	for (i = 0; i < lines.nr; i++)
		if (starts_with(lines.v[i], "obj-") &&
		    names_object(lines.v[i], want))
			add_objects(lines.v[i], want, out);
	strvec_clear(&lines);
	free(want);
}

/*
 * kbuild builds `obj-$(CONFIG_NE2K_PCI) += ne2k-pci.o 8390.o` as two
 * modules, the second the library the first links against: 8390.ko
 * exports what ne2k-pci uses.  A composite driver is listed on its obj-
 * line by the composite's name (`obj-$(CONFIG_SND_MSND_PINNACLE) +=
 * snd-msnd-pinnacle.o snd-msnd-lib.o`), and a library may be composite too
 * (`snd-msnd-lib-objs := msnd.o msnd_midi.o ...`): its parts that export
 * symbols are the library.
 */
void module_libraries(const char *dir, const char *stem, struct strvec *out)
{
	struct strvec mates = STRVEC_INIT, mods = STRVEC_INIT;
	size_t i, k;

	module_line_mates(dir, stem, &mates);
	composites_of(dir, stem, &mods);
	for (i = 0; i < mods.nr; i++)
		module_line_mates(dir, mods.v[i], &mates);
	for (i = 0; i < mates.nr; i++) {
		struct strvec parts = STRVEC_INIT;

		if (exports(dir, mates.v[i]) && !strvec_has(out, mates.v[i]))
			strvec_push(out, mates.v[i]);
		composite_parts(dir, mates.v[i], "", &parts);
		for (k = 0; k < parts.nr; k++)
			if (strcmp(parts.v[k], stem) &&
			    exports(dir, parts.v[k]) &&
			    !strvec_has(out, parts.v[k]))
				strvec_push(out, parts.v[k]);
		strvec_clear(&parts);
	}
	strvec_clear(&mods);
	strvec_clear(&mates);
}

CXCursor module_def_named(const struct lock_module *lm, const char *name)
{
	size_t i;

	for (i = 0; lm && i < lm->def_names.nr; i++)
		if (!strcmp(lm->def_names.v[i], name))
			return lm->defs.v[i];
	return clang_getNullCursor();
}

const struct tu *module_tu_of(const struct lock_module *lm, CXCursor def)
{
	CXTranslationUnit unit = clang_Cursor_getTranslationUnit(def);
	size_t i;

	for (i = 0; lm && i < lm->nr_tus; i++)
		if (lm->tus[i].unit == unit)
			return &lm->tus[i];
	return NULL;
}

void module_learn_accessors(const struct lock_module *lm)
{
	size_t i;

	for (i = 0; lm && i < lm->nr_module_tus; i++)
		accessors_learn_also(lm->tus[i].unit, lm->tus[i].path);
}
