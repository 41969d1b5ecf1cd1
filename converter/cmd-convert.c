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

#include "analyze/lock-graph.h"
#include "commands.h"
#include "convert/callsite.h"
#include "convert/describe.h"
#include "convert/inplace.h"
#include "convert/split.h"
#include "judge/judge.h"
#include "rewrite/blob.h"
#include "rewrite/kernel-tree.h"
#include "rewrite/outdir.h"
#include "rewrite/series.h"
#include "scan/scan.h"
#include "tu.h"
#include "workspace.h"

static const char convert_usage[] =
	"usage: irqconv convert [--kernel SRC] [--kbuild OBJ] [-o OUTDIR | --in-place]\n"
	"                       [--strategy SITE=NAME]... [--author 'NAME <EMAIL>']\n"
	"                       [--date DATE]\n"
	"                       [--format=table|json] [--all] PATH...\n\n"
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
	WORKSPACE_USAGE
	"\nWithout -o or --in-place nothing is written: the table says what would be done\n"
	"(an --in-place run that was killed is finished first, whatever the options).\n"
	EXIT_STATUS_USAGE("a file could not be analysed: it does not parse (refused\n"
			  "     sites are findings, exit 0); the other files are converted");

/* What happened to one request site. */
struct site_result {
	char *file;
	unsigned int line;
	char *handler;
	char *verdict;		/* converted, refused */
	char *strategy;
	const char *reason_code;
	char *reason;
	char *driver;
	char *benefit;		/* JSON members of the benefit judgement */
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
	char *date;		/* of the mails, RFC 2822; NULL for now */
	bool all;		/* --all: emit no-gain sites too */
	unsigned int nr_unparsed;	/* input files that do not parse */
};

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, slash - path) : xstrdup(".");
}

/*
 * The name a file goes by in the table, the JSON and the cover letter: its
 * path in the kernel tree, or for an external module (../../dir/file.c),
 * its path from the current directory, as the user named it.
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

/*
 * The name a file goes by in a patch, for `git am` at the top of the tree
 * it belongs to: the kernel tree, or for an external module the module's
 * directory (the nearest one above the file with a Kbuild or Makefile).
 */
static char *diff_path(const struct convert_state *st, const char *relpath)
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
static unsigned int file_mode(const struct convert_state *st,
			      const char *relpath)
{
	char *abs = xasprintf("%s/%s", st->kb.src, relpath);
	struct stat sb;
	unsigned int mode = stat(abs, &sb) ? 0644 : sb.st_mode;

	free(abs);
	return diff_git_mode(mode);
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
		       enum reason code, const char *reason)
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
	r->reason_code = reason ? reason_code(code) : "-";
	r->reason = xstrdup(reason ? reason : "");
	r->driver = dir_of(file);
	r->benefit = NULL;
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

/*
 * A split that gains nothing (no-gain) is declined, unless --all asks for
 * every site or --strategy named this one.
 */
static bool declines(const struct convert_state *st,
		     const struct split_plan *plan, enum split_strategy wanted)
{
	return !st->all && wanted == SPLIT_NONE &&
	       benefit_no_gain(&plan->benefit);
}

/*
 * A split refused because no write is shown to silence the device is
 * declined first when it would gain nothing anyway: that is the answer a
 * maintainer wants first.  --all shows the refusal.
 */
static bool declines_unsplit(const struct convert_state *st,
			     struct split_plan *plan,
			     enum split_strategy wanted)
{
	if (st->all || wanted != SPLIT_NONE || !plan->silence_why)
		return false;
	split_benefit(plan, NULL, &plan->benefit);
	return benefit_no_gain(&plan->benefit);
}

static void decline(struct convert_state *st, const struct tu *tu,
		    const struct callsite *cs, const struct split_plan *plan,
		    const char *refusal)
{
	char *reason = judge_no_gain_reason(plan, refusal);

	add_result(st, tu->relpath, cs->line, cs->handler, "declined",
		   refusal ? NULL : split_strategy_name(plan->strategy),
		   R_NO_GAIN, reason);
	st->results[st->nr_results - 1].benefit = benefit_json(&plan->benefit);
	free(reason);
}

/* The handler at @def splits, and @cs asks for it: make the edits. */
static int convert_site(struct convert_state *st, struct tu *tu,
			struct callsite *cs, const char *buf, size_t len,
			struct lock_module *lm)
{
	struct edit_list el, hdr;
	struct strvec notes = STRVEC_INIT;
	struct split_plan plan;
	struct refusal why = REFUSAL_INIT;
	char *hbuf = NULL, *hrel = NULL, *def_file;
	const char *hfile;
	struct changed_file *f, *hf = NULL;
	enum split_strategy wanted;
	int ret = -1;

	def_file = cursor_file(cs->handler_def);
	if (strcmp(def_file, tu->path)) {
		add_result(st, tu->relpath, cs->line, cs->handler, "refused", NULL,
			   R_HANDLER_NOT_HERE, "the handler is defined in another file");
		free(def_file);
		return -1;
	}
	free(def_file);
	wanted = wanted_strategy(st, tu->relpath, cs->line, cs->handler);
	split_plan_make(cs->handler_def, buf, len, cs->shared, cs->exclusive,
			wanted, lm, &plan);
	if (plan.strategy == SPLIT_NONE) {
		if (!declines_unsplit(st, &plan, wanted))
			add_result(st, tu->relpath, cs->line, cs->handler,
				   "refused", NULL, plan.refusal.code,
				   plan.refusal.text);
		else
			decline(st, tu, cs, &plan, plan.refusal.text);
		split_plan_release(&plan);
		return -1;
	}
	edit_list_init(&el, tu->relpath);
	edit_list_init(&hdr, tu->relpath);
	/* One header besides the handler's file: the fields' or the prototype's. */
	hfile = plan.priv_file && plan.nr_handovers ? plan.priv_file : NULL;
	if (plan.proto_file && hfile && strcmp(hfile, plan.proto_file)) {
		refusal_set(&why, R_HEADER_MISMATCH, plan.handler,
			    plan.priv_struct);
		goto out;
	}
	if (plan.proto_file)
		hfile = plan.proto_file;
	if (hfile) {
		hrel = kbuild_relpath(&st->kb, hfile);
		if (!hrel)
			hrel = kbuild_external_relpath(&st->kb, hfile);
		if (!hrel) {
			refusal_set(&why, R_STRUCT_OUTSIDE_TREE,
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
			     hbuf ? &hdr : &el, &notes, &why) ||
	    callsite_rewrite(cs, tu->path, buf, len, plan.quick_name,
			     plan.thread_name, request_form_of(&plan), &el,
			     &notes, &why))
		goto out;
	if (plan.strategy != SPLIT_STAGED) {
		split_benefit(&plan, &el, &plan.benefit);
		if (declines(st, &plan, wanted)) {
			decline(st, tu, cs, &plan, NULL);
			ret = 1;
			goto out;
		}
	}
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
		   split_strategy_name(plan.strategy),
		   judge_strategy_reason(&plan), plan.why);
	if (plan.strategy != SPLIT_STAGED)
		st->results[st->nr_results - 1].benefit =
			benefit_json(&plan.benefit);
	ret = 0;
out:
	if (ret < 0)
		add_result(st, tu->relpath, cs->line, cs->handler, "refused",
			   split_strategy_name(plan.strategy), why.code,
			   why.text);
	refusal_release(&why);
	free(hrel);
	strvec_clear(&notes);
	edit_list_release(&el);
	edit_list_release(&hdr);
	split_plan_release(&plan);
	return ret;
}

/*
 * Scan's judgement of the request at @cs, when it refuses: the
 * request-level checks (IRQF_NO_THREAD, a demultiplexer, ...) and the
 * handler shapes convert cannot rewrite, with scan's code, so that the two
 * commands give one decision.  NULL when scan lets it through.
 */
static const struct scan_site *judged_refusal(const struct scan_sites *ss,
					      const struct callsite *cs)
{
	size_t i;

	for (i = 0; i < ss->nr; i++) {
		const struct scan_site *s = &ss->v[i];

		if (s->call.line != cs->line || !s->reason_codes.nr ||
		    (cs->handler && s->handler && strcmp(cs->handler, s->handler)))
			continue;
		if (s->verdict != VERDICT_CONVERTIBLE)
			return s;
	}
	return NULL;
}

static void add_judged(struct convert_state *st, const char *relpath,
		       const struct callsite *cs, const struct scan_site *s)
{
	int code = reason_lookup(s->reason_codes.v[0]);

	add_result(st, relpath, cs->line, cs->handler,
		   s->verdict == VERDICT_ALREADY_THREADED ?
		   "already_threaded" : "refused", NULL,
		   code < 0 ? R_HANDLER_UNRESOLVED : (enum reason)code,
		   s->reasons.v[0]);
}

static int convert_file(struct kbuild *kb, const char *relpath, void *data)
{
	struct convert_state *st = data;
	struct callsite_list sites;
	struct scan_sites judged = { NULL, 0, 0 };
	struct scan_tu sst;
	struct strvec done = STRVEC_INIT;
	struct tu tu;
	struct lock_module *lm = NULL;
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
	scan_tu_init(&sst, tu.unit, relpath, st->kb.src);
	/* One module analysis for the request-level checks and the planner. */
	sst.index = st->index;
	sst.kb = &st->kb;
	sst.tu = &tu;
	scan_tu_run(&sst, !tu.in_config, &judged);
	accessors_learn(tu.unit, tu.path);
	callsites_find(tu.unit, tu.path, buf, &sites);
	/* The whole module's locks, when there is something to convert. */
	if (sites.nr)
		lm = scan_tu_lock_module(&sst);
	for (i = 0; i < sites.nr; i++) {
		struct callsite *cs = &sites.v[i];
		const struct scan_site *s;
		bool seen = false;

		if ((s = judged_refusal(&judged, cs)) &&
		    !(judge_refusal_needs_thread(s->reason_codes.v[0]) &&
		      wanted_strategy(st, relpath, cs->line, cs->handler) ==
		      SPLIT_STAGED)) {
			add_judged(st, relpath, cs, s);
			continue;
		}
		if (cs->refusal.text) {
			add_result(st, relpath, cs->line, cs->handler,
				   strstr(cs->callee, "threaded") ?
				   "already_threaded" : "refused", NULL,
				   cs->refusal.code, cs->refusal.text);
			continue;
		}
		for (j = 0; j < done.nr; j++)
			seen |= !strcmp(done.v[j], cs->handler);
		if (seen) {
			add_result(st, relpath, cs->line, cs->handler, "refused",
				   NULL, R_REQUESTED_TWICE,
				   reason_text(R_REQUESTED_TWICE));
			continue;
		}
		if (!convert_site(st, &tu, cs, buf, len, lm))
			strvec_push(&done, cs->handler);
	}
	strvec_clear(&done);
	callsites_release(&sites);
	scan_sites_release(&judged);
	scan_tu_release(&sst);
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
		strbuf_addstr(&sb, ",\"reason_code\":");
		json_string(&sb, r->reason_code);
		strbuf_addstr(&sb, ",\"reason\":");
		json_string(&sb, r->reason);
		strbuf_addstr(&sb, ",\"driver\":");
		json_string(&sb, driver);
		free(file);
		free(driver);
		if (r->benefit) {
			strbuf_addch(&sb, ',');
			strbuf_addstr(&sb, r->benefit);
		}
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
	size_t i, converted = 0, staged = 0, declined = 0;

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
	for (i = 0; i < st->nr_results; i++)
		declined += !strcmp(st->results[i].verdict, "declined");
	if (declined) {
		wrap_paragraph(&s->cover_body, "Sites marked declined gain nothing from a thread (no-gain): it would only schedule NAPI, wake a waiter, complete, report an event or schedule work, and nothing costly would leave hard-irq context. `irqconv convert --all` emits those that split.", "", "");
		strbuf_addch(&s->cover_body, '\n');
	}
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

static const struct driver *driver_of_patch(const struct convert_state *st,
					    const char *name)
{
	size_t i;

	for (i = 0; i < st->nr_drivers; i++)
		if (st->drivers[i].patch && !strcmp(st->drivers[i].patch, name))
			return &st->drivers[i];
	return NULL;
}

/*
 * base-commit: when every patch is of the kernel tree and the tree is a git
 * repository holding exactly the files the patches start from.
 */
static void add_base_commit(const struct convert_state *st, struct series *s)
{
	struct strvec paths = STRVEC_INIT, blobs = STRVEC_INIT;
	char id[BLOB_HEX_LEN + 1];
	size_t i, j;

	for (i = 0; i < st->nr_drivers; i++) {
		const struct driver *d = &st->drivers[i];

		if (!d->patch)
			continue;
		if (starts_with(d->dir, "../"))
			goto out;
		for (j = 0; j < d->nr_files; j++) {
			blob_id(d->files[j].old, d->files[j].old_len, id);
			strvec_push(&paths, d->files[j].relpath);
			strvec_push(&blobs, id);
		}
	}
	if (paths.nr)
		s->base_commit = kernel_tree_base_commit(st->kb.src, &paths,
							 &blobs);
out:
	strvec_clear(&paths);
	strvec_clear(&blobs);
}

/* To and Cc of each patch of the kernel tree: get_maintainer.pl, once each. */
static void add_recipients(const struct convert_state *st, struct series *s)
{
	size_t i;

	if (!kernel_tree_has_maintainers(st->kb.src))
		return;
	for (i = 0; i < s->nr; i++) {
		char *name = series_patch_file(s, i), *text;
		const struct driver *d = driver_of_patch(st, name);

		free(name);
		if (!d || starts_with(d->dir, "../"))
			continue;
		text = series_render_patch(s, i);
		kernel_tree_maintainers(st->kb.src, text, &s->patches[i].to,
					&s->patches[i].cc);
		free(text);
	}
}

/* What the mails say besides the patches: date, base, recipients. */
static void mail_details(const struct convert_state *st, struct series *s)
{
	if (st->date) {
		free(s->date);
		s->date = xstrdup(st->date);
	}
	add_base_commit(st, s);
	add_recipients(st, s);
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
			char *path = diff_path(st, f->relpath);
			size_t new_len;
			char *new = edit_apply(&f->edits, f->old, f->old_len,
					       &new_len);

			series_patch_add_file(p, path,
					      file_mode(st, f->relpath),
					      f->old, f->old_len, new, new_len);
			free(path);
			free(new);
		}
		free(subject);
	}
	json_lines(st, &sites);
	series_add_extra(&s, "sites.json", sites.buf ? sites.buf : "");
	mail_details(st, &s);
	keep_review(&s, outdir);
	ret = series_write(&s, outdir);
	strbuf_release(&sites);
	series_release(&s);
	return ret;
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

/* The files of @d, all or none (convert/inplace.c). */
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
	char *dir = patch_path(st, d->dir);
	size_t i;

	for (i = 0; i < st->nr_results; i++) {
		struct site_result *r = &st->results[i];

		if (strcmp(r->driver, d->dir) || strcmp(r->verdict, "converted"))
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct convert_state st;
	struct workspace_opts wo;
	struct strvec files = STRVEC_INIT, inputs = STRVEC_INIT;
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
		char *rel = kbuild_relpath(&st.kb, argv[i]);

		if (!rel)
			rel = kbuild_external_relpath(&st.kb, argv[i]);
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
	/* Nothing but files that do not parse: no empty series. */
	if (outdir && (st.nr_results || !st.nr_unparsed) &&
	    write_series(&st, outdir, author))
		ret = 2;
	if (in_place && write_in_place(&st))
		ret = 2;
	/* After writing: the table says what was written. */
	if (st.json)
		print_json(&st);
	else
		print_table(&st);
out:
	clang_disposeIndex(st.index);
	strvec_clear(&files);
	strvec_clear(&inputs);
	free(author);
	free(st.date);
	kbuild_close(&st.kb);
	return ret;
}
