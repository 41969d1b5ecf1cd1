// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv report OUTDIR...: write OUTDIR/report.html for a series written by
 * `irqconv convert -o`, with review decisions and batch results; or one
 * report of several series (-o FILE), as `make batch` does.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "review/review.h"

static const char report_usage[] =
	"usage: irqconv report [-o FILE] OUTDIR...\n\n"
	"Write OUTDIR/report.html, one self-contained page: every request site\n"
	"with verdict, strategy, compile and boot results and review state, with\n"
	"filters (also from the URL: report.html#verdict=refused&review=pending),\n"
	"and per patch its facts, risks, test logs and coloured diff.\n\n"
	"  -o FILE          one report of every OUTDIR in FILE (needed for several),\n"
	"                   its links relative to FILE's directory\n"
	"\nExit status:\n"
	"  0  written\n"
	"  2  usage, a series that cannot be read, a report that cannot be written\n";

/* @to relative to the directory @from (both absolute), with a final slash. */
static char *relative_dir(const char *from, const char *to)
{
	struct strbuf sb = STRBUF_INIT;
	size_t common = 0, i;
	const char *rest;

	for (i = 0; from[i] && from[i] == to[i]; i++)
		if (from[i] == '/')
			common = i;
	if (!from[i] && (to[i] == '/' || !to[i]))
		common = i;
	rest = from + common;
	for (; *rest; rest++)
		if (*rest == '/')
			strbuf_addstr(&sb, "../");
	if (to[common])
		strbuf_addf(&sb, "%s/", to + common + 1);
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}

static int report_many(const char *file, char **dirs, int n)
{
	struct review_set *sets = xcalloc(n, sizeof(*sets));
	char **rel = xcalloc(n, sizeof(*rel));
	char *dir = xstrdup(file), *slash, *absdir = NULL;
	int i, loaded, ret = 2;

	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	if (!mkdir_p(slash ? dir : "."))
		absdir = realpath(slash ? dir : ".", NULL);
	if (!absdir) {
		error("cannot create '%s': %s", dir, strerror(errno));
		goto out;
	}
	for (loaded = 0; loaded < n; loaded++) {
		char *abs;

		if (review_set_load(&sets[loaded], dirs[loaded]))
			goto out;
		abs = realpath(dirs[loaded], NULL);
		rel[loaded] = relative_dir(absdir, abs);
		free(abs);
	}
	ret = review_html_write_many(file, sets, n, (const char *const *)rel) ? 1 : 0;
	if (!ret)
		printf("%s\n", file);
out:
	for (i = 0; i < n; i++) {
		review_set_release(&sets[i]);	/* zeroed ones too */
		free(rel[i]);
	}
	free(sets);
	free(rel);
	free(absdir);
	free(dir);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	static const struct option options[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct review_set rs;
	const char *file = NULL;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, "ho:", options, NULL)) != -1) {
		if (opt == 'o') {
			file = optarg;
			continue;
		}
		if (opt == 'h') {
			fputs(report_usage, stdout);
			return 0;
		}
		fputs(report_usage, stderr);
		return 2;
	}
	if (argc == optind || (argc - optind > 1 && !file)) {
		if (argc - optind > 1)
			error("several OUTDIRs need -o FILE");
		fputs(report_usage, stderr);
		return 2;
	}
	if (file)
		return report_many(file, argv + optind, argc - optind);
	if (review_set_load(&rs, argv[optind])) {
		review_set_release(&rs);
		return 2;
	}
	ret = review_html_write(&rs) ? 2 : 0;
	if (!ret)
		printf("%s/report.html\n", rs.dir);
	review_set_release(&rs);
	return ret;
}
