// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv scan PATH...: find every request_*irq() call below PATH, resolve
 * and analyse its handler, and say whether and how it converts to a
 * threaded handler.  Files are scanned in forked workers, results cached
 * per file content and flags, and printed in path order.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "commands.h"
#include "deps.h"
#include "model/reasons.h"
#include "scan/cache.h"
#include "scan/file.h"
#include "scan/jobs.h"
#include "scan/output.h"
#include "workspace.h"

static const char scan_usage[] =
	"usage: irqconv scan [--kernel SRC] [--kbuild OBJ] [-j N] [--format=table|json]\n"
	"                    [--summary] [--no-cache] [--stats] PATH...\n"
	"       irqconv scan --list-reasons\n\n"
	"Find every request_irq() family call in the C files at or below each\n"
	"PATH (relative to SRC), resolve and analyse its handler, and give a\n"
	"verdict: already_threaded, convertible (with a strategy),\n"
	"not_convertible or unanalysable, with the reason.\n\n"
	WORKSPACE_USAGE
	"  -j N             parallel workers (default: number of CPUs)\n"
	"  --format=FMT     'table' (default) or 'json': one object per line\n"
	"  --summary        counts by verdict and reason instead of sites\n"
	"  --no-cache       parse every file again (and refresh the cache)\n"
	"  --stats          say on stderr how many files were parsed and cached\n"
	"  --list-reasons   print every reason code: code, verdict, sentence\n"
	EXIT_STATUS_USAGE("a file could not be analysed: it does not parse, or kbuild\n"
			  "     gives it no flags (every verdict is a finding, exit 0)");

struct scan_file_state {
	char *relpath;
	char *cache;		/* cache file, or NULL */
	char *records;		/* the file's records once known */
};

struct scan_run {
	struct kbuild *kb;
	struct scan_file_state *files;
	size_t nr, alloc;
	size_t *todo;
	size_t nr_todo, nr_done, nr_skipped, nr_noflags;
	bool progress;
};

static void add_file(struct scan_run *r, const char *relpath)
{
	if (r->nr == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 64;
		r->files = xrealloc(r->files, r->alloc * sizeof(*r->files));
	}
	memset(&r->files[r->nr], 0, sizeof(r->files[r->nr]));
	r->files[r->nr++].relpath = xstrdup(relpath);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every .c file below @reldir, in name order. */
static void add_dir(struct scan_run *r, const char *reldir)
{
	char *abs = *reldir ? xasprintf("%s/%s", r->kb->src, reldir) :
			      xstrdup(r->kb->src);
	struct strvec names = STRVEC_INIT;
	struct dirent *de;
	DIR *d = opendir(abs);
	size_t i;

	if (!d) {
		warn("cannot read '%s': %s", abs, strerror(errno));
		free(abs);
		return;
	}
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			strvec_push(&names, de->d_name);
	closedir(d);
	qsort(names.v, names.nr, sizeof(char *), cmp_str);
	for (i = 0; i < names.nr; i++) {
		char *rel = *reldir ? xasprintf("%s/%s", reldir, names.v[i]) :
				      xstrdup(names.v[i]);
		char *path = xasprintf("%s/%s", abs, names.v[i]);
		struct stat s;

		if (!lstat(path, &s) && S_ISDIR(s.st_mode))
			add_dir(r, rel);
		else if (!lstat(path, &s) && S_ISREG(s.st_mode) &&
			 ends_with(rel, ".c"))
			add_file(r, rel);
		free(rel);
		free(path);
	}
	strvec_clear(&names);
	free(abs);
}

/* 0, or 2 after saying why @arg cannot be scanned. */
static int add_path(struct scan_run *r, const char *arg)
{
	char *rel = kbuild_input_relpath(r->kb, arg);
	char *abs;
	struct stat s;
	int ret = 0;

	if (!rel) {
		error("'%s' is not a path inside the kernel tree '%s' (paths are relative to it), nor an external module directory with a Kbuild file",
		      arg, r->kb->src);
		return 2;
	}
	abs = xasprintf("%s/%s", r->kb->src, rel);
	if (stat(abs, &s)) {
		error("'%s': %s", arg, strerror(errno));
		ret = 2;
	} else if (S_ISDIR(s.st_mode)) {
		/*
		 * An external module's one M= dry run covers its subdirectories;
		 * a tree's directories are loaded with plan()'s files.
		 */
		if (kbuild_is_external(rel) && kbuild_load_dir(r->kb, rel) < 0)
			ret = 2;
		else
			add_dir(r, rel);
	} else if (ends_with(rel, ".c")) {
		add_file(r, rel);
	} else {
		error("'%s' is not a C file or a directory", arg);
		ret = 2;
	}
	free(abs);
	free(rel);
	return ret;
}

/*
 * The records of a cache file, or NULL when there is none or a file of the
 * tree the analysis read has changed since (scan/cache.h).
 */
static char *cached_records(struct kbuild *kb, const char *cache)
{
	char *text = read_file(cache, NULL), *records = NULL;
	const char *rest;

	if (text && deps_fresh(kb->src, text, &rest))
		records = xstrdup(rest);
	free(text);
	return records;
}

static int scan_work(size_t i, void *data)
{
	struct scan_run *r = data;
	struct scan_file_state *f = &r->files[r->todo[i]];
	struct strbuf out = STRBUF_INIT, records = STRBUF_INIT;

	/* Fault injection for the tests: a worker that dies. */
	if (getenv("IRQCONV_TEST_CRASH") &&
	    ends_with(f->relpath, getenv("IRQCONV_TEST_CRASH")))
		abort();
	deps_start(r->kb->src, r->kb->obj);
	scan_file(r->kb, f->relpath, &records);
	deps_write(&out);
	deps_stop();
	if (records.len)
		strbuf_add(&out, records.buf, records.len);
	strbuf_release(&records);
	if (write_file_atomic(f->cache, out.buf ? out.buf : "", out.len))
		return 1;
	return 0;
}

static void scan_done(size_t i, int status, void *data)
{
	struct scan_run *r = data;
	struct scan_file_state *f = &r->files[r->todo[i]];
	struct strbuf out = STRBUF_INIT;

	r->nr_done++;
	if (r->progress)
		fprintf(stderr, "\r  SCAN    %zu/%zu files", r->nr_done,
			r->nr_todo);
	if (WIFEXITED(status) && !WEXITSTATUS(status)) {
		f->records = cached_records(r->kb, f->cache);
		if (f->records)
			return;
	}
	if (WIFSIGNALED(status))
		strbuf_addf(&out, "the analysis crashed (signal %d)",
			    WTERMSIG(status));
	if (WIFSIGNALED(status))
		warn("'%s': the analysis crashed (signal %d)", f->relpath,
		     WTERMSIG(status));
	else
		strbuf_addf(&out, "the analysis failed (exit status %d)",
			    WEXITSTATUS(status));
	{
		struct strbuf rec = STRBUF_INIT;

		scan_file_failure(f->relpath, false, R_CRASHED, out.buf, &rec);
		f->records = strbuf_detach(&rec);
	}
	strbuf_release(&out);
	/* Never cache a crash: the next run tries again. */
	unlink(f->cache);
}

/*
 * Whether a file kbuild builds could not be analysed (it does not parse, or
 * its analysis crashed): exit status 1.  A file outside the configuration
 * that does not parse with borrowed flags (another architecture's driver)
 * and a site-level unanalysable verdict, such as a handler that cannot be
 * resolved, are findings like any other.
 */
static bool files_unanalysed(const char *records)
{
	const char *line, *next;

	for (line = records; *line; line = next) {
		char *rec;
		bool failed;

		next = line + strcspn(line, "\n");
		next += *next == '\n';
		rec = xstrndup(line, next - line);
		failed = strstr(rec, "\"reason_codes\":[\"crashed\"]") ||
			 (strstr(rec, "\"reason_codes\":[\"parse-error\"]") &&
			  strstr(rec, "\"not_in_config\":false"));
		free(rec);
		if (failed)
			return true;
	}
	return false;
}

/* Work out what to parse; returns 0 or 2. */
static int plan(struct scan_run *r, bool use_cache)
{
	char *dir = xasprintf("%s/.irqconv/scan-cache", r->kb->obj);
	struct strvec wanted = STRVEC_INIT;
	bool *may_request;
	size_t i;

	if (mkdir_p(dir)) {
		error("cannot create '%s': %s", dir, strerror(errno));
		free(dir);
		return 2;
	}
	free(dir);
	may_request = xcalloc(r->nr ? r->nr : 1, sizeof(*may_request));
	for (i = 0; i < r->nr; i++) {
		char *abs = xasprintf("%s/%s", r->kb->src, r->files[i].relpath);

		may_request[i] = scan_file_may_request(abs);
		if (may_request[i])
			strvec_push(&wanted, r->files[i].relpath);
		free(abs);
	}
	/* Their flags name their cache entries: one make per tree for all. */
	kbuild_preload(r->kb, &wanted);
	strvec_clear(&wanted);
	r->todo = xcalloc(r->nr ? r->nr : 1, sizeof(*r->todo));
	for (i = 0; i < r->nr; i++) {
		struct scan_file_state *f = &r->files[i];

		if (!may_request[i]) {
			f->records = xstrdup("");
			r->nr_skipped++;
			continue;
		}
		f->cache = scan_cache_path(r->kb, f->relpath);
		if (!f->cache) {
			struct strbuf rec = STRBUF_INIT;

			scan_file_failure(f->relpath, true, R_NO_FLAGS,
					  reason_text(R_NO_FLAGS), &rec);
			f->records = strbuf_detach(&rec);
			r->nr_noflags++;
			continue;
		}
		if (use_cache)
			f->records = cached_records(r->kb, f->cache);
		if (!f->records)
			r->todo[r->nr_todo++] = i;
	}
	free(may_request);
	return 0;
}

static void release(struct scan_run *r)
{
	size_t i;

	for (i = 0; i < r->nr; i++) {
		free(r->files[i].relpath);
		free(r->files[i].cache);
		free(r->files[i].records);
	}
	free(r->files);
	free(r->todo);
}

int cmd_scan(int argc, char **argv)
{
	static const struct option options[] = {
		WORKSPACE_OPTIONS,
		{ "jobs", required_argument, NULL, 'j' },
		{ "format", required_argument, NULL, 'f' },
		{ "summary", no_argument, NULL, 's' },
		{ "no-cache", no_argument, NULL, 'n' },
		{ "stats", no_argument, NULL, 'S' },
		{ "list-reasons", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct workspace_opts wo;
	struct kbuild kb;
	struct scan_run r;
	struct strbuf all = STRBUF_INIT;
	bool json = false, summary = false, use_cache = true, stats = false;
	int opt, i, jobs = jobs_default(), ret = 0;
	size_t k;

	workspace_opts_init(&wo);
	while ((opt = getopt_long(argc, argv, "hj:", options, NULL)) != -1) {
		char *end;

		if (workspace_option(opt, optarg, &wo))
			continue;
		switch (opt) {
		case 'h':
			fputs(scan_usage, stdout);
			return 0;
		case 'j':
			jobs = strtol(optarg, &end, 10);
			if (*end || jobs < 1) {
				error("-j wants a positive number, not '%s'",
				      optarg);
				return 2;
			}
			break;
		case 'f':
			if (!strcmp(optarg, "json")) {
				json = true;
			} else if (strcmp(optarg, "table")) {
				error("unknown format '%s' (table or json)",
				      optarg);
				return 2;
			}
			break;
		case 's':
			summary = true;
			break;
		case 'n':
			use_cache = false;
			break;
		case 'S':
			stats = true;
			break;
		case 'L':
			reasons_print(stdout);
			return 0;
		default:
			fputs(scan_usage, stderr);
			return 2;
		}
	}
	if (optind == argc) {
		fputs(scan_usage, stderr);
		return 2;
	}
	if (workspace_open(&wo, &kb))
		return 2;
	memset(&r, 0, sizeof(r));
	r.kb = &kb;
	for (i = optind; i < argc && !ret; i++)
		ret = add_path(&r, argv[i]);
	if (!ret)
		ret = plan(&r, use_cache);
	if (ret)
		goto out;
	r.progress = isatty(2) && r.nr_todo > 4;
	if (jobs_run(r.nr_todo, jobs, scan_work, scan_done, &r) < 0) {
		ret = 2;
		goto out;
	}
	if (r.progress)
		fputc('\n', stderr);
	for (k = 0; k < r.nr; k++)
		if (r.files[k].records)
			strbuf_addstr(&all, r.files[k].records);
	if (summary)
		scan_print_summary(all.buf ? all.buf : "", r.nr, stdout);
	else if (json)
		scan_print_json(all.buf ? all.buf : "", stdout);
	else
		scan_print_table(all.buf ? all.buf : "", stdout);
	if (files_unanalysed(all.buf ? all.buf : ""))
		ret = 1;
	if (stats)
		fprintf(stderr, "scan: %zu files, %zu without request calls, %zu without flags, %zu parsed, %zu from cache\n",
			r.nr, r.nr_skipped, r.nr_noflags, r.nr_todo,
			r.nr - r.nr_skipped - r.nr_noflags - r.nr_todo);
out:
	strbuf_release(&all);
	release(&r);
	kbuild_close(&kb);
	return ret;
}
