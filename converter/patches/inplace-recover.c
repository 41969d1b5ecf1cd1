// SPDX-License-Identifier: GPL-2.0
/*
 * convert --in-place, the next run: what a killed run left in a driver
 * directory is finished (a journal: the renames) or taken back (new files
 * without one).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "patches/inplace-parts.h"
#include "patches/inplace.h"

static unsigned long long file_hash(const char *path, bool *exists)
{
	size_t len;
	char *text = read_file(path, &len);
	unsigned long long h = text ? hash_bytes(HASH_INIT, text, len) : 0;

	*exists = text != NULL;
	free(text);
	return h;
}

/* One line of a journal: the file's old and new hashes and its name. */
static int finish_one(const char *dir, const char *line)
{
	unsigned long long old_hash, new_hash, now;
	char *end, *staged, *target;
	const char *name;
	bool exists;
	int ret = 0;

	old_hash = strtoull(line, &end, 16);
	new_hash = strtoull(end, &end, 16);
	if (*end != ' ' || !end[1] || strchr(end + 1, '/'))
		return -1;
	name = end + 1;
	staged = inplace_staged_path(dir, name);
	target = xasprintf("%s/%s", dir, name);
	if (!access(staged, F_OK)) {
		if (rename(staged, target)) {
			error("cannot rename '%s' to '%s': %s", staged, target,
			      strerror(errno));
			ret = -1;
		}
		goto out;
	}
	now = file_hash(target, &exists);
	if (!exists || (now != new_hash && now != old_hash))
		warn("'%s' is neither what the interrupted run read nor what it wrote: left as it is",
		     target);
	else if (now == old_hash && old_hash != new_hash)
		warn("'%s': the interrupted run's new file is gone: left unconverted",
		     target);
out:
	free(staged);
	free(target);
	return ret;
}

/* A journal in @dir: the run got past its commit point, so finish it. */
static int finish_journal(const char *dir)
{
	char *path = xasprintf("%s/" INPLACE_JOURNAL, dir);
	char *text = read_file(path, NULL), *line, *save = NULL;
	unsigned int files = 0;
	int ret = 0;

	if (!text || !starts_with(text, INPLACE_JOURNAL_HEAD)) {
		error("'%s' is not a journal irqconv can read: the files of '%s' may be half converted; check them and remove it",
		      path, dir);
		ret = -1;
		goto out;
	}
	for (line = strtok_r(text + strlen(INPLACE_JOURNAL_HEAD), "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), files++)
		if (finish_one(dir, line))
			ret = -1;
	inplace_sync_dir(dir);
	if (ret) {
		error("cannot finish the interrupted --in-place run in '%s' (%s)",
		      dir, path);
		goto out;
	}
	unlink(path);
	inplace_sync_dir(dir);
	warn("'%s': finished the --in-place run that was interrupted there (%u file%s)",
	     dir, files, files == 1 ? "" : "s");
out:
	free(text);
	free(path);
	return ret;
}

static bool is_leftover(const char *name)
{
	return (name[0] == '.' && ends_with(name, INPLACE_NEW_SUFFIX)) ||
	       !strcmp(name, INPLACE_JOURNAL ".tmp");
}

/* New files no journal names: the run died before its commit point. */
static void remove_leftovers(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		char *path;

		if (!is_leftover(de->d_name))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (!unlink(path))
			warn("'%s': removed, left by an interrupted --in-place run before it changed anything",
			     path);
		free(path);
	}
	if (d)
		closedir(d);
}

static int recover_dir(const char *dir, bool journal)
{
	int lock = inplace_lock_dir(dir), ret = 0;
	char *path = xasprintf("%s/" INPLACE_JOURNAL, dir);

	if (lock < 0) {
		free(path);
		return -1;
	}
	/* Looked at again under the lock: another run may have finished. */
	if (journal && !access(path, F_OK))
		ret = finish_journal(dir);
	if (!ret)
		remove_leftovers(dir);
	close(lock);
	free(path);
	return ret;
}

/* @dir, and with @below every directory under it. */
static int recover_tree(const char *dir, bool below)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	struct strvec subdirs = STRVEC_INIT;
	bool journal = false, leftovers = false;
	size_t i;
	int ret = 0;

	while (d && (de = readdir(d))) {
		char *path;
		struct stat st;

		journal |= !strcmp(de->d_name, INPLACE_JOURNAL);
		leftovers |= is_leftover(de->d_name);
		if (!below || de->d_name[0] == '.' ||
		    (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (!lstat(path, &st) && S_ISDIR(st.st_mode))
			strvec_push(&subdirs, path);
		free(path);
	}
	if (d)
		closedir(d);
	if (journal || leftovers)
		ret = recover_dir(dir, journal);
	for (i = 0; i < subdirs.nr; i++)
		ret |= recover_tree(subdirs.v[i], true);
	strvec_clear(&subdirs);
	return ret;
}

int inplace_recover(const char *path)
{
	struct stat st;
	char *dir;
	int ret;

	if (stat(path, &st))
		return 0;
	if (S_ISDIR(st.st_mode))
		return recover_tree(path, true);
	dir = inplace_dir_part(path);
	ret = recover_tree(dir, false);
	free(dir);
	return ret;
}
