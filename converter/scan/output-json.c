// SPDX-License-Identifier: GPL-2.0
/* The JSON form of a site (docs/scan-json.md), one object per line. */
#include <string.h>

#include "jsonl.h"
#include "scan/output.h"

static json_t *fact_json(const struct fact *f)
{
	json_t *obj = jsonl_object();

	jsonl_set_string(obj, "name", f->name);
	if (f->arg)
		jsonl_set_string(obj, "arg", f->arg);
	if (f->target)
		jsonl_set_string(obj, "target", f->target);
	if (f->detail)
		jsonl_set_string(obj, "detail", f->detail);
	if (f->unusable)
		jsonl_set_bool(obj, "unusable", 1);
	jsonl_set_uint(obj, "line", f->where.line);
	jsonl_set_uint(obj, "begin", f->where.begin);
	jsonl_set_uint(obj, "end", f->where.end);
	return obj;
}

/* The facts of kind @k, in source order. */
static json_t *facts_of_kind(const struct handler_facts *hf, enum fact_kind k)
{
	json_t *a = jsonl_array();
	size_t i;

	for (i = 0; i < hf->nr; i++)
		if (hf->v[i].kind == k)
			jsonl_push(a, fact_json(&hf->v[i]));
	return a;
}

static json_t *facts_json(const struct handler_facts *hf)
{
	json_t *obj;
	enum fact_kind k;

	if (!hf)
		return json_null();
	obj = jsonl_object();
	jsonl_set_string(obj, "function", hf->name);
	jsonl_set_string(obj, "file", hf->file);
	jsonl_set_uint(obj, "begin", hf->body.begin);
	jsonl_set_uint(obj, "end", hf->body.end);
	for (k = 0; k < FACT_NR; k++) {
		const struct fact *f = handler_facts_first(hf, k);

		if (k != FACT_OWNERSHIP)
			jsonl_set(obj, fact_kind_name(k), facts_of_kind(hf, k));
		else if (f)
			jsonl_set(obj, fact_kind_name(k), fact_json(f));
		else
			jsonl_set_null(obj, fact_kind_name(k));
	}
	return obj;
}

static void summary_line(struct strbuf *out, const char *file,
			 unsigned int line, const char *call,
			 const char *handler, const char *verdict,
			 const char *strategy, const char *code,
			 const char *reason, const char *tree)
{
	const char *fields[] = {
		call, handler, verdict, strategy, code, reason, tree,
	};
	size_t i;

	strbuf_addf(out, "T %s\t%u", file, line);
	for (i = 0; i < ARRAY_SIZE(fields); i++) {
		const char *p = fields[i] ? fields[i] : "-";

		strbuf_addch(out, '\t');
		for (; *p; p++)
			strbuf_addch(out, *p == '\t' || *p == '\n' ? ' ' : *p);
	}
	strbuf_addch(out, '\n');
}

/* "J <record>\n" */
static void add_record(struct strbuf *out, json_t *obj)
{
	strbuf_addstr(out, "J ");
	jsonl_append(out, obj);
}

/* Where the call is, and the request's arguments. */
static void request_members(json_t *obj, const struct scan_site *s)
{
	jsonl_set_string(obj, "file", s->file);
	jsonl_set_uint(obj, "line", s->call.line);
	jsonl_set_uint(obj, "column", s->column);
	jsonl_set_uint(obj, "begin", s->call.begin);
	jsonl_set_uint(obj, "end", s->call.end);
	jsonl_set_string(obj, "call", s->call_name);
	jsonl_set_string(obj, "via_macro", s->via_macro);
	jsonl_set_bool(obj, "not_in_config", s->not_in_config);
	jsonl_set_string(obj, "tree", s->tree);
	jsonl_set_string(obj, "irq", s->irq);
	jsonl_set_string(obj, "handler", s->handler);
	jsonl_set_string(obj, "handler_arg", s->handler_text);
	jsonl_set_string(obj, "handler_file", s->handler_file);
	if (s->handler)
		jsonl_set_uint(obj, "handler_line", s->handler_line);
	else
		jsonl_set_null(obj, "handler_line");
	jsonl_set_string(obj, "resolution", s->resolution);
	jsonl_set_uint(obj, "alternatives", s->alternatives);
	jsonl_set_string(obj, "thread_fn", s->thread_text);
	jsonl_set_string(obj, "flags", s->flags);
	if (s->flags_const)
		jsonl_set_uint(obj, "flags_value", s->flags_value);
	else
		jsonl_set_null(obj, "flags_value");
	jsonl_set(obj, "flags_decoded", jsonl_strvec(&s->flags_decoded));
	jsonl_set_bool(obj, "shared", s->shared);
	jsonl_set_string(obj, "name", s->devname);
	jsonl_set_string(obj, "dev_id", s->dev_id);
	jsonl_set_bool(obj, "managed", s->managed);
}

void scan_site_records(const struct scan_site *s, struct strbuf *out)
{
	const char *code = s->reason_codes.nr ? s->reason_codes.v[0] : NULL;
	const char *reason = s->reasons.nr ? s->reasons.v[0] : NULL;
	json_t *obj = jsonl_object(), *frees = jsonl_array();
	size_t i;

	request_members(obj, s);
	for (i = 0; i < s->nr_frees; i++)
		jsonl_push(frees, fact_json(&s->frees[i]));
	jsonl_set(obj, "frees", frees);
	jsonl_set_string(obj, "verdict", verdict_name(s->verdict));
	jsonl_set_string(obj, "strategy", s->strategy);
	jsonl_set_string(obj, "tasklet_fold", s->tasklet_fold);
	jsonl_set_string(obj, "reason_code", code);
	jsonl_set_string(obj, "reason", reason);
	jsonl_set(obj, "reason_codes", jsonl_strvec(&s->reason_codes));
	jsonl_set(obj, "reasons", jsonl_strvec(&s->reasons));
	jsonl_set(obj, "facts", facts_json(s->facts));
	add_record(out, obj);
	summary_line(out, s->file, s->call.line, s->call_name, s->handler,
		     verdict_name(s->verdict), s->strategy, code, reason,
		     s->tree);
}

static void failure_record(const char *file, bool not_in_config,
			   const char *tree, enum reason r, const char *why,
			   struct strbuf *out)
{
	const char *code = reason_code(r);
	json_t *obj = jsonl_object(), *codes = jsonl_array();
	json_t *reasons = jsonl_array();

	jsonl_set_string(obj, "file", file);
	jsonl_set_uint(obj, "line", 0);
	jsonl_set_null(obj, "call");
	jsonl_set_bool(obj, "not_in_config", not_in_config);
	jsonl_set_string(obj, "tree", tree);
	jsonl_set_null(obj, "handler");
	jsonl_set_null(obj, "handler_file");
	jsonl_set_null(obj, "handler_line");
	jsonl_set_null(obj, "flags");
	jsonl_set_bool(obj, "shared", -1);
	jsonl_set_string(obj, "verdict", "unanalysable");
	jsonl_set_null(obj, "strategy");
	jsonl_set_string(obj, "reason_code", code);
	jsonl_set_string(obj, "reason", why);
	jsonl_push(codes, jsonl_string(code));
	jsonl_push(reasons, jsonl_string(why));
	jsonl_set(obj, "reason_codes", codes);
	jsonl_set(obj, "reasons", reasons);
	jsonl_set_null(obj, "facts");
	add_record(out, obj);
	summary_line(out, file, 0, NULL, NULL, "unanalysable", NULL, code, why,
		     tree);
}

void scan_file_failure(const char *file, bool not_in_config,
		       enum reason r, const char *why, struct strbuf *out)
{
	failure_record(file, not_in_config, NULL, r, why, out);
}

void scan_file_failure_in(const char *file, const char *tree, enum reason r,
			  const char *why, struct strbuf *out)
{
	failure_record(file, !tree, tree, r, why, out);
}
