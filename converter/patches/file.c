// SPDX-License-Identifier: GPL-2.0
/*
 * One file of a convert run: each request site judged, its split planned
 * and rendered into the driver's edits, or its refusal recorded.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-graph.h"
#include "analyze/sites.h"
#include "convert/callsite.h"
#include "convert/side-edits.h"
#include "convert/split.h"
#include "judge/elsewhere.h"
#include "judge/judge.h"
#include "patches/describe.h"
#include "patches/module.h"
#include "patches/state.h"
#include "scan/file.h"
#include "scan/output.h"
#include "tu.h"

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
	r->module = convert_module_of(st->kb.src, file);
	r->benefit = NULL;
	r->tree = st->tree;
}

/*
 * Whether the SITE of --strategy SITE=NAME @opt names the request at @line
 * of @relpath: given as FILE:LINE (FILE as the tree, the table or the
 * command line names it) or as the handler's name.
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
		given = convert_patch_path(st, relpath);
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
int convert_check_strategies(const struct convert_state *st)
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

/*
 * A split that gains nothing (no-gain), or that would put a thread on
 * every I/O of a queue (per-queue), is declined, unless --all asks for
 * every site or --strategy named this one.
 */
static bool declines(const struct convert_state *st,
		     const struct split_plan *plan, enum split_strategy wanted)
{
	return !st->all && wanted == SPLIT_NONE &&
	       benefit_declined(&plan->benefit);
}

/*
 * A split refused is declined first when it would gain nothing: that is
 * the answer a maintainer wants first (judge_declines_refused()).  --all
 * shows a refusal on the silencing; one of the rewrite's mechanics it
 * cannot get past either, so the decline stands.
 */
static bool declines_refused(const struct convert_state *st,
			     struct split_plan *plan,
			     const struct callsite *cs,
			     const struct edit_list *el,
			     const struct refusal *why,
			     enum split_strategy wanted)
{
	if (wanted != SPLIT_NONE || plan->strategy == SPLIT_STAGED ||
	    (st->all && !judge_refusal_mechanical(why->code)))
		return false;
	return judge_declines_refused(plan, cs->call, el, why->code);
}

static void decline(struct convert_state *st, const struct tu *tu,
		    const struct callsite *cs, const struct split_plan *plan,
		    const char *refusal)
{
	char *reason = judge_no_gain_reason(plan, refusal);

	add_result(st, tu->relpath, cs->line, cs->handler, "declined",
		   refusal ? NULL : split_strategy_name(plan->strategy),
		   judge_decline_code(plan), reason);
	st->results[st->nr_results - 1].benefit = benefit_json(&plan->benefit);
	free(reason);
}

/*
 * The file, relative to the tree, that defines @cs's handler: the
 * requesting file, or another file of its module (analyze/module.c).  NULL
 * for a definition in a file the unit includes (a header, lib8390.c).
 */
static char *handler_relpath(struct convert_state *st, const struct tu *tu,
			     const struct callsite *cs)
{
	char *def_file = cursor_file(cs->handler_def), *rel = NULL;

	if (!strcmp(def_file, tu->path))
		rel = xstrdup(tu->relpath);
	else if (clang_Cursor_getTranslationUnit(cs->handler_def) != tu->unit)
		rel = kbuild_input_relpath(&st->kb, def_file);
	free(def_file);
	return rel;
}

/* The edits a converted site makes in other files of its driver. */
static void side_merge(struct convert_state *st, struct tu *tu,
		       struct side_edits *side)
{
	size_t i;

	for (i = 0; i < side->nr; i++) {
		char *rel = kbuild_input_relpath(&st->kb, side->v[i].path);

		if (rel)
			edits_merge(&convert_file_for(st, tu->relpath, rel)->edits,
				    &side->v[i].el);
		free(rel);
	}
}

/* The handler at @def splits, and @cs asks for it: make the edits. */
static int convert_site(struct convert_state *st, struct tu *tu,
			struct callsite *cs, const char *buf, size_t len,
			struct lock_module *lm)
{
	CXTranslationUnit def_unit;
	struct edit_list el, hdr, call;
	struct strvec notes = STRVEC_INIT;
	struct split_plan plan;
	struct refusal why = REFUSAL_INIT;
	struct side_edits side = { 0 };
	char *hbuf = NULL, *hrel = NULL, *drel, *dpath;
	const char *dbuf = buf;
	size_t dlen = len;
	struct changed_file *f;
	struct driver *d;
	enum split_strategy wanted;
	int ret = -1;
	bool here;

	drel = handler_relpath(st, tu, cs);
	if (!drel) {
		add_result(st, tu->relpath, cs->line, cs->handler, "refused", NULL,
			   R_HANDLER_NOT_HERE, "the handler is defined in another file");
		return -1;
	}
	/* Planned, edited and read with the accessors of the file defining it. */
	here = !strcmp(drel, tu->relpath);
	if (!here) {
		f = convert_file_for(st, tu->relpath, drel);
		dbuf = f->old;
		dlen = f->old_len;
		def_unit = clang_Cursor_getTranslationUnit(cs->handler_def);
		dpath = cursor_file(cs->handler_def);
		accessors_learn(def_unit, dpath);
		free(dpath);
	}
	wanted = wanted_strategy(st, tu->relpath, cs->line, cs->handler);
	split_plan_site(cs, dbuf, dlen, wanted, lm, &plan);
	if (plan.strategy == SPLIT_NONE) {
		if (!declines_refused(st, &plan, cs, NULL, &plan.refusal,
				      wanted))
			add_result(st, tu->relpath, cs->line, cs->handler,
				   "refused", NULL, plan.refusal.code,
				   plan.refusal.text);
		else
			decline(st, tu, cs, &plan, plan.refusal.text);
		split_plan_release(&plan);
		goto relearn;
	}
	edit_list_init(&el, drel);
	edit_list_init(&hdr, drel);
	edit_list_init(&call, tu->relpath);
	/* One header besides the handler's file: the fields' or the prototype's. */
	if (split_plan_header(&plan, &st->kb, &hrel, &why))
		goto out;
	if (hrel && strcmp(hrel, drel)) {
		hbuf = convert_header_text(st, hrel);
		edit_list_release(&hdr);
		edit_list_init(&hdr, hrel);
	}
	/* Its line is shared, and every requester now passes IRQF_ONESHOT. */
	cs->sharers_agree = plan.agreed_line != NULL;
	plan.side = &side;
	if (split_render_all(&plan, dbuf, dlen, hbuf ? hbuf : dbuf, &el,
			     hbuf ? &hdr : &el, &notes, &why) ||
	    callsite_rewrite(cs, tu->path, buf, len, plan.quick_name,
			     plan.thread_name, split_request_form(&plan),
			     here ? &el : &call,
			     &notes, &why))
		goto out;
	if (plan.strategy != SPLIT_STAGED) {
		split_benefit(&plan, &el, &plan.benefit);
		benefit_note_request(&plan.benefit, cs->call);
		if (declines(st, &plan, wanted)) {
			decline(st, tu, cs, &plan, NULL);
			ret = 1;
			goto out;
		}
	}
	/*
	 * convert_file_for() may move the drivers and their files: look each
	 * up again; the header first, as --in-place has always renamed them.
	 */
	if (hbuf)
		edits_merge(&convert_file_for(st, tu->relpath, hrel)->edits, &hdr);
	f = convert_file_for(st, tu->relpath, drel);
	edits_merge(&f->edits, &el);
	if (!here)
		edits_merge(&convert_file_for(st, tu->relpath, tu->relpath)->edits,
			    &call);
	side_merge(st, tu, &side);
	d = convert_driver_for(st, tu->relpath);
	describe_conversion(d, &plan, cs, buf, &notes);
	if (plan.strategy == SPLIT_STAGED)
		d->nr_staged++;
	d->nr_converted++;
	add_result(st, tu->relpath, cs->line, cs->handler, "converted",
		   split_strategy_name(plan.strategy),
		   judge_strategy_reason(&plan), plan.why);
	if (plan.strategy != SPLIT_STAGED)
		st->results[st->nr_results - 1].benefit =
			benefit_json(&plan.benefit);
	ret = 0;
out:
	if (ret < 0 && declines_refused(st, &plan, cs, &el, &why, wanted)) {
		decline(st, tu, cs, &plan, why.text);
		ret = 1;
	} else if (ret < 0) {
		add_result(st, tu->relpath, cs->line, cs->handler, "refused",
			   split_strategy_name(plan.strategy), why.code,
			   why.text);
	}
	refusal_release(&why);
	free(hrel);
	free(hbuf);
	strvec_clear(&notes);
	edit_list_release(&el);
	edit_list_release(&hdr);
	split_plan_release(&plan);
	side_edits_release(&side);
	edit_list_release(&call);
relearn:
	/* The next site is read with the requesting file's accessors. */
	if (!here)
		accessors_learn(tu->unit, tu->path);
	free(drel);
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
		if (s->verdict != VERDICT_CONVERTIBLE || s->judged_for_convert)
			return s;
	}
	return NULL;
}

static void add_judged(struct convert_state *st, const char *relpath,
		       const struct callsite *cs, const struct scan_site *s)
{
	int code = reason_lookup(s->reason_codes.v[0]);
	const char *verdict = "refused";

	if (s->verdict == VERDICT_ALREADY_THREADED)
		verdict = "already_threaded";
	else if (code >= 0 && reason_declines(code))
		verdict = "declined";
	add_result(st, relpath, cs->line, s->handler ? s->handler : cs->handler,
		   verdict, NULL,
		   code < 0 ? R_HANDLER_UNRESOLVED : (enum reason)code,
		   s->reasons.v[0]);
}

/*
 * @s, and when it was judged for convert (a parameter resolved to several
 * handlers through its callers), every other handler of the same request:
 * one result each, as scan has one record each.
 */
static void add_judged_all(struct convert_state *st, const char *relpath,
			   const struct callsite *cs,
			   const struct scan_sites *ss,
			   const struct scan_site *s)
{
	size_t i;

	add_judged(st, relpath, cs, s);
	if (!s->judged_for_convert || cs->handler)
		return;
	for (i = 0; i < ss->nr; i++)
		if (&ss->v[i] != s && ss->v[i].call.line == cs->line &&
		    ss->v[i].judged_for_convert && ss->v[i].reason_codes.nr)
			add_judged(st, relpath, cs, &ss->v[i]);
}

/* The line of the first request of @cs's handler in the file. */
static unsigned int first_request(const struct callsite_list *sites,
				  const struct callsite *cs)
{
	size_t i;

	for (i = 0; i < sites->nr; i++)
		if (sites->v[i].handler && cs->handler &&
		    !strcmp(sites->v[i].handler, cs->handler))
			return sites->v[i].line;
	return cs->line;
}

int convert_file(struct kbuild *kb, const char *relpath, void *data)
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
	st->tree = NULL;
	if (tu_parse(st->index, &st->kb, relpath, &tu) < 0 || tu.nr_errors) {
		char *shown = convert_patch_path(st, relpath);
		const char *why = tu.first_error ? tu.first_error :
				  "it does not parse";

		/* Outside the configuration: another architecture's driver. */
		if (st->scan_records)
			scan_file_failure_in(relpath, tu.arch, R_PARSE_ERROR,
					     tu.first_error ? tu.first_error :
					     "libclang could not parse the file",
					     st->scan_records);
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
	st->tree = tu.arch;
	buf = read_file(tu.path, &len);
	if (!buf)
		die("cannot read '%s': %s", tu.path, strerror(errno));
	scan_tu_init(&sst, tu.unit, relpath, st->kb.src);
	/*
	 * One module analysis for the request-level checks and the planner,
	 * its other files opened on first need.
	 */
	sst.index = st->index;
	sst.kb = &st->kb;
	sst.tu = &tu;
	/* Before the judge, which plans some sites itself (requested-twice). */
	accessors_learn(tu.unit, tu.path);
	if (st->scan_records)
		scan_tu_records(&sst, &st->kb, st->index, &tu,
				st->scan_records);
	judge_file(&sst, !tu.in_config, &judged);
	/*
	 * A handler only another module defines is judged there, as scan
	 * judges it: its own refusal (atmel-isc's stamp) comes first.
	 */
	scan_find_elsewhere(&st->kb, st->index, &judged);
	/*
	 * The whole module, when there is something to convert: its locks,
	 * and the handlers its other files define.
	 */
	if (judged.nr)
		lm = scan_tu_lock_module(&sst);
	callsites_find(tu.unit, tu.path, buf, lm, &sites);
	for (i = 0; i < sites.nr; i++) {
		struct callsite *cs = &sites.v[i];
		const struct scan_site *s;
		bool seen = false;

		if ((s = judged_refusal(&judged, cs)) &&
		    !(judge_refusal_needs_thread(s->reason_codes.v[0]) &&
		      wanted_strategy(st, relpath, cs->line, cs->handler) ==
		      SPLIT_STAGED)) {
			add_judged_all(st, relpath, cs, &judged, s);
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
			char *r = reason_format(R_REQUESTED_TWICE, cs->handler,
						first_request(&sites, cs));

			add_result(st, relpath, cs->line, cs->handler, "refused",
				   NULL, R_REQUESTED_TWICE, r);
			free(r);
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
