// SPDX-License-Identifier: GPL-2.0
/* The JSON form of a site (docs/scan-json.md), one object per line. */
#include <string.h>

#include "scan/output.h"

void json_string(struct strbuf *sb, const char *s)
{
	if (!s) {
		strbuf_addstr(sb, "null");
		return;
	}
	strbuf_addch(sb, '"');
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			strbuf_addf(sb, "\\%c", c);
		else if (c == '\n')
			strbuf_addstr(sb, "\\n");
		else if (c == '\t')
			strbuf_addstr(sb, "\\t");
		else if (c < 0x20)
			strbuf_addf(sb, "\\u%04x", c);
		else
			strbuf_addch(sb, c);
	}
	strbuf_addch(sb, '"');
}

static void key(struct strbuf *sb, const char *k)
{
	if (sb->len && sb->buf[sb->len - 1] != '{' && sb->buf[sb->len - 1] != '[')
		strbuf_addch(sb, ',');
	json_string(sb, k);
	strbuf_addch(sb, ':');
}

static void kv_str(struct strbuf *sb, const char *k, const char *v)
{
	key(sb, k);
	json_string(sb, v);
}

static void kv_uint(struct strbuf *sb, const char *k, unsigned long long v)
{
	key(sb, k);
	strbuf_addf(sb, "%llu", v);
}

static void kv_bool(struct strbuf *sb, const char *k, int v)
{
	key(sb, k);
	strbuf_addstr(sb, v < 0 ? "null" : v ? "true" : "false");
}

static void strvec_json(struct strbuf *sb, const char *k,
			const struct strvec *sv)
{
	size_t i;

	key(sb, k);
	strbuf_addch(sb, '[');
	for (i = 0; i < sv->nr; i++) {
		if (i)
			strbuf_addch(sb, ',');
		json_string(sb, sv->v[i]);
	}
	strbuf_addch(sb, ']');
}

static void fact_json(struct strbuf *sb, const struct fact *f)
{
	strbuf_addch(sb, '{');
	kv_str(sb, "name", f->name);
	if (f->arg)
		kv_str(sb, "arg", f->arg);
	if (f->target)
		kv_str(sb, "target", f->target);
	if (f->detail)
		kv_str(sb, "detail", f->detail);
	if (f->unusable)
		kv_bool(sb, "unusable", 1);
	kv_uint(sb, "line", f->where.line);
	kv_uint(sb, "begin", f->where.begin);
	kv_uint(sb, "end", f->where.end);
	strbuf_addch(sb, '}');
}

static void facts_json(struct strbuf *sb, const struct handler_facts *hf)
{
	enum fact_kind k;
	size_t i;

	key(sb, "facts");
	if (!hf) {
		strbuf_addstr(sb, "null");
		return;
	}
	strbuf_addch(sb, '{');
	kv_str(sb, "function", hf->name);
	kv_str(sb, "file", hf->file);
	kv_uint(sb, "begin", hf->body.begin);
	kv_uint(sb, "end", hf->body.end);
	for (k = 0; k < FACT_NR; k++) {
		bool first = true;

		key(sb, fact_kind_name(k));
		if (k == FACT_OWNERSHIP) {
			const struct fact *f = handler_facts_first(hf, k);

			if (f)
				fact_json(sb, f);
			else
				strbuf_addstr(sb, "null");
			continue;
		}
		strbuf_addch(sb, '[');
		for (i = 0; i < hf->nr; i++) {
			if (hf->v[i].kind != k)
				continue;
			if (!first)
				strbuf_addch(sb, ',');
			first = false;
			fact_json(sb, &hf->v[i]);
		}
		strbuf_addch(sb, ']');
	}
	strbuf_addch(sb, '}');
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

void scan_site_records(const struct scan_site *s, struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addch(&sb, '{');
	kv_str(&sb, "file", s->file);
	kv_uint(&sb, "line", s->call.line);
	kv_uint(&sb, "column", s->column);
	kv_uint(&sb, "begin", s->call.begin);
	kv_uint(&sb, "end", s->call.end);
	kv_str(&sb, "call", s->call_name);
	kv_str(&sb, "via_macro", s->via_macro);
	kv_bool(&sb, "not_in_config", s->not_in_config);
	kv_str(&sb, "tree", s->tree);
	kv_str(&sb, "irq", s->irq);
	kv_str(&sb, "handler", s->handler);
	kv_str(&sb, "handler_arg", s->handler_text);
	kv_str(&sb, "handler_file", s->handler_file);
	key(&sb, "handler_line");
	if (s->handler)
		strbuf_addf(&sb, "%u", s->handler_line);
	else
		strbuf_addstr(&sb, "null");
	kv_str(&sb, "resolution", s->resolution);
	kv_uint(&sb, "alternatives", s->alternatives);
	kv_str(&sb, "thread_fn", s->thread_text);
	kv_str(&sb, "flags", s->flags);
	key(&sb, "flags_value");
	if (s->flags_const)
		strbuf_addf(&sb, "%llu", s->flags_value);
	else
		strbuf_addstr(&sb, "null");
	strvec_json(&sb, "flags_decoded", &s->flags_decoded);
	kv_bool(&sb, "shared", s->shared);
	kv_str(&sb, "name", s->devname);
	kv_str(&sb, "dev_id", s->dev_id);
	kv_bool(&sb, "managed", s->managed);
	key(&sb, "frees");
	strbuf_addch(&sb, '[');
	for (i = 0; i < s->nr_frees; i++) {
		if (i)
			strbuf_addch(&sb, ',');
		fact_json(&sb, &s->frees[i]);
	}
	strbuf_addch(&sb, ']');
	kv_str(&sb, "verdict", verdict_name(s->verdict));
	kv_str(&sb, "strategy", s->strategy);
	kv_str(&sb, "tasklet_fold", s->tasklet_fold);
	kv_str(&sb, "reason_code",
	       s->reason_codes.nr ? s->reason_codes.v[0] : NULL);
	kv_str(&sb, "reason", s->reasons.nr ? s->reasons.v[0] : NULL);
	strvec_json(&sb, "reason_codes", &s->reason_codes);
	strvec_json(&sb, "reasons", &s->reasons);
	facts_json(&sb, s->facts);
	strbuf_addch(&sb, '}');
	strbuf_addf(out, "J %s\n", sb.buf);
	strbuf_release(&sb);
	summary_line(out, s->file, s->call.line, s->call_name, s->handler,
		     verdict_name(s->verdict), s->strategy,
		     s->reason_codes.nr ? s->reason_codes.v[0] : NULL,
		     s->reasons.nr ? s->reasons.v[0] : NULL,
		     s->tree);
}

static void failure_record(const char *file, bool not_in_config,
			   const char *tree, enum reason r, const char *why,
			   struct strbuf *out)
{
	const char *code = reason_code(r);

	struct strbuf sb = STRBUF_INIT;

	strbuf_addch(&sb, '{');
	kv_str(&sb, "file", file);
	kv_uint(&sb, "line", 0);
	kv_str(&sb, "call", NULL);
	kv_bool(&sb, "not_in_config", not_in_config);
	kv_str(&sb, "tree", tree);
	kv_str(&sb, "handler", NULL);
	kv_str(&sb, "handler_file", NULL);
	kv_str(&sb, "handler_line", NULL);
	kv_str(&sb, "flags", NULL);
	kv_bool(&sb, "shared", -1);
	kv_str(&sb, "verdict", "unanalysable");
	kv_str(&sb, "strategy", NULL);
	kv_str(&sb, "reason_code", code);
	kv_str(&sb, "reason", why);
	key(&sb, "reason_codes");
	strbuf_addch(&sb, '[');
	json_string(&sb, code);
	strbuf_addch(&sb, ']');
	key(&sb, "reasons");
	strbuf_addch(&sb, '[');
	json_string(&sb, why);
	strbuf_addch(&sb, ']');
	kv_str(&sb, "facts", NULL);
	strbuf_addch(&sb, '}');
	strbuf_addf(out, "J %s\n", sb.buf);
	strbuf_release(&sb);
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
