// SPDX-License-Identifier: GPL-2.0
/*
 * The verdict of a site, from its call and its handler facts.  Reason codes
 * and strategies are a fixed list, defined in docs/analysis.md; the first
 * reason sentence is the one a maintainer reads.
 */
#include <stdlib.h>
#include <string.h>

#include "judge/judge.h"
#include "scan/scan.h"
#include "tu.h"

static bool flag_set(const struct scan_site *s, const char *name)
{
	size_t i;

	for (i = 0; s->flags_const && i < s->flags_decoded.nr; i++)
		if (!strcmp(s->flags_decoded.v[i], name))
			return true;
	return false;
}

/* Another site of this file installs the same handler differently. */
static const struct scan_site *incompatible_site(const struct scan_site *s,
						 const struct scan_sites *all)
{
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
		    !o->thread_text != !s->thread_text)
			return o;
	}
	return NULL;
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

static bool refused(struct scan_site *s, const struct scan_sites *all)
{
	const struct handler_facts *hf = s->facts;
	const struct scan_site *o;
	const struct fact *f;

	if (!strcmp(s->call_name, "request_nmi")) {
		scan_site_judge(s, R_NMI);
	} else if (!strcmp(s->call_name, "request_percpu_irq") ||
		   flag_set(s, "IRQF_PERCPU")) {
		scan_site_judge(s, R_PER_CPU);
	} else if (flag_set(s, "__IRQF_TIMER")) {
		scan_site_judge(s, R_TIMER);
	} else if (flag_set(s, "IRQF_NO_THREAD")) {
		scan_site_judge(s, R_NO_THREAD);
	} else if (strstr(s->call_name, "any_context")) {
		scan_site_judge(s, R_ANY_CONTEXT);
	} else if ((f = handler_facts_first(hf, FACT_DEMUX))) {
		scan_site_judge(s, R_CHAINED_HANDLER,
				f->name, f->where.line);
	} else if ((o = incompatible_site(s, all))) {
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
		      s->handler_def, scan_tu_lock_module(st));
	free(path);
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
		scan_site_judge(s, R_HANDLER_PARAM);
	else if (!rewritable_shape(s))
		scan_site_judge(s, R_HANDLER_NOT_NAMED);
	else if (!s->has_handler_def || !scan_handler_here(st, s->handler_def))
		scan_site_judge(s, R_HANDLER_NOT_HERE, s->handler);
	else if (st->plan_handlers)
		judge_request(st, s);
	else
		s->verdict = VERDICT_CONVERTIBLE;
	if (s->verdict == VERDICT_NOT_CONVERTIBLE && own && helper)
		scan_site_note(s, "the file defines %s() (line %u), which masks the device; a primary that called it could split the handler, but convert does not write such a call",
			       helper->name, helper->where.line);
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
			if (!strcmp(f->detail, "tasklet") && f->target &&
			    !s->tasklet_fold &&
			    s->verdict == VERDICT_CONVERTIBLE) {
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

void scan_judge(struct scan_tu *st, struct scan_site *s,
		const struct scan_sites *all)
{
	if (s->thread_text) {
		scan_site_judge(s, R_ALREADY_THREADED,
				s->call_name, s->thread_text);
		return;
	}
	if (!refused(s, all))
		convertible(st, s);
	notes(s);
}
