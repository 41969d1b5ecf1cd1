// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv review OUTDIR: walk a series written by `irqconv convert -o`, one
 * patch at a time, and record accept / reject / skip in OUTDIR/review.txt.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "review/review.h"
#include "review/term.h"

static const char review_usage[] =
	"usage: irqconv review [--list] [--all] [--color=auto|always|never] OUTDIR\n\n"
	"Show each patch of the series in OUTDIR (written by 'irqconv convert -o')\n"
	"with its driver, strategy, reasons, risks, test results and diff, and\n"
	"ask: a accept, r reject (then a line giving the reason), s skip, q quit.\n"
	"Decisions go to OUTDIR/review.txt at once; a rejected patch leaves\n"
	"OUTDIR/series and is marked in the cover letter. Decided patches are not\n"
	"shown again; skipped ones are.\n\n"
	"  --list           print the decisions, one line per patch, and exit\n"
	"  --all            show decided patches too\n"
	"  --color=WHEN     colour the diff: auto (stdout is a terminal), always, never\n"
	"\nExit status:\n"
	"  0  done, quitting included\n"
	"  2  usage, a series that cannot be read, a decision that cannot be written\n";

#define RED "\033[31m"
#define GREEN "\033[32m"
#define CYAN "\033[36m"
#define BOLD "\033[1m"
#define RESET "\033[m"

static bool color;

static void add_colored(struct strbuf *sb, const char *line, size_t n)
{
	const char *c = NULL;

	if (color) {
		if (starts_with(line, "diff --git") || starts_with(line, "--- ") ||
		    starts_with(line, "+++ ") || starts_with(line, "index "))
			c = BOLD;
		else if (line[0] == '+')
			c = GREEN;
		else if (line[0] == '-')
			c = RED;
		else if (starts_with(line, "@@"))
			c = CYAN;
	}
	strbuf_addf(sb, "%s%.*s%s\n", c ? c : "", (int)n, line, c ? RESET : "");
}

/* "label:    text", filled to the screen with the text's column kept. */
static void add_field(struct strbuf *sb, const char *label, const char *text)
{
	char *first = xasprintf("%-10s", label);

	if (*text)
		strbuf_add_wrapped(sb, text, first, "          ",
				   term_width());
	else
		strbuf_addf(sb, "%s\n", label);
	free(first);
}

static void show_patch(const struct review_set *rs, size_t i)
{
	const struct review_patch *p = &rs->patches[i];
	const struct review_site *s = review_site_of(rs, p);
	const char *line, *end = p->diff + p->diff_len, *nl;
	struct strbuf sb = STRBUF_INIT;
	size_t j;

	strbuf_addf(&sb, "%s[%zu/%zu] %s%s\n", color ? BOLD : "", i + 1,
		    rs->nr, p->file, color ? RESET : "");
	add_field(&sb, "subject:", p->subject);
	if (s) {
		char *h = xasprintf("%s() at %s:%s", s->handler, s->file,
				    s->line);

		add_field(&sb, "driver:", s->driver);
		add_field(&sb, "handler:", h);
		add_field(&sb, "strategy:", s->strategy);
		add_field(&sb, "why:", s->reason);
		free(h);
	}
	if (p->state != REVIEW_PENDING) {
		char *d = xasprintf("%s%s%s", review_state_name(p->state),
				    *p->reason ? ": " : "", p->reason);

		add_field(&sb, "decided:", d);
		free(d);
	}
	if (p->edited)
		strbuf_addf(&sb, "%swarning:  this patch was edited by hand since irqconv convert wrote it%s\n",
			    color ? RED : "", color ? RESET : "");
	strbuf_addstr(&sb, "risks:\n");
	for (j = 0; j < p->risks.nr; j++)
		strbuf_add_wrapped(&sb, p->risks.v[j], "  - ", "    ",
				   term_width());
	if (p->results)
		strbuf_addf(&sb, "test results (%s):\n%s", p->results_name,
			    p->results);
	else
		strbuf_addstr(&sb, "test results: none yet\n");
	strbuf_addch(&sb, '\n');
	for (line = p->diff; line < end; line = nl + 1) {
		nl = memchr(line, '\n', end - line);
		if (!nl)
			nl = end;
		add_colored(&sb, line, nl - line);
	}
	term_page(sb.buf, sb.len);
	strbuf_release(&sb);
}

static int list(const struct review_set *rs)
{
	size_t i;

	for (i = 0; i < rs->nr; i++) {
		const struct review_patch *p = &rs->patches[i];

		printf("%s %s%s%s%s\n", p->file, review_state_name(p->state),
		       *p->reason ? " " : "", p->reason,
		       p->edited ? " (edited by hand since convert)" : "");
	}
	return 0;
}

static int decide(struct review_set *rs, struct review_patch *p,
		  enum review_state st, char *reason)
{
	p->state = st;
	free(p->reason);
	p->reason = reason ? reason : xstrdup("");
	if (decisions_save(rs) || review_apply_to_series(rs))
		return -1;
	return 0;
}

/* 0 to go on, 1 to quit, -1 on a write error. */
static int ask(struct review_set *rs, struct review_patch *p)
{
	char *reason;
	int key;

	for (;;) {
		printf("accept [a], reject [r], skip [s], quit [q]? ");
		key = term_key();
		switch (key) {
		case 'a':
			return decide(rs, p, REVIEW_ACCEPTED, NULL);
		case 'r':
			printf("reason: ");
			reason = term_line();
			if (!reason)
				return 1;
			if (!*reason) {
				printf("a rejection needs a reason\n");
				free(reason);
				continue;
			}
			return decide(rs, p, REVIEW_REJECTED, reason);
		case 's':
			return decide(rs, p, REVIEW_SKIPPED, NULL);
		case 'q':
		case EOF:
			return 1;
		default:
			printf("unknown key '%c'\n", key);
		}
	}
}

static int walk(struct review_set *rs, bool all)
{
	size_t i, shown = 0;
	int ret = 0;

	for (i = 0; i < rs->nr && !ret; i++) {
		struct review_patch *p = &rs->patches[i];

		if (!all && (p->state == REVIEW_ACCEPTED ||
			     p->state == REVIEW_REJECTED))
			continue;
		if (shown++)
			printf("\n");
		show_patch(rs, i);
		ret = ask(rs, p);
	}
	if (!shown)
		printf("nothing to review in '%s' (--all shows decided patches)\n",
		       rs->dir);
	return ret < 0 ? -1 : 0;
}

int cmd_review(int argc, char **argv)
{
	static const struct option options[] = {
		{ "list", no_argument, NULL, 'l' },
		{ "all", no_argument, NULL, 'A' },
		{ "color", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct review_set rs;
	const char *when = "auto";
	bool do_list = false, all = false;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		switch (opt) {
		case 'l':
			do_list = true;
			break;
		case 'A':
			all = true;
			break;
		case 'c':
			when = optarg;
			break;
		case 'h':
			fputs(review_usage, stdout);
			return 0;
		default:
			fputs(review_usage, stderr);
			return 2;
		}
	}
	if (strcmp(when, "auto") && strcmp(when, "always") &&
	    strcmp(when, "never")) {
		error("--color '%s': want auto, always or never", when);
		return 2;
	}
	if (argc - optind != 1) {
		fputs(review_usage, stderr);
		return 2;
	}
	color = !strcmp(when, "always") ||
		(!strcmp(when, "auto") && term_color_auto());
	if (review_set_load(&rs, argv[optind])) {
		review_set_release(&rs);
		return 2;
	}
	if (do_list)
		ret = list(&rs);
	else
		ret = walk(&rs, all) ? 2 : 0;
	if (!do_list && !ret && review_html_write(&rs))
		ret = 2;
	review_set_release(&rs);
	return ret;
}
