// SPDX-License-Identifier: GPL-2.0
/*
 * convert --in-place: the files of a driver written as one transaction,
 * through a journal (the next run: inplace-recover.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "patches/inplace-parts.h"
#include "patches/inplace.h"

enum fault_point { FAULT_STAGED, FAULT_JOURNAL, FAULT_RENAMED, NR_FAULTS };

static const char *const fault_names[NR_FAULTS] = {
	[FAULT_STAGED] = "staged",
	[FAULT_JOURNAL] = "journal",
	[FAULT_RENAMED] = "renamed",
};

static bool fault_wanted(const char *var, const char *point, unsigned int hit)
{
	const char *want = getenv(var);
	size_t n = strlen(point);

	return want && !strncmp(want, point, n) && want[n] == ':' &&
	       strtoul(want + n + 1, NULL, 10) == hit;
}

/*
 * Fault injection for the tests, as scan's IRQCONV_TEST_CRASH:
 * IRQCONV_TEST_KILL_AT=POINT:N kills the run (SIGKILL) the Nth time it
 * passes POINT (staged: a new file written; journal: the journal renamed
 * into place; renamed: a new file renamed over its target), and
 * IRQCONV_TEST_STOP_AT=POINT:N stops it there (SIGSTOP) for the test to
 * kill from outside.
 */
static void fault_point(enum fault_point p)
{
	static unsigned int hits[NR_FAULTS];

	hits[p]++;
	if (fault_wanted("IRQCONV_TEST_KILL_AT", fault_names[p], hits[p]))
		raise(SIGKILL);
	if (fault_wanted("IRQCONV_TEST_STOP_AT", fault_names[p], hits[p]))
		raise(SIGSTOP);
}

/* IRQCONV_TEST_WRITE_FAIL=SUFFIX: writing a file whose target ends so fails. */
static bool write_fails(const char *target)
{
	const char *suffix = getenv("IRQCONV_TEST_WRITE_FAIL");

	return suffix && *suffix && ends_with(target, suffix);
}

char *inplace_dir_part(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, slash - path) : xstrdup(".");
}

static const char *base_part(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

char *inplace_staged_path(const char *dir, const char *base)
{
	return xasprintf("%s/.%s" INPLACE_NEW_SUFFIX, dir, base);
}

void inplace_sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int inplace_lock_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	if (fd >= 0 && flock(fd, LOCK_EX)) {
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		error("cannot lock '%s': %s", dir, strerror(errno));
	return fd;
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		data += n;
		len -= n;
	}
	return 0;
}

/*
 * Write @path whole and to disk, with the mode and owner of @like: the
 * rename that follows must never expose a file that is not all there.
 */
static int write_synced(const char *path, const char *data, size_t len,
			const struct stat *like, const char *target)
{
	int fd, saved;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return -1;
	if (write_fails(target)) {
		write_all(fd, data, len / 2);
		errno = ENOSPC;
		goto fail;
	}
	if (write_all(fd, data, len))
		goto fail;
	/* Only root may give the file away; anyone else keeps it. */
	if (fchown(fd, like->st_uid, like->st_gid) && errno != EPERM)
		goto fail;
	if (fchmod(fd, like->st_mode & 07777) || fsync(fd))
		goto fail;
	if (close(fd))
		goto fail_unlink;
	return 0;
fail:
	saved = errno;
	close(fd);
	errno = saved;
fail_unlink:
	saved = errno;
	unlink(path);
	errno = saved;
	return -1;
}

static bool same_contents(const char *path, const char *data, size_t len)
{
	size_t n;
	char *now = read_file(path, &n);
	bool same = now && n == len && !memcmp(now, data, len);

	free(now);
	return same;
}

static int check_files(const char *dir, const struct inplace_file *files,
		       size_t nr, struct stat *st)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		char *d = inplace_dir_part(files[i].path);
		bool here = !strcmp(d, dir);

		free(d);
		if (!here || strchr(files[i].path, '\n')) {
			error("'%s': cannot be written with the files of '%s'",
			      files[i].path, dir);
			return -1;
		}
		if (inplace_check_target(files[i].path) ||
		    lstat(files[i].path, &st[i]))
			return -1;
		if (!same_contents(files[i].path, files[i].old,
				   files[i].old_len)) {
			error("'%s' changed while irqconv converted it: run again",
			      files[i].path);
			return -1;
		}
	}
	return 0;
}

static int write_journal(const char *dir, const struct inplace_file *files,
			 size_t nr)
{
	struct strbuf sb = STRBUF_INIT;
	char *tmp = xasprintf("%s/" INPLACE_JOURNAL ".tmp", dir);
	char *path = xasprintf("%s/" INPLACE_JOURNAL, dir);
	struct stat like = { .st_mode = 0644, .st_uid = getuid(),
			     .st_gid = getgid() };
	size_t i;
	int ret;

	strbuf_addstr(&sb, INPLACE_JOURNAL_HEAD);
	for (i = 0; i < nr; i++)
		strbuf_addf(&sb, "%016llx %016llx %s\n",
			    hash_bytes(HASH_INIT, files[i].old, files[i].old_len),
			    hash_bytes(HASH_INIT, files[i].new, files[i].new_len),
			    base_part(files[i].path));
	ret = write_synced(tmp, sb.buf, sb.len, &like, tmp);
	if (!ret && rename(tmp, path)) {
		int saved = errno;

		ret = -1;
		unlink(tmp);
		errno = saved;
	}
	if (ret)
		error("cannot write '%s': %s", path, strerror(errno));
	else
		inplace_sync_dir(dir);
	strbuf_release(&sb);
	free(tmp);
	free(path);
	return ret;
}

/* Before the journal is in place: take back the new files written so far. */
static void unstage(const char *dir, const struct inplace_file *files,
		    size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		char *staged = inplace_staged_path(dir, base_part(files[i].path));

		unlink(staged);
		free(staged);
	}
}

static int stage_files(const char *dir, const struct inplace_file *files,
		       size_t nr, const struct stat *st)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		char *staged = inplace_staged_path(dir, base_part(files[i].path));
		int failed = write_synced(staged, files[i].new,
					  files[i].new_len, &st[i],
					  files[i].path);

		free(staged);
		if (failed) {
			error("cannot write '%s': %s", files[i].path,
			      strerror(errno));
			unstage(dir, files, i);
			return -1;
		}
		fault_point(FAULT_STAGED);
	}
	return 0;
}

/* After the journal: the renames, which a later run repeats if need be. */
static int commit_files(const char *dir, const struct inplace_file *files,
			size_t nr)
{
	char *journal = xasprintf("%s/" INPLACE_JOURNAL, dir);
	size_t i;
	int ret = 0;

	for (i = 0; i < nr; i++) {
		char *staged = inplace_staged_path(dir, base_part(files[i].path));

		if (rename(staged, files[i].path)) {
			error("cannot rename '%s' to '%s': %s; the next run finishes it",
			      staged, files[i].path, strerror(errno));
			ret = -2;
		}
		free(staged);
		fault_point(FAULT_RENAMED);
	}
	inplace_sync_dir(dir);
	if (!ret) {
		unlink(journal);
		inplace_sync_dir(dir);
	}
	free(journal);
	return ret;
}

int inplace_write(const char *dir, const struct inplace_file *files,
		  size_t nr)
{
	struct stat *st = xcalloc(nr + 1, sizeof(*st));
	int lock = inplace_lock_dir(dir), ret = -1;

	if (lock < 0)
		goto out;
	if (check_files(dir, files, nr, st) || stage_files(dir, files, nr, st))
		goto out_unlock;
	if (write_journal(dir, files, nr)) {
		unstage(dir, files, nr);
		goto out_unlock;
	}
	fault_point(FAULT_JOURNAL);
	ret = commit_files(dir, files, nr);
out_unlock:
	close(lock);
out:
	free(st);
	return ret;
}

bool inplace_file_is_dirty(const char *path)
{
	char *dir = inplace_dir_part(path), *cmd, line[16];
	bool dirty = false;
	FILE *fp;

	if (strchr(path, '\'')) {
		free(dir);
		return false;
	}
	cmd = xasprintf("git -C '%s' status --porcelain -- '%s' 2>/dev/null",
			dir, base_part(path));
	fp = popen(cmd, "r");
	if (fp) {
		dirty = fgets(line, sizeof(line), fp) != NULL;
		pclose(fp);
	}
	free(cmd);
	free(dir);
	return dirty;
}

int inplace_check_target(const char *path)
{
	struct stat st;

	if (lstat(path, &st)) {
		error("cannot write '%s': %s", path, strerror(errno));
		return -1;
	}
	if (S_ISLNK(st.st_mode)) {
		error("'%s' is a symbolic link: --in-place writes only the file itself; convert the file it points to",
		      path);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		error("'%s' is not a regular file", path);
		return -1;
	}
	return 0;
}
