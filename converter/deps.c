// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deps.h"

static char *deps_src, *deps_obj;
static struct strvec deps_files = STRVEC_INIT;
static struct strvec deps_dirs = STRVEC_INIT;

void deps_start(const char *src, const char *obj)
{
	deps_stop();
	deps_src = xstrdup(src);
	deps_obj = xstrdup(obj);
}

void deps_stop(void)
{
	free(deps_src);
	free(deps_obj);
	deps_src = NULL;
	deps_obj = NULL;
	strvec_clear(&deps_files);
	strvec_clear(&deps_dirs);
}

bool deps_recording(void)
{
	return deps_src != NULL;
}

/* @path without "." and ".." components or doubled slashes. */
static char *lexical_path(const char *path)
{
	char *out = xmalloc(strlen(path) + 2), *o = out;
	const char *p = path;

	while (*p) {
		size_t n;

		while (*p == '/')
			p++;
		n = strcspn(p, "/");
		if (!n)
			break;
		if (n == 2 && !strncmp(p, "..", 2)) {
			while (o > out && *--o != '/')
				;
		} else if (n != 1 || *p != '.') {
			*o++ = '/';
			memcpy(o, p, n);
			o += n;
		}
		p += n;
	}
	if (o == out)
		*o++ = '/';
	*o = '\0';
	return out;
}

/* What follows @dir/ in @path, or NULL when @path is not below @dir. */
static const char *below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && path[n] == '/' ? path + n + 1 : NULL;
}

static bool kernel_header(const char *rel)
{
	const char *p;

	if (starts_with(rel, "include/"))
		return true;
	if (!starts_with(rel, "arch/"))
		return false;
	p = strchr(rel + strlen("arch/"), '/');
	return p && starts_with(p, "/include/");
}

/*
 * How @path is recorded: relative to the kernel tree inside it, absolute
 * outside it (an external module's own files), NULL when it is the kernel's
 * or the compiler's header or a file kbuild generated.
 */
static char *dep_name(const char *path)
{
	char *norm, *name = NULL;
	const char *rel;

	if (!deps_src || path[0] != '/')
		return NULL;
	norm = lexical_path(path);
	rel = below(norm, deps_src);
	if (rel && !kernel_header(rel))
		name = xstrdup(rel);
	else if (!rel && !below(norm, deps_obj) && !starts_with(norm, "/usr/"))
		name = xstrdup(norm);
	free(norm);
	return name;
}

static void note_once(struct strvec *sv, char *name)
{
	size_t i;

	if (!name)
		return;
	for (i = 0; i < sv->nr; i++)
		if (!strcmp(sv->v[i], name)) {
			free(name);
			return;
		}
	strvec_push_nodup(sv, name);
}

void deps_note_file(const char *path)
{
	note_once(&deps_files, dep_name(path));
}

void deps_note_dir(const char *path)
{
	note_once(&deps_dirs, dep_name(path));
}

static char *dep_path(const char *src, const char *name)
{
	return name[0] == '/' ? xstrdup(name) : xasprintf("%s/%s", src, name);
}

static unsigned long long file_hash(const char *src, const char *name)
{
	char *path = dep_path(src, name);
	unsigned long long h = HASH_INIT;
	size_t len;
	char *data = read_file(path, &len);

	/* A file that is gone hashes apart from every content. */
	h = data ? hash_bytes(h, data, len) : 0;
	free(data);
	free(path);
	return h;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names a directory holds, in name order: a new file changes it. */
static unsigned long long dir_hash(const char *src, const char *name)
{
	struct strvec names = STRVEC_INIT;
	char *path = dep_path(src, name);
	unsigned long long h = HASH_INIT;
	DIR *dp = opendir(path);
	struct dirent *de;
	size_t i;

	while (dp && (de = readdir(dp)))
		strvec_push(&names, de->d_name);
	if (dp)
		closedir(dp);
	qsort(names.v, names.nr, sizeof(*names.v), cmp_names);
	for (i = 0; i < names.nr; i++)
		h = hash_bytes(h, names.v[i], strlen(names.v[i]) + 1);
	strvec_clear(&names);
	free(path);
	return h;
}

void deps_write(struct strbuf *out)
{
	size_t i;

	for (i = 0; i < deps_files.nr; i++)
		strbuf_addf(out, "D %s %016llx\n", deps_files.v[i],
			    file_hash(deps_src, deps_files.v[i]));
	for (i = 0; i < deps_dirs.nr; i++)
		strbuf_addf(out, "L %s %016llx\n", deps_dirs.v[i],
			    dir_hash(deps_src, deps_dirs.v[i]));
}

bool deps_fresh(const char *src, const char *text, const char **rest)
{
	const char *line = text;

	while ((line[0] == 'D' || line[0] == 'L') && line[1] == ' ') {
		const char *nl = strchr(line, '\n');
		char name[4096];
		unsigned long long want, got;

		if (!nl || sscanf(line + 2, "%4095s %llx", name, &want) != 2)
			return false;
		got = line[0] == 'D' ? file_hash(src, name) :
				       dir_hash(src, name);
		if (got != want)
			return false;
		line = nl + 1;
	}
	*rest = line;
	return true;
}
