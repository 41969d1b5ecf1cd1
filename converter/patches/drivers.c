// SPDX-License-Identifier: GPL-2.0
/*
 * The drivers of a convert run, one patch each: the kbuild module of each
 * converted file (patches/module.c) and the files its conversions change.
 * Modules whose conversions change one file become one driver.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "patches/module.h"
#include "patches/state.h"

/* Whether @d is the driver of @module in @dir, or took it in. */
static bool driver_is(const struct driver *d, const char *dir,
		      const char *module)
{
	size_t i;

	if (!strcmp(d->dir, dir) && !strcmp(d->module, module))
		return true;
	for (i = 0; i < d->also.nr; i++)
		if (!strcmp(d->also.v[i], module))
			return true;
	return false;
}

bool convert_result_of(const struct site_result *r, const struct driver *d)
{
	return driver_is(d, r->driver, r->module);
}

/* The driver of the kbuild module that links @relpath, made on first use. */
struct driver *convert_driver_for(struct convert_state *st, const char *relpath)
{
	char *dir = dir_of(relpath);
	char *module = convert_module_of(st->kb.src, relpath);
	struct driver *d;
	size_t i;

	for (i = 0; i < st->nr_drivers; i++) {
		d = &st->drivers[i];
		if (driver_is(d, dir, module)) {
			free(dir);
			free(module);
			return d;
		}
	}
	st->drivers = xrealloc(st->drivers,
			       (st->nr_drivers + 1) * sizeof(*st->drivers));
	d = &st->drivers[st->nr_drivers++];
	memset(d, 0, sizeof(*d));
	d->dir = dir;
	d->module = module;
	return d;
}

/*
 * Fold the driver @from into @to, both of which change one file: their
 * conversions become one patch, which applies on its own.
 */
static void driver_merge(struct convert_state *st, struct driver *to,
			 struct driver *from)
{
	size_t i;

	to->files = xrealloc(to->files, (to->nr_files + from->nr_files) *
			     sizeof(*to->files));
	/* A driver made for this file has no files yet: no array to copy. */
	if (from->nr_files)
		memcpy(to->files + to->nr_files, from->files,
		       from->nr_files * sizeof(*from->files));
	to->nr_files += from->nr_files;
	free(from->files);
	if (from->body.len) {
		if (to->body.len)
			strbuf_addch(&to->body, '\n');
		strbuf_add(&to->body, from->body.buf, from->body.len);
	}
	strbuf_release(&from->body);
	to->nr_converted += from->nr_converted;
	to->nr_staged += from->nr_staged;
	to->tests |= from->tests;
	strvec_push(&to->also, from->module);
	for (i = 0; i < from->also.nr; i++)
		strvec_push(&to->also, from->also.v[i]);
	strvec_clear(&from->also);
	free(from->dir);
	free(from->module);
	memmove(from, from + 1,
		(st->drivers + st->nr_drivers - from - 1) * sizeof(*from));
	st->nr_drivers--;
}

/* The driver that changes @relpath, or NULL. */
static struct driver *driver_changing(struct convert_state *st,
				      const char *relpath)
{
	size_t i, j;

	for (i = 0; i < st->nr_drivers; i++)
		for (j = 0; j < st->drivers[i].nr_files; j++)
			if (!strcmp(st->drivers[i].files[j].relpath, relpath))
				return &st->drivers[i];
	return NULL;
}

/*
 * The changed file @relpath of the driver of @unit (the converted C file),
 * made on first use; a file another driver changes already joins the two.
 */
struct changed_file *convert_file_for(struct convert_state *st,
				      const char *unit, const char *relpath)
{
	struct driver *d = convert_driver_for(st, unit), *other;
	struct changed_file *f;
	char *abs;
	size_t i;

	other = driver_changing(st, relpath);
	if (other && other != d) {
		/* The first keeps its place; merging moves the array. */
		if (other < d)
			driver_merge(st, other, d);
		else
			driver_merge(st, d, other);
		d = convert_driver_for(st, unit);
	}
	for (i = 0; i < d->nr_files; i++)
		if (!strcmp(d->files[i].relpath, relpath))
			return &d->files[i];
	abs = xasprintf("%s/%s", st->kb.src, relpath);
	d->files = xrealloc(d->files, (d->nr_files + 1) * sizeof(*f));
	f = &d->files[d->nr_files++];
	f->relpath = xstrdup(relpath);
	f->old = read_file(abs, &f->old_len);
	if (!f->old)
		die("cannot read '%s': %s", abs, strerror(errno));
	edit_list_init(&f->edits, relpath);
	free(abs);
	return f;
}

/*
 * The text of the header @relpath the edits of a split are made against:
 * what a driver that changes it started from (the file as read), else the
 * file.  The driver takes the header only if the split is made.
 */
char *convert_header_text(struct convert_state *st, const char *relpath)
{
	struct driver *d = driver_changing(st, relpath);
	char *abs, *text;
	size_t i;

	for (i = 0; d && i < d->nr_files; i++)
		if (!strcmp(d->files[i].relpath, relpath))
			return xstrndup(d->files[i].old, d->files[i].old_len);
	abs = xasprintf("%s/%s", st->kb.src, relpath);
	text = read_file(abs, NULL);
	if (!text)
		die("cannot read '%s': %s", abs, strerror(errno));
	free(abs);
	return text;
}

