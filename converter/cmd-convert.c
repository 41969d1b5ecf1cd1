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
#include "convert/callsite.h"
#include "convert/describe.h"
#include "convert/split.h"
#include "rewrite/series.h"
#include "tu.h"
#include "workspace.h"

static const char convert_usage[] =
	"usage: irqconv convert [--kernel SRC] [--kbuild OBJ] [-o OUTDIR | --in-place]\n"
	"                       [--strategy SITE=NAME]... [--author 'NAME <EMAIL>']\n"
	"                       [--format=table|json] PATH...\n\n"
	"Convert the request_irq()/devm_request_irq() handlers under each PATH\n"
	"(files or directories of the kernel tree) to threaded handlers.\n\n"
	"  -o OUTDIR        write one patch per driver, a cover letter and a series file\n"
	"  --in-place       change the tree itself, all files of a driver or none\n"
	"  --strategy SITE=NAME\n"
	"                   force split-mask, split-oneshot or staged (a quick check\n"
	"                   in front of the old handler, request_irq_quickcheck() of\n"
	"                   kernel-patches/) for SITE, given as FILE:LINE of the\n"
	"                   request or as the handler's name; one that names no\n"
	"                   request site found is an error\n"
	"  --author A       author and Signed-off-by of the patches (default: git config)\n"
	"  --format=json    one JSON object per request site instead of the table\n"
	WORKSPACE_USAGE
	"\nWithout -o or --in-place nothing is written: the table says what would be done.\n"
	EXIT_STATUS_USAGE("a file could not be analysed: it does not parse (refused\n"
			  "     sites are findings, exit 0); the other files are converted");

/* What happened to one request site. */
struct site_result {
	char *file;
	unsigned int line;
	char *handler;
	char *verdict;		/* converted, refused */
	char *strategy;
	char *reason;
	char *driver;
};

/* The new contents of one file. */
struct changed_file {
	char *relpath;
	char *old;
	size_t old_len;
	struct edit_list edits;
};

/* One driver: a directory's changed files and what to say about them. */
struct driver {
	char *dir;
	struct changed_file *files;
	size_t nr_files;
	struct strbuf body;
	unsigned int nr_converted;
	unsigned int nr_staged;	/* of them, given a quick check only */
	char *patch;		/* its file in the series, once written */
};

struct convert_state {
	struct kbuild kb;
	CXIndex index;
	struct strvec strategies;
	struct site_result *results;
	size_t nr_results;
	struct driver *drivers;
	size_t nr_drivers;
	bool json;
	unsigned int nr_unparsed;	/* input files that do not parse */
};

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, slash - path) : xstrdup(".");
}

/*
 * The name a file goes by in a patch: its path in the kernel tree, or for
 * an external module (../../dir/file.c), its path from the current
 * directory, as the user named it.
 */
static char *patch_path(const struct convert_state *st, const char *relpath)
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

static struct driver *driver_for(struct convert_state *st, const char *relpath)
{
	char *dir = dir_of(relpath);
	size_t i;

	for (i = 0; i < st->nr_drivers; i++)
		if (!strcmp(st->drivers[i].dir, dir)) {
			free(dir);
			return &st->drivers[i];
		}
	st->drivers = xrealloc(st->drivers,
			       (st->nr_drivers + 1) * sizeof(*st->drivers));
	memset(&st->drivers[st->nr_drivers], 0, sizeof(*st->drivers));
	st->drivers[st->nr_drivers].dir = dir;
	return &st->drivers[st->nr_drivers++];
}

static struct changed_file *file_for(struct convert_state *st,
				     const char *relpath)
{
	struct driver *d = driver_for(st, relpath);
	struct changed_file *f;
	char *abs;
	size_t i;

	for (i = 0; i < d->nr_files; i++)
		if (!strcmp(d->files[i].relpath, relpath))
			return &d->files[i];
	abs = xasprintf("%s/%s", st->kb.src, relpath);
	d->files = xrealloc(d->files, (d->nr_files + 1) * sizeof(*f));
	f = &d->files[d->nr_files++];
	f->relpath = xstrdup(relpath);
	f->old = read_file(abs, &f->old_len);
	if (!f->old)
		die("cannot read '%s': %s", abs, strerror(errno));
	edit_list_init(&f->edits, relpath);
	free(abs);
	return f;
}

static void add_result(struct convert_state *st, const char *file,
		       unsigned int line, const char *handler,
		       const char *verdict, const char *strategy,
		       const char *reason)
{
	struct site_result *r;

	st->results = xrealloc(st->results,
			       (st->nr_results + 1) * sizeof(*r));
	r = &st->results[st->nr_results++];
	r->file = xstrdup(file);
	r->line = line;
	r->handler = xstrdup(handler ? handler : "?");
	r->verdict = xstrdup(verdict);
	r->strategy = xstrdup(strategy ? strategy : "-");
	r->reason = xstrdup(reason ? reason : "");
	r->driver = dir_of(file);
}

/*
 * Whether the SITE of --strategy SITE=NAME @opt names the request at @line
XX * the command line) or as the handler's name.
 */
static bool site_named(const struct convert_state *st, const char *opt,
		       const char *relpath, unsigned int line,
		       const char *handler)
{
	size_t n = strchr(opt, '=') - opt;
	char *file = xstrndup(opt, n), *colon = strrchr(file, ':');
	char *abs, *given, *ours = NULL, *theirs = NULL;
	bool named;

	if (handler && !strcmp(file, handler)) {
		free(file);
		return true;
	}
	named = colon && strtoul(colon + 1, NULL, 10) == line;
	if (named) {
		*colon = '\0';
		abs = xasprintf("%s/%s", st->kb.src, relpath);
		given = patch_path(st, relpath);
		ours = realpath(abs, NULL);
		theirs = realpath(file, NULL);
		named = !strcmp(file, relpath) || !strcmp(file, given) ||
			(ours && theirs && !strcmp(ours, theirs));
		free(given);
		free(abs);
	}
	free(ours);
	free(theirs);
	free(file);
	return named;
}

static enum split_strategy wanted_strategy(struct convert_state *st,
					   const char *relpath,
					   unsigned int line,
					   const char *handler)
{
	enum split_strategy s = SPLIT_NONE;
	size_t i;

	for (i = 0; i < st->strategies.nr; i++) {
		const char *opt = st->strategies.v[i];

		if (site_named(st, opt, relpath, line, handler))
			s = split_strategy_parse(strchr(opt, '=') + 1);
	}
	return s;
}

/*
 * A --strategy whose SITE is none of the request sites found is a mistake
 * (a typo, a line that moved): say so instead of converting without it.
 */
static int check_strategies_named(const struct convert_state *st)
{
	size_t i, j;
	int ret = 0;

	for (i = 0; i < st->strategies.nr; i++) {
		const char *opt = st->strategies.v[i];
		bool found = false;

		for (j = 0; j < st->nr_results && !found; j++)
			found = site_named(st, opt, st->results[j].file,
					   st->results[j].line,
					   st->results[j].handler);
		if (!found) {
			error("--strategy '%s': '%.*s' is none of the request sites found (give FILE:LINE of a request or a handler's name, as the table lists them)",
			      opt, (int)(strchr(opt, '=') - opt), opt);
			ret = -1;
		}
	}
	return ret;
}

/* Move the edits of @from into @to (the two refer to the same file). */
static void edits_merge(struct edit_list *to, struct edit_list *from)
{
	size_t i;

	for (i = 0; i < from->nr; i++)
		edit_add(to, from->v[i].offset, from->v[i].length,
			 from->v[i].text, from->v[i].why);
}

static enum request_form request_form_of(const struct split_plan *plan)
{
	enum split_strategy s = plan->strategy;

	if (plan->whole_thread)
		return REQUEST_WHOLE;
	return s == SPLIT_STAGED ? REQUEST_QUICKCHECK :
	       s == SPLIT_ONESHOT ? REQUEST_ONESHOT : REQUEST_THREADED;
}

/* The handler at @def splits, and @cs asks for it: make the edits. */
static int convert_site(struct convert_state *st, struct tu *tu,
			struct callsite *cs, const char *buf, size_t len)
{
	struct edit_list el, hdr;
	struct strvec notes = STRVEC_INIT;
	struct split_plan plan;
	char *reason = NULL, *hbuf = NULL, *hrel = NULL, *def_file;
	const char *hfile;
	struct changed_file *f, *hf = NULL;
	enum split_strategy wanted;
	int ret = -1;

	def_file = cursor_file(cs->handler_def);
	if (strcmp(def_file, tu->path)) {
		add_result(st, tu->relpath, cs->line, cs->handler, "refused", NULL,
			   "the handler is defined in another file");
		free(def_file);
		return -1;
	}
	free(def_file);
	wanted = wanted_strategy(st, tu->relpath, cs->line, cs->handler);
	split_plan_make(cs->handler_def, buf, len, cs->shared, cs->exclusive,
			wanted, &plan);
	if (plan.strategy == SPLIT_NONE) {
		add_result(st, tu->relpath, cs->line, cs->handler, "refused",
			   NULL, plan.reason);
		split_plan_release(&plan);
		return -1;
	}
	edit_list_init(&el, tu->relpath);
	edit_list_init(&hdr, tu->relpath);
	/* One header besides the handler's file: the fields' or the prototype's. */
	hfile = plan.priv_file && plan.nr_handovers ? plan.priv_file : NULL;
	if (plan.proto_file && hfile && strcmp(hfile, plan.proto_file)) {
		reason = xasprintf("%s() is declared in another header than struct %s, which would take its fields",
				   plan.handler, plan.priv_struct);
		goto out;
	}
	if (plan.proto_file)
		hfile = plan.proto_file;
	if (hfile) {
		hrel = kbuild_relpath(&st->kb, hfile);
		if (!hrel)
			hrel = kbuild_external_relpath(&st->kb, hfile);
		if (!hrel) {
			reason = xasprintf("struct %s is defined outside the kernel tree",
					   plan.priv_struct);
			goto out;
		}
		if (strcmp(hrel, tu->relpath)) {
			hf = file_for(st, hrel);
			hbuf = hf->old;
			edit_list_release(&hdr);
			edit_list_init(&hdr, hrel);
		}
	}
	if (split_render_all(&plan, buf, len, hbuf ? hbuf : buf, &el,
			     hbuf ? &hdr : &el, &notes, &reason) ||
	    callsite_rewrite(cs, tu->path, buf, len, plan.quick_name,
			     plan.thread_name, request_form_of(&plan), &el,
			     &notes, &reason))
		goto out;
	/* file_for() may move the files of a driver: look both up again. */
	f = file_for(st, tu->relpath);
	edits_merge(&f->edits, &el);
	if (hf)
		edits_merge(&file_for(st, hrel)->edits, &hdr);
	describe_conversion(&driver_for(st, tu->relpath)->body, &plan, &notes);
	if (plan.strategy == SPLIT_STAGED)
		driver_for(st, tu->relpath)->nr_staged++;
	driver_for(st, tu->relpath)->nr_converted++;
	add_result(st, tu->relpath, cs->line, cs->handler, "converted",
		   split_strategy_name(plan.strategy), plan.why);
	ret = 0;
out:
	if (ret)
		add_result(st, tu->relpath, cs->line, cs->handler, "refused",
			   split_strategy_name(plan.strategy), reason);
	free(reason);
	free(hrel);
	strvec_clear(&notes);
	edit_list_release(&el);
	edit_list_release(&hdr);
	split_plan_release(&plan);
	return ret;
}

static int convert_file(struct kbuild *kb, const char *relpath, void *data)
{
	struct convert_state *st = data;
	struct callsite_list sites;
	struct strvec done = STRVEC_INIT;
	struct tu tu;
	char *buf;
	size_t len, i, j;

	(void)kb;
	/* No site was judged, so no refusal: the exit status says it. */
	if (tu_parse(st->index, &st->kb, relpath, &tu) < 0 || tu.nr_errors) {
		char *shown = patch_path(st, relpath);
		const char *why = tu.first_error ? tu.first_error :
				  "it does not parse";

		/* Outside the configuration: another architecture's driver. */
		if (!tu.in_config) {
			warn("'%s' is outside the configuration and cannot be analysed with borrowed flags: %s",
			     shown, why);
		} else {
			error("'%s' cannot be analysed: %s", shown, why);
			st->nr_unparsed++;
		}
		free(shown);
		tu_release(&tu);
		return 0;
	}
	buf = read_file(tu.path, &len);
	if (!buf)
		die("cannot read '%s': %s", tu.path, strerror(errno));
	accessors_learn(tu.unit, tu.path);
	callsites_find(tu.unit, tu.path, buf, &sites);
	for (i = 0; i < sites.nr; i++) {
		struct callsite *cs = &sites.v[i];
		bool seen = false;

		if (cs->refusal) {
			add_result(st, relpath, cs->line, cs->handler,
				   strstr(cs->callee, "threaded") ?
				   "already_threaded" : "refused", NULL,
				   cs->refusal);
			continue;
		}
		for (j = 0; j < done.nr; j++)
			seen |= !strcmp(done.v[j], cs->handler);
		if (seen) {
			add_result(st, relpath, cs->line, cs->handler, "refused",
				   NULL, "the handler is requested twice; only the first request is converted");
			continue;
		}
		if (!convert_site(st, &tu, cs, buf, len))
			strvec_push(&done, cs->handler);
	}
	strvec_clear(&done);
	callsites_release(&sites);
	free(buf);
	tu_release(&tu);
	return 0;
}

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

static char *file_stem(const char *path)
{
	const char *base = strrchr(path, '/');
	char *stem = xstrdup(base ? base + 1 : path);

	if (strrchr(stem, '.'))
		*strrchr(stem, '.') = '\0';
	return stem;
}

/*
 * The driver a patch is about: its directory, when the directory is the
 * driver's own (e1000/e1000_main.c), else the converted file (intel/e100.c,
 * sound/pci/ens1370.c).
 */
static char *driver_name(const struct driver *d)
{
	char *dir = file_stem(d->dir);
	size_t i;

	for (i = 0; i < d->nr_files; i++) {
		char *stem = file_stem(d->files[i].relpath);
		bool own = !strcmp(stem, dir) ||
			   (starts_with(stem, dir) && stem[strlen(dir)] == '_');

		free(stem);
		if (own)
			return dir;
	}
	free(dir);
	for (i = 0; i < d->nr_files; i++)
		if (ends_with(d->files[i].relpath, ".c"))
			return file_stem(d->files[i].relpath);
	return file_stem(d->files[0].relpath);
}

static char *subject_for(const struct driver *d)
{
	char *name = driver_name(d), *prefix, *s;

	if (starts_with(d->dir, "sound/"))
		prefix = xasprintf("ALSA: %s: ", name);
	else if (starts_with(d->dir, "drivers/input/"))
		prefix = xasprintf("Input: %s - ", name);
	else if (!strcmp(d->dir, "drivers/rtc"))
		prefix = xasprintf("rtc: %s: ", name + (starts_with(name, "rtc-") ? 4 : 0));
	else
		prefix = xasprintf("%s: ", name);
	if (d->nr_staged == d->nr_converted)
		s = xasprintf("%sadd a quick check to the interrupt handler",
			      prefix);
	else
		s = xasprintf("%sconvert to a threaded interrupt handler",
			      prefix);
	free(prefix);
	free(name);
	return s;
}

static void print_table(const struct convert_state *st)
{
	size_t i;

	printf("%-52s %-28s %-16s %s\n", "SITE", "HANDLER", "VERDICT",
	       "STRATEGY / REASON");
	for (i = 0; i < st->nr_results; i++) {
		const struct site_result *r = &st->results[i];
		char *file = patch_path(st, r->file);
		char *site = xasprintf("%s:%u", file, r->line);

		printf("%-52s %-28s %-16s %s\n", site, r->handler, r->verdict,
		       !strcmp(r->verdict, "converted") ? r->strategy : r->reason);
		free(site);
		free(file);
	}
}

static void json_string(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			strbuf_addf(sb, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			strbuf_addf(sb, "\\u%04x", *s);
		else
			strbuf_addch(sb, *s);
	}
	strbuf_addch(sb, '"');
}

static const char *patch_of(const struct convert_state *st,
			    const struct site_result *r)
{
	size_t i;

	if (strcmp(r->verdict, "converted"))
		return NULL;
	for (i = 0; i < st->nr_drivers; i++)
		if (!strcmp(st->drivers[i].dir, r->driver))
			return st->drivers[i].patch;
	return NULL;
}

/* One JSON object per site and line, as --format=json and sites.json have them. */
static void json_lines(const struct convert_state *st, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < st->nr_results; i++) {
		const struct site_result *r = &st->results[i];
		const char *patch = patch_of(st, r);
		struct strbuf sb = STRBUF_INIT;

		char *file = patch_path(st, r->file);
		char *driver = patch_path(st, r->driver);

		strbuf_addstr(&sb, "{\"file\":");
		json_string(&sb, file);
		strbuf_addf(&sb, ",\"line\":%u,\"handler\":", r->line);
		json_string(&sb, r->handler);
		strbuf_addstr(&sb, ",\"verdict\":");
		json_string(&sb, r->verdict);
		strbuf_addstr(&sb, ",\"strategy\":");
		json_string(&sb, r->strategy);
		strbuf_addstr(&sb, ",\"reason\":");
		json_string(&sb, r->reason);
		strbuf_addstr(&sb, ",\"driver\":");
		json_string(&sb, driver);
		free(file);
		free(driver);
		if (patch) {
			strbuf_addstr(&sb, ",\"patch\":");
			json_string(&sb, patch);
		}
		strbuf_addstr(&sb, "}\n");
		strbuf_add(out, sb.buf, sb.len);
		strbuf_release(&sb);
	}
}

static void print_json(const struct convert_state *st)
{
	struct strbuf sb = STRBUF_INIT;

	json_lines(st, &sb);
	fputs(sb.buf ? sb.buf : "", stdout);
	strbuf_release(&sb);
}

/* Render every changed file; -1 when the edits of one do not fit. */
static int render_files(struct convert_state *st)
{
	size_t i, j;

	for (i = 0; i < st->nr_drivers; i++)
		for (j = 0; j < st->drivers[i].nr_files; j++) {
			struct changed_file *f = &st->drivers[i].files[j];

			if (edit_list_check(&f->edits, f->old_len))
				return -1;
		}
	return 0;
}

static void cover_letter(const struct convert_state *st, struct series *s)
{
	size_t i, converted = 0, staged = 0;

	for (i = 0; i < st->nr_results; i++)
		converted += !strcmp(st->results[i].verdict, "converted");
	s->cover_subject = xstrdup("convert hard-irq handlers to threaded handlers");
	wrap_paragraph(&s->cover_body, "This series moves interrupt handlers from hard-irq context to irq threads. Each handler is split into a quick check, which runs in hard-irq context, decides whether the device raised the interrupt and silences it, and a thread that does the work (request_threaded_irq()).", "", "");
	for (i = 0; i < st->nr_results; i++)
		staged += !strcmp(st->results[i].verdict, "converted") &&
			  !strcmp(st->results[i].strategy, "staged");
	if (staged)
		wrap_paragraph(&s->cover_body, "\nSites marked staged only get a quick check in front of their old handler, which still runs in hard-irq context: request_irq_quickcheck() of the genirq quick-check series in irqconv's kernel-patches/, the first step of the 2008 RFC.", "", "");
	strbuf_addf(&s->cover_body, "\n%zu of %zu request sites converted; the others are listed with\nthe reason they were left alone.\n\n",
		    converted, st->nr_results);
	for (i = 0; i < st->nr_results; i++) {
		const struct site_result *r = &st->results[i];
		char *file = patch_path(st, r->file);
		char *line = xasprintf("%s:%u %s(): %s%s%s", file, r->line,
				       r->handler, r->verdict,
				       !strcmp(r->verdict, "converted") ? ", " : ": ",
				       !strcmp(r->verdict, "converted") ?
				       r->strategy : r->reason);

		wrap_paragraph(&s->cover_body, line, "  ", "      ");
		free(line);
		free(file);
	}
	strbuf_addstr(&s->cover_body, "\nGenerated by irqconv.\n");
}

/*
 * OUTDIR/checksums: "<hash>  <file>" for every patch, so that review can tell
 * a patch edited by hand from the one convert wrote.
 */
static int write_checksums(const struct series *s, const char *outdir)
{
	struct strbuf sb = STRBUF_INIT;
	char *path;
	size_t i;
	int ret = 0;

	for (i = 0; i < s->nr && !ret; i++) {
		char *name = series_patch_file(s, i);
		size_t len;
		char *text;

		path = xasprintf("%s/%s", outdir, name);
		text = read_file(path, &len);
		if (text)
			strbuf_addf(&sb, "%016llx  %s\n",
				    hash_bytes(HASH_INIT, text, len), name);
		else
			ret = -1;
		free(text);
		free(path);
		free(name);
	}
	path = xasprintf("%s/checksums", outdir);
	if (!ret)
		ret = write_file_atomic(path, sb.buf ? sb.buf : "", sb.len);
	if (ret)
		error("cannot write '%s': %s", path, strerror(errno));
	free(path);
	strbuf_release(&sb);
	return ret;
}

/*
 * The series replaces OUTDIR whole: decisions of an earlier review are kept
 * beside it as review.old.txt, not applied to patches that may have changed.
 */
static void keep_review(struct series *s, const char *outdir)
{
	char *path = xasprintf("%s/review.txt", outdir);
	char *text = read_file(path, NULL);

	if (text && *text)
		series_add_extra(s, "review.old.txt", text);
	free(text);
	free(path);
}

static int write_series(struct convert_state *st, const char *outdir,
			const char *author)
{
	struct strbuf sites = STRBUF_INIT;
	struct series s;
	size_t i, j;
	int ret;

	series_init(&s, author);
	cover_letter(st, &s);
	for (i = 0; i < st->nr_drivers; i++) {
		struct driver *d = &st->drivers[i];
		char *subject;
		struct series_patch *p;

		if (!d->nr_converted)
			continue;
		subject = subject_for(d);
		p = series_add(&s, subject);
		strbuf_add(&p->body, d->body.buf, d->body.len);
		d->patch = series_patch_file(&s, s.nr - 1);
		for (j = 0; j < d->nr_files; j++) {
			struct changed_file *f = &d->files[j];
			char *path = patch_path(st, f->relpath);
			size_t new_len;
			char *new = edit_apply(&f->edits, f->old, f->old_len,
					       &new_len);


			series_patch_add_file(p, path, f->old, f->old_len,
					      new, new_len);
			free(path);
			free(new);
		}
		free(subject);
	}
	json_lines(st, &sites);
	series_add_extra(&s, "sites.json", sites.buf ? sites.buf : "");
	keep_review(&s, outdir);
	ret = series_write(&s, outdir);
	if (!ret)
		ret = write_checksums(&s, outdir);
	strbuf_release(&sites);
	series_release(&s);
	return ret;
}

/*
 * --in-place into a git work tree: refuse when a file to be written has
 * changes git does not have, so that nothing uncommitted is overwritten.
 */
static bool file_is_dirty(const char *abs)
{
	char *dir = dir_of(abs), *cmd, line[16];
	bool dirty = false;
	FILE *fp;

	if (strchr(abs, '\'')) {
		free(dir);
		return false;
	}
	cmd = xasprintf("git -C '%s' status --porcelain -- '%s' 2>/dev/null",
			dir, strrchr(abs, '/') + 1);
	fp = popen(cmd, "r");
	if (fp) {
		dirty = fgets(line, sizeof(line), fp) != NULL;
		pclose(fp);
	}
	free(cmd);
	free(dir);
	return dirty;
}

static int check_clean(struct convert_state *st)
{
	size_t i, j;
	int ret = 0;

	for (i = 0; i < st->nr_drivers; i++)
		for (j = 0; j < st->drivers[i].nr_files; j++) {
			char *abs = xasprintf("%s/%s", st->kb.src,
					      st->drivers[i].files[j].relpath);

			if (file_is_dirty(abs)) {
				error("'%s' has uncommitted changes: commit or stash them before --in-place",
				      abs);
				ret = -1;
			}
			free(abs);
		}
	return ret;
}

/* All files of a driver or none
: on a failed write, put back what was written. */
static int write_in_place(struct convert_state *st)
{
	size_t i, j, k;

	for (i = 0; i < st->nr_drivers; i++) {
		struct driver *d = &st->drivers[i];

		for (j = 0; j < d->nr_files; j++) {
			struct changed_file *f = &d->files[j];
			char *abs = xasprintf("%s/%s", st->kb.src, f->relpath);
			size_t new_len;
			char *new = edit_apply(&f->edits, f->old, f->old_len,
					       &new_len);
			int failed = write_file_atomic(abs, new, new_len);

			free(new);
			if (failed) {
				error("cannot write '%s': %s", abs, strerror(errno));
				for (k = 0; k < j; k++) {
					char *back = xasprintf("%s/%s", st->kb.src,
							       d->files[k].relpath);

					write_file_atomic(back, d->files[k].old,
							  d->files[k].old_len);
					free(back);
				}
				free(abs);
				return -1;
			}
			free(abs);
		}
	}
	return 0;
}

int cmd_convert(int argc, char **argv)
{
	static const struct option options[] = {
		WORKSPACE_OPTIONS,
		{ "output", required_argument, NULL, 'o' },
		{ "in-place", no_argument, NULL, 'i' },
		{ "strategy", required_argument, NULL, 's' },
		{ "author", required_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct convert_state st;
	struct workspace_opts wo;
	struct strvec files = STRVEC_INIT;
	const char *outdir = NULL;
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
			author = xstrdup(optarg);
			break;
		case 'f':
			if (strcmp(optarg, "json") && strcmp(optarg, "table")) {
				error("--format '%s': want table or json", optarg);
				return 2;
			}
			st.json = !strcmp(optarg, "json");
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
	for (i = optind; i < argc; i++) {
		char *rel = kbuild_relpath(&st.kb, argv[i]);

		if (!rel)
			rel = kbuild_external_relpath(&st.kb, argv[i]);
		if (!rel) {
			error("'%s': no such file or directory in the kernel tree '%s'",
			      argv[i], st.kb.src);
			return 2;
		}
		collect(&st, rel, &files);
		free(rel);
	}
	qsort(files.v, files.nr, sizeof(*files.v), by_name);
	st.index = clang_createIndex(0, 0);
	for (k = 0; k < files.nr; k++) {
		if (isatty(2) && files.nr > 1)
			fprintf(stderr, "\r  CONVERT [%zu/%zu] %s\033[K", k + 1,
				files.nr, files.v[k]);
		convert_file(&st.kb, files.v[k], &st);
	}
	if (isatty(2) && files.nr > 1)
		fputs("\r\033[K", stderr);
	if (check_strategies_named(&st)) {
		ret = 2;
		goto out;
	}
	if (st.nr_unparsed)
		ret = 1;
	if (render_files(&st)) {
		ret = 1;
		goto out;
	}
	if (st.json)
		print_json(&st);
	else
		print_table(&st);
	/* Nothing but files that do not parse: no empty series. */
	if (outdir && (st.nr_results || !st.nr_unparsed) &&
	    write_series(&st, outdir, author))
		ret = 2;
	if (in_place && (check_clean(&st) || write_in_place(&st)))
		ret = 2;
out:
	clang_disposeIndex(st.index);
	strvec_clear(&files);
	free(author);
	kbuild_close(&st.kb);
	return ret;
}
