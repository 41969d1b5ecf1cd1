// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict of a site, from its call and its handler facts.  Reason codes
 * and strategies are a fixed list, defined in docs/analysis.md; the first
 * reason sentence is the one a maintainer reads.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/exported.h"
#include "analyze/hardirq-only.h"
#include "analyze/line-wait.h"
#include "analyze/library.h"
#include "analyze/netpoll.h"
#include "analyze/sites.h"
#include "ast/cursor.h"
#include "judge/judge.h"
#include "tu.h"

static bool flag_set(const struct scan_site *s, const char *name)
{
	size_t i;

	for (i = 0; s->flags_const && i < s->flags_decoded.nr; i++)
		if (!strcmp(s->flags_decoded.v[i], name))
			return true;
	return false;
}

/*
 * Another site of this file installs the same handler: *@same tells
 * whether it is another request of the same kind, else it needs a
 * different conversion.
 */
static const struct scan_site *other_site(const struct scan_site *s,
					  const struct scan_sites *all,
					  bool *same)
{
	const struct scan_site *like = NULL;
	size_t i;

	for (i = 0; i < all->nr; i++) {
		const struct scan_site *o = &all->v[i];

		/* An unresolved handler (no file yet) is not comparable. */
		if (o == s || !o->handler || !o->handler_file ||
		    !s->handler_file || strcmp(o->handler, s->handler) ||
		    strcmp(o->handler_file, s->handler_file))
			continue;
		if (strcmp(o->call_name + (o->managed ? 5 : 0),
			   s->call_name + (s->managed ? 5 : 0)) ||
		    !o->thread_text != !s->thread_text) {
			*same = false;
			return o;
		}
		if (!like)
			like = o;
	}
	*same = like != NULL;
	return like;
}

/*
 * A mask operation the primary can use, or NULL: one the handler does
 * ( false) or a helper the file defines ( true).
 */
static const struct fact *usable_mask(const struct handler_facts *hf,
				      bool available)
{
	size_t i;

	for (i = 0; i < hf->nr; i++)
		if (hf->v[i].kind == FACT_MASK && !hf->v[i].unusable &&
		    !strcmp(hf->v[i].detail ? hf->v[i].detail : "",
			    "available") == available)
			return &hf->v[i];
	return NULL;
}

/* Whether @tok[@at...] up to the end of the statement names @flag. */
static bool statement_names(const struct strvec *tok, size_t at,
			    const char *flag)
{
	for (; at < tok->nr && strcmp(tok->v[at], ";"); at++)
		if (!strcmp(tok->v[at], flag))
			return true;
	return false;
}

/* The function definition of the main file around @offset, or null. */
static CXCursor function_at(struct scan_tu *st, unsigned int offset)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor fn = clang_getNullCursor();
	size_t i;

	cursor_children(clang_getTranslationUnitCursor(st->unit), &kids);
	for (i = 0; i < kids.nr && clang_Cursor_isNull(fn); i++) {
		struct src_range r;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(kids.v[i]) ||
		    !cx_in_main_file(st, kids.v[i]))
			continue;
		r = cx_range(st, kids.v[i], NULL);
		if (r.begin <= offset && offset < r.end)
			fn = kids.v[i];
	}
	cursor_list_release(&kids);
	return fn;
}

/*
 * Flags that are not a constant may still hold @flag: written in the
 * argument (`adis->irq_flag | IRQF_NO_THREAD`), or assigned to the local
 * the argument names (r8169's `irqflags = msi ? IRQF_NO_THREAD : ...`).
 */
static bool flag_may_be_set(struct scan_tu *st, const struct scan_site *s,
			    const char *flag)
{
	const char *written = flag + strspn(flag, "_");
	struct strvec tok = STRVEC_INIT;
	CXCursor fn;
	size_t i;
	bool hit = false;

	if (s->flags_const || !s->flags)
		return flag_set(s, flag);
	if (strstr(s->flags, written))
		return true;
	fn = function_at(st, s->call.begin);
	if (clang_Cursor_isNull(fn))
		return false;
	cursor_tokens(fn, &tok);
	for (i = 0; i + 1 < tok.nr && !hit; i++)
		hit = !strcmp(tok.v[i], s->flags) &&
		      (!strcmp(tok.v[i + 1], "=") || !strcmp(tok.v[i + 1], "|=")) &&
		      statement_names(&tok, i + 2, written);
	strvec_clear(&tok);
	return hit;
}

/*
 * The handler must stay in hard-irq context whatever else it does
 * (analyze/hardirq-only.c), its netpoll caller needs its work done in
 * place (analyze/netpoll.c), or the driver waits for its line where it
 * may not sleep (analyze/line-wait.c).  Followed through the module when
 * scan has it open.
 */
static bool stays_in_hardirq(struct scan_tu *st, struct scan_site *s)
{
	struct refusal why = REFUSAL_INIT;
	struct lock_module *lm;
	bool stays;

	if (!s->has_handler_def)
		return false;
	lm = scan_tu_lock_module(st);
	stays = hardirq_only(lm, s->handler_def, &why) ||
		netpoll_needs_work_in_place(lm, s->handler_def, &why) ||
		line_waits_atomic(lm, s->handler_def, &why);
	if (stays)
		scan_site_judge_text(s, why.code, why.text);
	refusal_release(&why);
	return stays;
}

/*
 * A handler the requesting file defines and exports.  One a library
 * module defines is judged there (library-handler), with the library's
 * code.
 */
static bool exported_here(const struct scan_tu *st,
			  const struct scan_site *s, unsigned int *line)
{
	CXFile file;

	/* Passed in by callers (libata's activate_host()): judged as theirs. */
	if (!s->has_handler_def || !s->resolution ||
	    !strcmp(s->resolution, "wrapper"))
		return false;
	/* Read in the sibling that defines it (judge/elsewhere.c). */
	if (strcmp(s->file, st->relpath))
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(s->handler_def),
				   &file, NULL, NULL, NULL);
	if (clang_Cursor_getTranslationUnit(s->handler_def) != st->unit ||
	    !clang_File_isEqual(file, st->main))
		return false;
	*line = an_exported_line(s->handler_def);
	return *line != 0;
}

static bool refused(struct scan_tu *st, struct scan_site *s,
		    const struct scan_sites *all)
{
	const struct scan_site *o;
	bool same = false;

	if (!strcmp(s->call_name, "request_nmi")) {
		scan_site_judge(s, R_NMI);
	} else if (!strcmp(s->call_name, "request_percpu_irq") ||
		   flag_may_be_set(st, s, "IRQF_PERCPU")) {
		scan_site_judge(s, R_PER_CPU);
	} else if (flag_may_be_set(st, s, "__IRQF_TIMER")) {
		scan_site_judge(s, R_TIMER);
	} else if (flag_may_be_set(st, s, "IRQF_NO_THREAD")) {
		scan_site_judge(s, R_NO_THREAD);
	} else if (strstr(s->call_name, "any_context")) {
		scan_site_judge(s, R_ANY_CONTEXT);
	} else if (stays_in_hardirq(st, s)) {
		return true;
	} else if ((o = other_site(s, all, &same)) && !same) {
		scan_site_judge(s, R_INCOMPATIBLE_SITES,
				s->handler, o->call_name, o->call.line);
	} else {
		return false;
	}
	return true;
}

/* Handler shapes whose request convert can rewrite: a name, &name, a local. */
static bool rewritable_shape(const struct scan_site *s)
{
	static const char *const shapes[] = { "direct", "address", "local", NULL };

	return s->resolution && name_in(s->resolution, shapes);
}

/* The planner's decision, with the request read in this unit's file. */
static void judge_request(struct scan_tu *st, struct scan_site *s)
{
	char *path = xasprintf("%s/%s", st->src, st->relpath);

	judge_handler(s, st->unit, st->tu ? st->tu->path : path,
		      s->handler_def, st->kb, scan_tu_lock_module(st));
	free(path);
}

/*
 * What the judge says of a handler convert cannot rewrite by itself, a
 * parameter or a library's: planned even for convert, which then reports
 * this decision; one that would convert keeps @veto, since the
 * conversion would change requests convert does not rewrite.
 */
static void judge_for_convert(struct scan_tu *st, struct scan_site *s,
			      enum reason veto, const char *arg1,
			      const char *arg2)
{
	s->judged_for_convert = true;
	if (s->has_handler_def)
		judge_request(st, s);
	if (!s->has_handler_def ||
	    (s->verdict == VERDICT_CONVERTIBLE &&
	     (!s->reason_codes.nr ||
	      !reason_code_declines(s->reason_codes.v[0]) ||
	      !strcmp(s->reason_codes.v[0], reason_code(R_PER_QUEUE))))) {
		free(s->strategy);
		s->strategy = NULL;
		scan_site_judge(s, veto, arg1, arg2);
	}
}

/* A handler passed in by the requesting function's callers (resolve.c). */
static void judge_passed(struct scan_tu *st, struct scan_site *s)
{
	judge_for_convert(st, s, R_HANDLER_PARAM, NULL, NULL);
}

/*
 * A handler of a library module the requesting module links: judged with
 * the library's code, once for every module that requests it.
 */
static void judge_library(struct scan_tu *st, struct scan_site *s)
{
	struct lock_module *lm = scan_tu_lock_module(st);
	char *what = library_describe(lm, s->handler_def,
				      scan_follow_wrapper(s->handler_def));

	judge_for_convert(st, s, R_LIBRARY_HANDLER, s->handler, what);
	free(what);
}

/*
 * A handler the request-level checks let through: what convert would do
 * with it.  Convert rewrites plain requests of a handler it can name and
 * edit, and its planner decides the rest (judge/judge.c).
 */
static void convertible(struct scan_tu *st, struct scan_site *s)
{
	const struct fact *own = handler_facts_first(s->facts, FACT_OWNERSHIP);
	const struct fact *helper = usable_mask(s->facts, true);

	if (strcmp(s->call_name, "request_irq") &&
	    strcmp(s->call_name, "devm_request_irq"))
		scan_site_judge(s, R_NOT_PLAIN_REQUEST, s->call_name);
	else if (!strcmp(s->resolution ? s->resolution : "", "conditional"))
		scan_site_judge(s, R_HANDLER_CONDITIONAL);
	else if (!strcmp(s->resolution ? s->resolution : "", "field"))
		scan_site_judge(s, R_HANDLER_FIELD);
	else if (!strcmp(s->resolution ? s->resolution : "", "wrapper"))
		judge_passed(st, s);
	else if (!rewritable_shape(s))
		scan_site_judge(s, R_HANDLER_NOT_NAMED);
	else if (!s->has_handler_def || !scan_handler_here(st, s->handler_def))
		scan_site_judge(s, R_HANDLER_NOT_HERE, s->handler);
	else if (library_defines(scan_tu_lock_module(st), s->handler_def))
		judge_library(st, s);
	else if (st->plan_handlers)
		judge_request(st, s);
	else
		s->verdict = VERDICT_CONVERTIBLE;
	if (s->verdict == VERDICT_NOT_CONVERTIBLE && own && helper)
		scan_site_note(s, "the file defines %s() (line %u), which masks the device; a primary that called it could split the handler, but convert does not write such a call",
			       helper->name, helper->where.line);
}

/* The judge declined @s: it would gain nothing (reason_declines()). */
static bool declined(const struct scan_site *s)
{
	return s->reason_codes.nr &&
	       reason_code_declines(s->reason_codes.v[0]);
}

static void notes(struct scan_site *s)
{
	const struct handler_facts *hf = s->facts;
	size_t i, deferred = 0, napi = 0;

	for (i = 0; i < hf->nr; i++) {
		const struct fact *f = &hf->v[i];

		switch (f->kind) {
		case FACT_DEFERRED:
			deferred++;
			napi += !strcmp(f->detail, "napi");
			/*
			 * convert folds tasklet_schedule() only (fold.c); a
			 * site declined folds nothing (ep93xx_dma keeps a
			 * tasklet it schedules twice)
			 */
			if (!strcmp(f->detail, "tasklet") && f->target &&
			    !strcmp(f->name, "tasklet_schedule") &&
			    !s->tasklet_fold &&
			    s->verdict == VERDICT_CONVERTIBLE &&
			    !declined(s)) {
				s->tasklet_fold = xstrdup(f->target);
				strvec_push(&s->reason_codes,
					    reason_code(R_TASKLET_FOLD));
				strvec_push_nodup(&s->reasons,
						  reason_format(R_TASKLET_FOLD,
								f->target,
								f->where.line));
			}
			break;
		case FACT_IRQOFF:
			scan_site_note(s, "%s() at line %u assumes interrupts off; the thread needs its plain form",
				       f->name, f->where.line);
			break;
		case FACT_LOCK:
			if (!strcmp(f->name, "spin_lock") ||
			    !strcmp(f->name, "raw_spin_lock"))
				scan_site_note(s, "%s(%s) at line %u relies on interrupts being off; in the thread it needs the _irqsave form if hard-irq code takes the lock too",
					       f->name, f->arg, f->where.line);
			break;
		case FACT_CONTEXT:
			scan_site_note(s, "%s() at line %u changes value in a thread",
				       f->name, f->where.line);
			break;
		case FACT_CALLER:
			scan_site_note(s, "the handler is also called directly at line %u",
				       f->where.line);
			break;
		case FACT_MASK:
			if (f->unusable)
				scan_site_note(s, "%s() %s, so it cannot mask in hard-irq context",
					       f->name, f->arg);
			break;
		default:
			break;
		}
	}
	if (s->verdict == VERDICT_CONVERTIBLE && deferred && deferred == napi)
		scan_site_note(s, "the handler only schedules NAPI, so a thread gains little");
}

/*
 * Refuse a request for a reason of the request, not the handler: what the
 * handler itself allows comes first (i8042: a lock taken before the
 * check), planned here when convert, which plans the handlers scan lets
 * through, asked for no plan; declined, the site stays declined, @r
 * after the decline (it needs no rewrite: convert reports that).
 */
static void refuse_request(struct scan_tu *st, struct scan_site *s,
			   enum reason code, const char *r)
{
	if (!st->plan_handlers && s->has_handler_def)
		judge_request(st, s);
	if (s->verdict != VERDICT_CONVERTIBLE)
		return;
	if (judge_decline_stands(s, r))
		s->judged_for_convert = true;
	else
		scan_site_judge_text(s, code, r);
}

/*
 * A convertible handler the file requests again the same way: convert
 * rewrites one request of a handler, and one converted request would
 * leave the other registering it in hard-irq context.
 */
static void twice(struct scan_tu *st, struct scan_site *s,
		  const struct scan_sites *all)
{
	const struct scan_site *o;
	bool same = false;
	char *r;

	if (s->verdict != VERDICT_CONVERTIBLE ||
	    !(o = other_site(s, all, &same)) || !same)
		return;
	r = reason_format(R_REQUESTED_TWICE, s->handler, o->call.line);
	refuse_request(st, s, R_REQUESTED_TWICE, r);
	free(r);
}

/*
 * A convertible handler the file exports: what the handler itself allows
 * comes first (usb_hcd_irq() has no early IRQ_NONE), as for a handler
 * requested twice, and a decline stands before it.
 */
static void exported(struct scan_tu *st, struct scan_site *s)
{
	unsigned int line;
	char *r;

	if (s->verdict != VERDICT_CONVERTIBLE || !exported_here(st, s, &line))
		return;
	r = reason_format(R_HANDLER_EXPORTED, s->handler, line);
	refuse_request(st, s, R_HANDLER_EXPORTED, r);
	free(r);
}

void scan_judge(struct scan_tu *st, struct scan_site *s,
		const struct scan_sites *all)
{
	if (s->thread_text) {
		scan_site_judge(s, R_ALREADY_THREADED,
				s->call_name, s->thread_text);
		return;
	}
	if (!refused(st, s, all)) {
		convertible(st, s);
		twice(st, s, all);
		exported(st, s);
	}
	notes(s);
}

void judge_file(struct scan_tu *st, bool not_in_config,
		struct scan_sites *out)
{
	size_t first = out->nr, i;

	scan_tu_find_sites(st, not_in_config, out);
	for (i = first; i < out->nr; i++)
		if (out->v[i].facts)
			scan_judge(st, &out->v[i], out);
}
