// SPDX-License-Identifier: GPL-2.0
/*
 * The names a file of a convert run goes by: in the table and JSON, in a
 * patch, and the mode its index line records.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "patches/state.h"
#include "rewrite/diff.h"

/*
 * The name a file goes by in the table, the JSON and the cover letter: its
 * path in the kernel tree, or for an external module (../../dir/file.c),
 * its path from the current directory, as the user named it.
 */
char *convert_patch_path(const struct convert_state *st, const char *relpath)
{
	char cwd[4096], *abs, *full, *ret;
	size_t n;

	if (!starts_with(relpath, "../") || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(relpath);
	full = xasprintf("%s/%s", st->kb.src, relpath);
	abs = realpath(full, NULL);
	free(full);
	if (!abs)
		return xstrdup(relpath);
	n = strlen(cwd);
	ret = xstrdup(!strncmp(abs, cwd, n) && abs[n] == '/' ? abs + n + 1 : abs);
	free(abs);
	return ret;
}

/*
 * The name a file goes by in a patch, for `git am` at the top of the tree
 * it belongs to: the kernel tree, or for an external module the module's
 * directory (the nearest one above the file with a Kbuild or Makefile).
 */
char *convert_diff_path(const struct convert_state *st, const char *relpath)
{
	char *full, *abs, *dir, *ret = NULL;

	if (!starts_with(relpath, "../"))
		return xstrdup(relpath);
	full = xasprintf("%s/%s", st->kb.src, relpath);
	abs = realpath(full, NULL);
	free(full);
	if (!abs)
		return xstrdup(strrchr(relpath, '/') + 1);
	dir = dir_of(abs);
	while (!kbuild_dir_has_makefile(dir) && strrchr(dir, '/') != dir) {
		char *up = dir_of(dir);

		free(dir);
		dir = up;
	}
	if (kbuild_dir_has_makefile(dir))
		ret = xstrdup(abs + strlen(dir) + 1);
	else
		ret = xstrdup(strrchr(abs, '/') + 1);
	free(dir);
	free(abs);
	return ret;
}

/* The mode git records for @relpath, as its index line says it. */
unsigned int convert_file_mode(const struct convert_state *st,
			       const char *relpath)
{
	char *abs = xasprintf("%s/%s", st->kb.src, relpath);
	struct stat sb;
	unsigned int mode = stat(abs, &sb) ? 0644 : sb.st_mode;

	free(abs);
	return diff_git_mode(mode);
}
