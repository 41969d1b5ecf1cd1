// SPDX-License-Identifier: GPL-2.0
/*
 * Where `convert -o` may write, and the one-step swap of a finished series
 * into place.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rewrite/outdir.h"

void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (unlink(path) && errno == EISDIR)
			remove_tree(path);
		free(path);
	}
	closedir(d);
	rmdir(dir);
}

/*
 * @path with symbolic links, "." and ".." resolved as far as it exists;
 * the part that does not exist yet is appended as written.
 */
static char *canonical_path(const char *path)
{
	char *dup = xstrdup(path), *slash, *parent, *ret;
	size_t n = strlen(dup);

	while (n > 1 && dup[n - 1] == '/')
		dup[--n] = '\0';
	ret = realpath(dup, NULL);
	if (ret || errno != ENOENT) {
		free(dup);
		return ret ? ret : xstrdup(path);
	}
	slash = strrchr(dup, '/');
	if (!slash) {
		parent = canonical_path(".");
		ret = xasprintf("%s/%s", parent, dup);
	} else {
		*slash = '\0';
		parent = canonical_path(slash == dup ? "/" : dup);
		ret = xasprintf("%s/%s", strcmp(parent, "/") ? parent : "",
				slash + 1);
	}
	free(parent);
	free(dup);
	return ret;
}

/* Whether the canonical path @inner is @outer or below it. */
static bool path_within(const char *inner, const char *outer)
{
	size_t n = strlen(outer);

	if (!strcmp(outer, "/"))
		return true;
	return !strncmp(inner, outer, n) && (inner[n] == '/' || !inner[n]);
}

static int check_inputs(const char *outdir, const struct strvec *inputs)
{
	char *out = canonical_path(outdir);
	size_t i;
	int ret = 0;

	for (i = 0; inputs && i < inputs->nr && !ret; i++) {
		char *in = canonical_path(inputs->v[i]);

		if (path_within(out, in)) {
			error("-o '%s' is in the input '%s': the series would be written over the sources it converts",
			      outdir, inputs->v[i]);
			ret = -1;
		} else if (path_within(in, out)) {
			error("-o '%s' holds the input '%s': replacing it would delete the sources",
			      outdir, inputs->v[i]);
			ret = -1;
		}
		free(in);
	}
	free(out);
	return ret;
}

static bool dir_is_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool empty = true;

	if (!d)
		return false;
	while (empty && (de = readdir(d)))
		empty = !strcmp(de->d_name, ".") || !strcmp(de->d_name, "..");
	closedir(d);
	return empty;
}

static bool dir_is_marked(const char *dir)
{
	char *path = xasprintf("%s/%s", dir, OUTDIR_MARKER);
	struct stat st;
	bool marked = !lstat(path, &st) && S_ISREG(st.st_mode);

	free(path);
	return marked;
}

/* "." or "..", last: no sibling to build in, no name to rename to. */
static bool ends_in_dot(const char *path)
{
	char *dup = xstrdup(path);
	size_t n = strlen(dup);
	const char *base;
	bool dot;

	while (n > 1 && dup[n - 1] == '/')
		dup[--n] = '\0';
	base = strrchr(dup, '/') ? strrchr(dup, '/') + 1 : dup;
	dot = !strcmp(base, ".") || !strcmp(base, "..") || !strcmp(dup, "/");
	free(dup);
	return dot;
}

int outdir_check(const char *outdir, const struct strvec *inputs)
{
	struct stat st;

	if (ends_in_dot(outdir)) {
		error("-o '%s': name the directory, not '.' or '..'", outdir);
		return -1;
	}
	if (check_inputs(outdir, inputs))
		return -1;
	if (lstat(outdir, &st)) {
		if (errno == ENOENT)
			return 0;
		error("cannot use -o '%s': %s", outdir, strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		error("-o '%s' is a symbolic link: give the directory it points to",
		      outdir);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		error("-o '%s' exists and is not a directory", outdir);
		return -1;
	}
	if (dir_is_empty(outdir) || dir_is_marked(outdir))
		return 0;
	error("-o '%s' holds files irqconv did not write (no %s in it): give a new or empty directory, or one an earlier 'irqconv convert -o' wrote",
	      outdir, OUTDIR_MARKER);
	return -1;
}

/* Without RENAME_EXCHANGE (some file systems): two renames, undone on error. */
static int replace_in_two_steps(const char *tmp, const char *outdir)
{
	char *old = xasprintf("%s.old.%ld", outdir, (long)getpid());
	int ret = -1;

	if (rename(outdir, old)) {
		error("cannot replace '%s': %s", outdir, strerror(errno));
		goto out;
	}
	if (rename(tmp, outdir)) {
		error("cannot create '%s': %s", outdir, strerror(errno));
		rename(old, outdir);
		goto out;
	}
	remove_tree(old);
	ret = 0;
out:
	free(old);
	return ret;
}

int outdir_replace(const char *tmp, const char *outdir)
{
	struct stat st;
	int ret = 0;

	/* Checked again: something may have appeared while we converted. */
	if (outdir_check(outdir, NULL)) {
		remove_tree(tmp);
		return -1;
	}
	if (lstat(outdir, &st)) {
		if (rename(tmp, outdir)) {
			error("cannot create '%s': %s", outdir, strerror(errno));
			ret = -1;
		}
		remove_tree(tmp);
		return ret;
	}
	chmod(tmp, st.st_mode & 07777);
	if (!renameat2(AT_FDCWD, tmp, AT_FDCWD, outdir, RENAME_EXCHANGE)) {
		/* @tmp is the old directory now. */
		remove_tree(tmp);
		return 0;
	}
	if (errno == EINVAL || errno == ENOSYS)
		ret = replace_in_two_steps(tmp, outdir);
	else {
		error("cannot replace '%s': %s", outdir, strerror(errno));
		ret = -1;
	}
	remove_tree(tmp);
	return ret;
}

char *outdir_temp_name(const char *outdir)
{
	size_t n = strlen(outdir);

	while (n > 1 && outdir[n - 1] == '/')
		n--;
	return xasprintf("%.*s.tmp.%ld", (int)n, outdir, (long)getpid());
}
