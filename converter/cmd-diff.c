// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv diff OLD NEW: the unified diff irqconv writes into its patches,
 * for two files.  Plumbing: it lets the diff engine be checked against
 * `git apply` on real kernel files.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "rewrite/diff.h"

static const char diff_usage[] =
	"usage: irqconv diff [--path NAME] OLD NEW\n\n"
	"Print the unified diff that turns file OLD into file NEW, with git's\n"
	"headers naming NAME (default: OLD).\n"
	EXIT_STATUS_USAGE("the files differ, as with diff(1)");

int cmd_diff(int argc, char **argv)
{
	static const struct option options[] = {
		{ "path", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct strbuf out = STRBUF_INIT;
	const char *path = NULL;
	char *old, *new;
	size_t old_len, new_len;
	struct stat st;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		if (opt == 'p') {
			path = optarg;
		} else if (opt == 'h') {
			fputs(diff_usage, stdout);
			return 0;
		} else {
			fputs(diff_usage, stderr);
			return 2;
		}
	}
	if (argc - optind != 2) {
		fputs(diff_usage, stderr);
		return 2;
	}
	old = read_file(argv[optind], &old_len);
	if (!old) {
		error("cannot read '%s': %s", argv[optind], strerror(errno));
		return 2;
	}
	new = read_file(argv[optind + 1], &new_len);
	if (!new) {
		error("cannot read '%s': %s", argv[optind + 1], strerror(errno));
		free(old);
		return 2;
	}
	if (stat(argv[optind], &st))
		st.st_mode = 0644;
	diff_unified(&out, path ? path : argv[optind],
		     diff_git_mode(st.st_mode), old, old_len, new, new_len,
		     NULL);
	fwrite(out.buf ? out.buf : "", 1, out.len, stdout);
	ret = out.len ? 1 : 0;
	strbuf_release(&out);
	free(old);
	free(new);
	return ret;
}
