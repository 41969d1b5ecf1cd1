// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "model/site.h"

static const char *const fact_kind_names[FACT_NR] = {
	[FACT_OWNERSHIP] = "ownership",
	[FACT_READ] = "reads",
	[FACT_HARDIRQ] = "hardirq_statements",
	[FACT_ACK] = "acks",
	[FACT_SILENCE] = "silences",
	[FACT_MASK] = "mask",
	[FACT_UNMASK] = "unmask",
	[FACT_DEFERRED] = "deferred",
	[FACT_LOCK] = "locks",
	[FACT_IRQOFF] = "irqs_off_calls",
	[FACT_CONTEXT] = "context_checks",
	[FACT_LINE] = "line_control",
	[FACT_SLEEP] = "may_sleep",
	[FACT_DEMUX] = "demux",
	[FACT_RETURN] = "returns",
	[FACT_CALLER] = "direct_callers",
};

const char *fact_kind_name(enum fact_kind kind)
{
	return kind < FACT_NR ? fact_kind_names[kind] : "unknown";
}

const char *verdict_name(enum verdict v)
{
	switch (v) {
	case VERDICT_ALREADY_THREADED:
		return "already_threaded";
	case VERDICT_CONVERTIBLE:
		return "convertible";
	case VERDICT_NOT_CONVERTIBLE:
		return "not_convertible";
	case VERDICT_UNANALYSABLE:
		break;
	}
	return "unanalysable";
}

struct fact *handler_facts_add(struct handler_facts *hf, enum fact_kind kind,
			       const char *name, struct src_range where)
{
	struct fact *f;
	size_t i;

	/* A macro that expands to several calls is one fact. */
	for (i = 0; i < hf->nr; i++) {
		f = &hf->v[i];
		if (f->kind == kind && f->where.begin == where.begin &&
		    !strcmp(f->name, name ? name : ""))
			return f;
	}
	if (hf->nr == hf->alloc) {
		hf->alloc = hf->alloc ? 2 * hf->alloc : 16;
		hf->v = xrealloc(hf->v, hf->alloc * sizeof(*hf->v));
	}
	/* Keep source order within a kind: insert after the last earlier one. */
	for (i = hf->nr; i > 0; i--) {
		f = &hf->v[i - 1];
		if (f->kind < kind ||
		    (f->kind == kind && f->where.begin <= where.begin))
			break;
	}
	memmove(&hf->v[i + 1], &hf->v[i], (hf->nr - i) * sizeof(*hf->v));
	hf->nr++;
	f = &hf->v[i];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->name = xstrdup(name ? name : "");
	f->where = where;
	return f;
}

struct fact *handler_facts_first(const struct handler_facts *hf,
				 enum fact_kind kind)
{
	size_t i;

	for (i = 0; hf && i < hf->nr; i++)
		if (hf->v[i].kind == kind)
			return &hf->v[i];
	return NULL;
}

size_t handler_facts_count(const struct handler_facts *hf,
			   enum fact_kind kind)
{
	size_t i, n = 0;

	for (i = 0; hf && i < hf->nr; i++)
		n += hf->v[i].kind == kind;
	return n;
}

static void fact_release(struct fact *f)
{
	free(f->name);
	free(f->arg);
	free(f->target);
	free(f->detail);
}

void handler_facts_free(struct handler_facts *hf)
{
	size_t i;

	if (!hf)
		return;
	for (i = 0; i < hf->nr; i++)
		fact_release(&hf->v[i]);
	free(hf->v);
	free(hf->name);
	free(hf->file);
	free(hf);
}

void scan_site_init(struct scan_site *s)
{
	memset(s, 0, sizeof(*s));
	s->shared = -1;
	s->verdict = VERDICT_UNANALYSABLE;
}

void scan_site_release(struct scan_site *s)
{
	size_t i;

	free(s->file);
	free(s->call_name);
	free(s->via_macro);
	free(s->irq);
	free(s->handler_text);
	free(s->thread_text);
	free(s->flags);
	free(s->devname);
	free(s->dev_id);
	strvec_clear(&s->flags_decoded);
	for (i = 0; i < s->nr_frees; i++)
		fact_release(&s->frees[i]);
	free(s->frees);
	free(s->handler);
	free(s->handler_file);
	free(s->resolution);
	handler_facts_free(s->facts);
	free(s->strategy);
	free(s->tasklet_fold);
	strvec_clear(&s->reason_codes);
	strvec_clear(&s->reasons);
	memset(s, 0, sizeof(*s));
}

static void judge_take(struct scan_site *s, enum reason r, char *text)
{
	s->verdict = (enum verdict)reason_class(r);
	/* The verdict's code and sentence go first, before notes. */
	strvec_push(&s->reason_codes, "");
	free(s->reason_codes.v[s->reason_codes.nr - 1]);
	memmove(&s->reason_codes.v[1], &s->reason_codes.v[0],
		(s->reason_codes.nr - 1) * sizeof(char *));
	s->reason_codes.v[0] = xstrdup(reason_code(r));
	strvec_push(&s->reasons, "");
	free(s->reasons.v[s->reasons.nr - 1]);
	memmove(&s->reasons.v[1], &s->reasons.v[0],
		(s->reasons.nr - 1) * sizeof(char *));
	s->reasons.v[0] = text;
}

void scan_site_judge(struct scan_site *s, enum reason r, ...)
{
	va_list ap;
	char *text;

	va_start(ap, r);
	text = reason_vformat(r, ap);
	va_end(ap);
	judge_take(s, r, text);
}

void scan_site_judge_text(struct scan_site *s, enum reason r,
			  const char *text)
{
	judge_take(s, r, xstrdup(text));
}

void scan_site_note(struct scan_site *s, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strvec_push_nodup(&s->reasons, strbuf_detach(&sb));
}
