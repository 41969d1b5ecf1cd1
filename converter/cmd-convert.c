// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv convert PATH...: split the hard-irq handlers of the request_irq()
 * calls under PATH into quick checks and threads, and write the result as
 * a patch series (-o) or into the tree (--in-place).
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "convert/split.h"
#include "patches/inplace.h"
#include "patches/state.h"
#include "rewrite/outdir.h"
#include "rewrite/series.h"
#include "scan/output.h"
#include "tu.h"
#include "workspace.h"

static const char convert_usage[] =
	"usage: irqconv convert [--kernel SRC] [--kbuild OBJ] [-o OUTDIR | --in-place]\n"
	"                       [--strategy SITE=NAME]... [--author 'NAME <EMAIL>']\n"
	"                       [--date DATE]\n"
	"                       [--format=table|json] [--all] [--scan-json FILE]\n"
	"                       PATH...\n\n"
	"Convert the request_irq()/devm_request_irq() handlers under each PATH\n"
	"(files or directories of the kernel tree) to threaded handlers.\n\n"
	"  -o OUTDIR        write one patch per driver, a cover letter and a series file\n"
	"                   into OUTDIR: a new or empty directory, or one an earlier\n"
	"                   convert -o wrote (replaced whole); anything else is refused\n"
	"  --in-place       change the tree itself, all files of a driver or none,\n"
	"                   through a journal that the next run finishes if killed\n"
	"  --strategy SITE=NAME\n"
	"                   force split-mask, split-oneshot or staged (a quick check\n"
	"                   in front of the old handler, request_irq_quickcheck() of\n"
	"                   kernel-patches/) for SITE, given as FILE:LINE of the\n"
	"                   request or as the handler's name; one that names no\n"
	"                   request site found is an error\n"
	"  --author A       author and Signed-off-by of the patches (default: git config)\n"
	"  --date DATE      Date: of the mails (default: now), as RFC 2822, YYYY-MM-DD\n"
	"                   [HH:MM:SS [+ZZZZ]] or @SECONDS since the epoch\n"
	"  --format=json    one JSON object per request site instead of the table\n"
	"  --all            also emit sites judged no-gain (declined by default)\n"
	"  --scan-json FILE also write the records `irqconv scan --format=json` gives\n"
	"                   for the files converted, from the same parse (make batch)\n"
	WORKSPACE_USAGE
	"\nWithout -o or --in-place nothing is written: the table says what would be done\n"
	"(an --in-place run that was killed is finished first, whatever the options).\n"
	EXIT_STATUS_USAGE("a file could not be analysed: it does not parse (refused\n"
			  "     sites are findings, exit 0); the other files are converted");

static bool mentions_request_irq(const char *path)
{
	char *buf = read_file(path, NULL);
	bool hit = buf && strstr(buf, "request_");

	free(buf);
	return hit;
}

static void collect(struct convert_state *st, const char *relpath,
		    struct strvec *files)
{
	char *abs = xasprintf("%s/%s", st->kb.src, relpath);
	struct stat sb;
	DIR *d;
	struct dirent *de;

	if (stat(abs, &sb)) {
		free(abs);
		return;
	}
	if (S_ISREG(sb.st_mode)) {
		if (ends_with(relpath, ".c") && mentions_request_irq(abs))
			strvec_push(files, relpath);
		free(abs);
		return;
	}
	d = opendir(abs);
	while (d && (de = readdir(d))) {
		char *sub;

		if (de->d_name[0] == '.')
			continue;
		sub = *relpath ? xasprintf("%s/%s", relpath, de->d_name) :
			xstrdup(de->d_name);
		collect(st, sub, files);
		free(sub);
	}
	if (d)
		closedir(d);
	free(abs);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A driver whose edits do not fit together is left alone: its converted
 * sites become refusals and it gets no patch, the others still do.
 */
static void drop_driver(struct convert_state *st, struct driver *d)
{
	size_t i;

	for (i = 0; i < st->nr_results; i++) {
		struct site_result *r = &st->results[i];

		if (strcmp(r->verdict, "converted") ||
		    strcmp(r->driver, d->dir) ||
		    strcmp(r->module ? r->module : "", d->module ? d->module : ""))
			continue;
		free(r->verdict);
		r->verdict = xstrdup("refused");
		free(r->reason);
		r->reason = reason_format(R_EDITS_OVERLAP, r->handler);
		r->reason_code = reason_code(R_EDITS_OVERLAP);
	}
	d->nr_converted = 0;
	d->nr_files = 0;
}

/* Check every changed file; the number of drivers left alone for it. */
static unsigned int render_files(struct convert_state *st)
{
	unsigned int dropped = 0;
	size_t i, j;

	for (i = 0; i < st->nr_drivers; i++)
		for (j = 0; j < st->drivers[i].nr_files; j++) {
			struct changed_file *f = &st->drivers[i].files[j];

			if (edit_list_check(&f->edits, f->old_len)) {
				drop_driver(st, &st->drivers[i]);
				dropped++;
				break;
			}
		}
	return dropped;
}

/*
 * --in-place into a git work tree: refuse when a file to be written has
 * changes git does not have, so that nothing uncommitted is overwritten.
 */
static int check_clean(struct convert_state *st)
{
	size_t i, j;
	int ret = 0;

	for (i = 0; i < st->nr_drivers; i++)
		for (j = 0; j < st->drivers[i].nr_files; j++) {
			char *abs = xasprintf("%s/%s", st->kb.src,
					      st->drivers[i].files[j].relpath);

			if (inplace_file_is_dirty(abs)) {
				error("'%s' has uncommitted changes: commit or stash them before --in-place",
				      abs);
				ret = -1;
			}
			free(abs);
		}
	return ret;
}

/* The files of @d, all or none (patches/inplace.c). */
static int write_driver(struct convert_state *st, const struct driver *d)
{
	struct inplace_file *files = xcalloc(d->nr_files + 1, sizeof(*files));
	char *joined = xasprintf("%s/%s", st->kb.src, d->dir);
	char *dir = realpath(joined, NULL);
	size_t j;
	int ret;

	/* Its files are all in its directory, named from / in messages. */
	if (!dir)
		dir = xstrdup(joined);
	free(joined);
	for (j = 0; j < d->nr_files; j++) {
		const struct changed_file *f = &d->files[j];

		files[j].path = xasprintf("%s/%s", dir,
					  strrchr(f->relpath, '/') ?
					  strrchr(f->relpath, '/') + 1 :
					  f->relpath);
		files[j].old = f->old;
		files[j].old_len = f->old_len;
		files[j].new = edit_apply(&f->edits, f->old, f->old_len,
					  &files[j].new_len);
	}
	ret = inplace_write(dir, files, d->nr_files);
	for (j = 0; j < d->nr_files; j++) {
		free((char *)files[j].path);
		free((char *)files[j].new);
	}
	free(files);
	free(dir);
	return ret;
}

/* The table says which sites were converted but not written. */
static void mark_unwritten(struct convert_state *st, const struct driver *d,
			   const char *why)
{
	char *dir = convert_patch_path(st, d->dir);
	size_t i;

	for (i = 0; i < st->nr_results; i++) {
		struct site_result *r = &st->results[i];

		if (!convert_result_of(r, d) || strcmp(r->verdict, "converted"))
			continue;
		free(r->verdict);
		free(r->reason);
		r->verdict = xstrdup("not_written");
		r->reason_code = reason_code(R_NOT_WRITTEN);
		r->reason = reason_format(R_NOT_WRITTEN, r->strategy, why, dir);
	}
	free(dir);
}

/* Each driver all or none; one that fails leaves the others written. */
static int write_in_place(struct convert_state *st)
{
	size_t i;
	int ret = 0;

	if (check_clean(st)) {
		for (i = 0; i < st->nr_drivers; i++)
			mark_unwritten(st, &st->drivers[i],
				       "a file to write has uncommitted changes");
		return -1;
	}
	for (i = 0; i < st->nr_drivers; i++) {
		int written = write_driver(st, &st->drivers[i]);

		/* -2: past the journal, the next run finishes the renames. */
		if (written == -1)
			mark_unwritten(st, &st->drivers[i], "writing failed");
		if (written)
			ret = -1;
	}
	return ret;
}

/* scan's records, rendered in memory and written whole or not at all. */
static int write_scan_json(const char *path, const struct strbuf *records)
{
	char *json = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&json, &len);
	int ret;

	if (!f)
		die("cannot render the records for '%s': %s", path,
		    strerror(errno));
	scan_print_json(records->buf ? records->buf : "", f);
	fclose(f);
	ret = write_file_atomic(path, json, len);
	if (ret)
		error("cannot write '%s': %s", path, strerror(errno));
	free(json);
	return ret;
}

/*
 * Before anything else: -o must name a directory convert may write, and
 * what a killed --in-place run left under the inputs is finished.
 */
static int prepare_output(const struct convert_state *st, const char *outdir,
			  const struct strvec *rels)
{
	struct strvec abs = STRVEC_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < rels->nr; i++) {
		char *path = xasprintf("%s/%s", st->kb.src, rels->v[i]);
		char *real = realpath(path, NULL);

		strvec_push_nodup(&abs, real ? real : xstrdup(path));
		free(path);
	}
	if (outdir && outdir_check(outdir, &abs))
		ret = -1;
	for (i = 0; i < abs.nr && !ret; i++)
		ret = inplace_recover(abs.v[i]);
	strvec_clear(&abs);
	return ret;
}

int cmd_convert(int argc, char **argv)
{
	static const struct option options[] = {
		WORKSPACE_OPTIONS,
		{ "output", required_argument, NULL, 'o' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "strategy", required_argument, NULL, 's' },
		{ "author", required_argument, NULL, 'a' },
		{ "date", required_argument, NULL, 'D' },
		{ "format", required_argument, NULL, 'f' },
		{ "all", no_argument, NULL, 'A' },
		{ "scan-json", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct convert_state st;
	struct workspace_opts wo;
	struct strvec files = STRVEC_INIT, inputs = STRVEC_INIT;
	const char *outdir = NULL;
	const char *scan_json = NULL;
	struct strbuf scan_records = STRBUF_INIT;
	char *author = NULL;
	bool in_place = false;
	int opt, i, ret = 0;
	size_t k;

	memset(&st, 0, sizeof(st));
	workspace_opts_init(&wo);
	while ((opt = getopt_long(argc, argv, "ho:", options, NULL)) != -1) {
		if (workspace_option(opt, optarg, &wo))
			continue;
		switch (opt) {
		case 'o':
			outdir = optarg;
			break;
		case 'i':
			in_place = true;
			break;
		case 's':
			if (!strchr(optarg, '=') || *optarg == '=' ||
			    split_strategy_parse(strchr(optarg, '=') + 1) == SPLIT_NONE) {
				error("--strategy '%s': want SITE=split-mask, SITE=split-oneshot or SITE=staged",
				      optarg);
				return 2;
			}
			strvec_push(&st.strategies, optarg);
			break;
		case 'a':
			if (!series_author_valid(optarg)) {
				error("--author '%s': want 'NAME <EMAIL>', as git am takes it",
				      optarg);
				return 2;
			}
			free(author);
			author = xstrdup(optarg);
			break;
		case 'D':
			free(st.date);
			st.date = series_date(optarg);
			if (!st.date) {
				error("--date '%s': want an RFC 2822 date, YYYY-MM-DD [HH:MM:SS [+ZZZZ]] or @SECONDS",
				      optarg);
				return 2;
			}
			break;
		case 'f':
			if (strcmp(optarg, "json") && strcmp(optarg, "table")) {
				error("--format '%s': want table or json", optarg);
				return 2;
			}
			st.json = !strcmp(optarg, "json");
			break;
		case 'A':
			st.all = true;
			break;
		case 'S':
			scan_json = optarg;
			st.scan_records = &scan_records;
			break;
		case 'h':
			fputs(convert_usage, stdout);
			return 0;
		default:
			fputs(convert_usage, stderr);
			return 2;
		}
	}
	if (optind == argc || (outdir && in_place)) {
		if (outdir && in_place)
			error("-o and --in-place exclude each other");
		fputs(convert_usage, stderr);
		return 2;
	}
	if (workspace_open(&wo, &st.kb))
		return 2;
	if (!author)
		author = series_author_from_git();
	if (!author && outdir) {
		error("no author: pass --author 'NAME <EMAIL>' or set git's user.name and user.email");
		return 2;
	}
	if (author && outdir && !series_author_valid(author)) {
		error("git's user.name and user.email give '%s', not 'NAME <EMAIL>': pass --author",
		      author);
		return 2;
	}
	for (i = optind; i < argc; i++) {
		char *rel = kbuild_input_relpath(&st.kb, argv[i]);

		if (!rel) {
			error("'%s': no such file or directory in the kernel tree '%s'",
			      argv[i], st.kb.src);
			return 2;
		}
		strvec_push_nodup(&inputs, rel);
	}
	if (prepare_output(&st, outdir, &inputs)) {
		ret = 2;
		goto out;
	}
	for (k = 0; k < inputs.nr; k++)
		collect(&st, inputs.v[k], &files);
	if (files.nr)
		qsort(files.v, files.nr, sizeof(*files.v), by_name);
	kbuild_preload(&st.kb, &files);
	st.index = clang_createIndex(0, 0);
	for (k = 0; k < files.nr; k++) {
		if (isatty(2) && files.nr > 1)
			fprintf(stderr, "\r  CONVERT [%zu/%zu] %s\033[K", k + 1,
				files.nr, files.v[k]);
		convert_file(&st.kb, files.v[k], &st);
	}
	if (isatty(2) && files.nr > 1)
		fputs("\r\033[K", stderr);
	if (convert_check_strategies(&st)) {
		ret = 2;
		goto out;
	}
	if (st.nr_unparsed)
		ret = 1;
	/* A driver whose edits overlap is refused: a finding, exit 1. */
	if (render_files(&st))
		ret = 1;
	/* Nothing but files that do not parse: no empty series. */
	if (outdir && (st.nr_results || !st.nr_unparsed) &&
	    convert_write_series(&st, outdir, author))
		ret = 2;
	if (in_place && write_in_place(&st))
		ret = 2;
	if (scan_json && write_scan_json(scan_json, &scan_records))
		ret = 2;
	/* After writing: the table says what was written. */
	if (st.json)
		convert_print_json(&st);
	else
		convert_print_table(&st);
out:
	clang_disposeIndex(st.index);
	strvec_clear(&files);
	strvec_clear(&inputs);
	free(author);
	free(st.date);
	free(scan_records.buf);
	kbuild_close(&st.kb);
	return ret;
}
