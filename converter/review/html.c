// SPDX-License-Identifier: GPL-2.0
/*
 * OUTDIR/report.html: one self-contained page (inline CSS and JS, no network)
 * with a filterable summary table of every request site and, per patch, its
 * facts, risks, test results and coloured diff.
 *
 * The filters can be set from the URL fragment (report.html#verdict=refused
 * &review=pending); every filtered element carries data-visible="yes|no" so
 * a headless browser's DOM dump shows what the filters did.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "review/review.h"

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222}"
	"table{border-collapse:collapse;width:100%;font-size:13px}th,td{border:1px solid #bbb;padding:3px 8px;"
	"text-align:left;vertical-align:top}th{background:#eee}"
	"tr[data-verdict=converted] td.verdict{color:#060}"
	"tr[data-verdict=refused] td.verdict{color:#a00}"
	"#filters{margin:1em 0}#filters button{margin-right:4px}"
	"#filters button.on{background:#333;color:#fff}"
	"[data-visible=no]{display:none}"
	"section.patch{border-top:2px solid #888;margin-top:2em}"
	"pre.diff{background:#f8f8f8;padding:8px;overflow-x:auto;font-size:12px}"
	".add{color:#060;background:#e6ffe6}.del{color:#a00;background:#ffe6e6}"
	".hunk{color:#06a}.file{font-weight:bold}.edited{color:#a00;font-weight:bold}"
	"td.reason{min-width:18em;font-size:90%}td.boot{font-size:90%}"
	"td:nth-child(1),td:nth-child(2){overflow-wrap:anywhere;min-width:13em}";

static const char script[] =
	"function applyFilters(){"
	"var v=document.getElementById('f-verdict').value,"
	"r=document.getElementById('f-review').value;"
	"document.querySelectorAll('[data-verdict]').forEach(function(e){"
	"var show=(!v||e.dataset.verdict==v)&&(!r||e.dataset.review==r);"
	"e.dataset.visible=show?'yes':'no';});"
	"document.querySelectorAll('#filters button').forEach(function(b){"
	"b.className=(b.dataset.value==v)?'on':'';});"
	"document.body.dataset.filter='verdict='+v+'&review='+r;"
	"var n=document.querySelectorAll('tr[data-visible=yes]').length;"
	"document.getElementById('shown').textContent=n+' shown';}"
	"function setVerdict(v){document.getElementById('f-verdict').value=v;"
	"applyFilters();}"
	"window.addEventListener('DOMContentLoaded',function(){"
	"location.hash.replace(/^#/,'').split('&').forEach(function(kv){"
	"var p=kv.split('='),e=document.getElementById('f-'+p[0]);"
	"if(e&&p.length==2)e.value=decodeURIComponent(p[1]);});"
	"document.getElementById('f-verdict').onchange=applyFilters;"
	"document.getElementById('f-review').onchange=applyFilters;"
	"document.querySelectorAll('#filters button').forEach(function(b){"
	"b.onclick=function(){setVerdict(b.dataset.value);};});"
	"applyFilters();});";

static void esc(struct strbuf *sb, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i]; i++) {
		switch (s[i]) {
		case '<':
			strbuf_addstr(sb, "&lt;");
			break;
		case '>':
			strbuf_addstr(sb, "&gt;");
			break;
		case '&':
			strbuf_addstr(sb, "&amp;");
			break;
		case '"':
			strbuf_addstr(sb, "&quot;");
			break;
		default:
			strbuf_addch(sb, s[i]);
		}
	}
}

static void escs(struct strbuf *sb, const char *s)
{
	esc(sb, s, strlen(s));
}

static const struct review_patch *patch_of(const struct review_set *rs,
					   const struct review_site *s)
{
	size_t i;

	for (i = 0; i < rs->nr; i++)
		if (!strcmp(rs->patches[i].file, s->patch))
			return &rs->patches[i];
	return NULL;
}

static void result_cell(struct strbuf *sb, const struct review_patch *p,
			const char *key)
{
	char *v = p ? review_result(p, key) : NULL;

	strbuf_addf(sb, "<td class=\"%s\">", key);
	escs(sb, v ? v : p ? "not run" : "-");
	strbuf_addstr(sb, "</td>");
	free(v);
}

static void summary_row(struct strbuf *sb, const struct review_set *rs,
			const struct review_site *s, const char *rel)
{
	const struct review_patch *p = patch_of(rs, s);
	const char *review = p ? review_state_name(p->state) : "-";

	strbuf_addstr(sb, "<tr data-verdict=\"");
	escs(sb, s->verdict);
	strbuf_addf(sb, "\" data-review=\"%s\" data-visible=\"yes\"><td>", review);
	escs(sb, s->driver);
	strbuf_addstr(sb, "</td><td>");
	escs(sb, s->file);
	strbuf_addf(sb, ":%s</td><td>", s->line);
	escs(sb, s->handler);
	strbuf_addstr(sb, "</td><td class=\"verdict\">");
	escs(sb, s->verdict);
	strbuf_addstr(sb, "</td><td>");
	escs(sb, s->strategy);
	strbuf_addstr(sb, "</td>");
	result_cell(sb, p, "compile");
	result_cell(sb, p, "boot");
	strbuf_addf(sb, "<td class=\"review\">%s", review);
	if (p && *p->reason) {
		strbuf_addstr(sb, ": <span class=\"review-reason\">");
		escs(sb, p->reason);
		strbuf_addstr(sb, "</span>");
	}
	strbuf_addstr(sb, "</td><td class=\"reason\">");
	if (p) {
		strbuf_addstr(sb, "<a href=\"#");
		escs(sb, rel);
		escs(sb, p->file);
		strbuf_addstr(sb, "\">patch</a> ");
	}
	escs(sb, s->reason);
	strbuf_addstr(sb, "</td></tr>\n");
}

static void diff_block(struct strbuf *sb, const struct review_patch *p)
{
	const char *line = p->diff, *end = p->diff + p->diff_len, *nl;

	strbuf_addstr(sb, "<pre class=\"diff\">");
	for (; line < end; line = nl + 1) {
		const char *cls = NULL;

		nl = memchr(line, '\n', end - line);
		if (!nl)
			nl = end;
		if (starts_with(line, "diff --git") || starts_with(line, "--- ") ||
		    starts_with(line, "+++ "))
			cls = "file";
		else if (*line == '+')
			cls = "add";
		else if (*line == '-')
			cls = "del";
		else if (starts_with(line, "@@"))
			cls = "hunk";
		if (cls)
			strbuf_addf(sb, "<span class=\"%s\">", cls);
		esc(sb, line, nl - line);
		strbuf_addstr(sb, cls ? "</span>\n" : "\n");
	}
	strbuf_addstr(sb, "</pre>\n");
}

/* Links to the results file and to each "log: FILE" it names (in results/). */
static void results_block(struct strbuf *sb, const struct review_patch *p,
			  const char *rel)
{
	const char *line;

	if (!p->results) {
		strbuf_addstr(sb, "<p>Test results: none yet.</p>\n");
		return;
	}
	strbuf_addstr(sb, "<p>Test results: <a href=\"");
	escs(sb, rel);
	escs(sb, p->results_name);
	strbuf_addstr(sb, "\">");
	escs(sb, p->results_name);
	strbuf_addstr(sb, "</a></p>\n<pre class=\"results\">");
	escs(sb, p->results);
	strbuf_addstr(sb, "</pre>\n");
	for (line = p->results; line && *line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		if (starts_with(line, "log: ")) {
			size_t n = strcspn(line + 5, "\n");

			strbuf_addstr(sb, "<p>Log: <a href=\"");
			escs(sb, rel);
			strbuf_addstr(sb, "results/");
			esc(sb, line + 5, n);
			strbuf_addstr(sb, "\">");
			esc(sb, line + 5, n);
			strbuf_addstr(sb, "</a></p>\n");
		}
	}
}

static void patch_section(struct strbuf *sb, const struct review_set *rs,
			  const struct review_patch *p, const char *rel)
{
	const struct review_site *s = review_site_of(rs, p);
	size_t i;

	strbuf_addstr(sb, "<section class=\"patch\" id=\"");
	escs(sb, rel);
	escs(sb, p->file);
	strbuf_addf(sb, "\" data-verdict=\"converted\" data-review=\"%s\" data-visible=\"yes\"><h2>",
		    review_state_name(p->state));
	escs(sb, p->subject);
	strbuf_addstr(sb, "</h2>\n<dl>");
	if (s) {
		strbuf_addstr(sb, "<dt>driver</dt><dd>");
		escs(sb, s->driver);
		strbuf_addstr(sb, "</dd><dt>handler</dt><dd>");
		escs(sb, s->handler);
		strbuf_addstr(sb, "() at ");
		escs(sb, s->file);
		strbuf_addf(sb, ":%s</dd><dt>strategy</dt><dd>", s->line);
		escs(sb, s->strategy);
		strbuf_addstr(sb, "</dd><dt>why</dt><dd>");
		escs(sb, s->reason);
		strbuf_addstr(sb, "</dd>");
	}
	strbuf_addf(sb, "<dt>review</dt><dd>%s ", review_state_name(p->state));
	escs(sb, p->reason);
	strbuf_addstr(sb, "</dd></dl>\n");
	if (p->edited)
		strbuf_addstr(sb, "<p class=\"edited\">This patch was edited by hand since irqconv convert wrote it.</p>\n");
	strbuf_addstr(sb, "<h3>Risks</h3><ul>");
	for (i = 0; i < p->risks.nr; i++) {
		strbuf_addstr(sb, "<li>");
		escs(sb, p->risks.v[i]);
		strbuf_addstr(sb, "</li>");
	}
	strbuf_addstr(sb, "</ul>\n");
	results_block(sb, p, rel);
	diff_block(sb, p);
	strbuf_addstr(sb, "</section>\n");
}

static void filters(struct strbuf *sb)
{
	static const char *const verdicts[] = {
		"converted", "refused", "already_threaded",
	};
	static const char *const reviews[] = {
		"pending", "accepted", "rejected", "skipped",
	};
	size_t i;

	strbuf_addstr(sb, "<div id=\"filters\">Verdict: <button data-value=\"\">all</button>");
	for (i = 0; i < ARRAY_SIZE(verdicts); i++)
		strbuf_addf(sb, "<button data-value=\"%s\">%s</button>",
			    verdicts[i], verdicts[i]);
	strbuf_addstr(sb, " <select id=\"f-verdict\"><option value=\"\">any verdict</option>");
	for (i = 0; i < ARRAY_SIZE(verdicts); i++)
		strbuf_addf(sb, "<option>%s</option>", verdicts[i]);
	strbuf_addstr(sb, "</select> Review: <select id=\"f-review\"><option value=\"\">any review state</option>");
	for (i = 0; i < ARRAY_SIZE(reviews); i++)
		strbuf_addf(sb, "<option>%s</option>", reviews[i]);
	strbuf_addstr(sb, "<option value=\"-\">- (no patch)</option></select> <span id=\"shown\"></span></div>\n");
}

int review_html_write_many(const char *path, const struct review_set *sets,
			   size_t n, const char *const *rel)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, k, sites = 0, converted = 0, patches = 0;
	int ret;

	for (k = 0; k < n; k++) {
		for (i = 0; i < sets[k].nr_sites; i++)
			converted += !strcmp(sets[k].sites[i].verdict, "converted");
		sites += sets[k].nr_sites;
		patches += sets[k].nr;
	}
	strbuf_addf(&sb, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		    "<title>irqconv report</title>\n<style>%s</style>\n"
		    "<script>%s</script></head>\n<body>\n<h1>irqconv report</h1>\n<p>",
		    style, script);
	if (n == 1)
		escs(&sb, sets[0].dir);
	else
		strbuf_addf(&sb, "%zu series", n);
	strbuf_addf(&sb, ": %zu request sites, %zu converted, %zu patches.</p>\n",
		    sites, converted, patches);
	filters(&sb);
	strbuf_addstr(&sb, "<table id=\"summary\"><tr><th>driver</th><th>site</th>"
		      "<th>handler</th><th>verdict</th><th>strategy</th><th>compile</th>"
		      "<th>boot</th><th>review</th><th>reason</th></tr>\n");
	for (k = 0; k < n; k++)
		for (i = 0; i < sets[k].nr_sites; i++)
			summary_row(&sb, &sets[k], &sets[k].sites[i], rel[k]);
	strbuf_addstr(&sb, "</table>\n");
	for (k = 0; k < n; k++)
		for (i = 0; i < sets[k].nr; i++)
			patch_section(&sb, &sets[k], &sets[k].patches[i], rel[k]);
	strbuf_addstr(&sb, "</body></html>\n");
	ret = write_file_atomic(path, sb.buf, sb.len);
	if (ret)
		error("cannot write '%s': %s", path, strerror(errno));
	strbuf_release(&sb);
	return ret;
}

int review_html_write(const struct review_set *rs)
{
	static const char *const here[] = { "" };
	char *path = xasprintf("%s/report.html", rs->dir);
	int ret = review_html_write_many(path, rs, 1, here);

	free(path);
	return ret;
}
