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
#include <signal.h>
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

/*
 * NAME.tmp.PID or NAME.old.PID beside @outdir, of a run that is gone: a
 * series it was building or replacing when it was killed.  Only an empty
 * directory or one with the marker counts; anything else is the user's.
 */
static bool is_stale(const char *parent, const char *base, const char *name)
{
	size_t n = strlen(base);
	char *end, *path;
	long pid;
	bool stale;

	if (strncmp(name, base, n) || (strncmp(name + n, ".tmp.", 5) &&
				       strncmp(name + n, ".old.", 5)))
		return false;
	pid = strtol(name + n + 5, &end, 10);
	if (*end || pid <= 0 || !kill(pid, 0) || errno != ESRCH)
		return false;
	path = xasprintf("%s/%s", parent, name);
	stale = dir_is_marked(path) || dir_is_empty(path);
	free(path);
	return stale;
}

void outdir_remove_stale(const char *outdir)
{
	char *tmp = outdir_temp_name(outdir), *slash;
	const char *parent = ".", *base = tmp;
	struct dirent *de;
	DIR *d;

	*strrchr(tmp, '.') = '\0';
	*strrchr(tmp, '.') = '\0';	/* back to OUTDIR, without slashes */
	slash = strrchr(tmp, '/');
	if (slash) {
		*slash = '\0';
		parent = slash == tmp ? "/" : tmp;
		base = slash + 1;
	}
	d = opendir(parent);
	while (d && (de = readdir(d))) {
		char *path;

		if (!is_stale(parent, base, de->d_name))
			continue;
		path = xasprintf("%s/%s", parent, de->d_name);
		remove_tree(path);
		free(path);
	}
	if (d)
		closedir(d);
	free(tmp);
}

char *outdir_temp_name(const char *outdir)
{
	size_t n = strlen(outdir);

	while (n > 1 && outdir[n - 1] == '/')
		n--;
	return xasprintf("%.*s.tmp.%ld", (int)n, outdir, (long)getpid());
}

int outdir_make_temp(const char *tmp)
{
	char *parent = xstrdup(tmp), *slash = strrchr(parent, '/');
	int failed = 0;

	if (slash && slash != parent) {
		*slash = '\0';
		failed = mkdir_p(parent);
	}
	free(parent);
	if (failed)
		goto fail;
	if (!mkdir(tmp, 0755))
		return 0;
	if (errno != EEXIST)
		goto fail;
	/* Only ours, left by an earlier process of our PID, goes. */
	if (!dir_is_marked(tmp) && !dir_is_empty(tmp)) {
		error("cannot create '%s': it exists and holds files irqconv did not write",
		      tmp);
		return -1;
	}
	remove_tree(tmp);
	if (!mkdir(tmp, 0755))
		return 0;
fail:
	error("cannot create '%s': %s", tmp, strerror(errno));
	return -1;
}
