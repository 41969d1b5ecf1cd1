// SPDX-License-Identifier: GPL-2.0
/*
 * Comments about what a fold removes: the comment right above a removed
 * statement that names the tasklet or work item (or, for the line's
 * disable/enable pair, the irq) goes with it; one above a call that
 * replaces tasklet_schedule() loses its "schedule the tasklet to" and
 * keeps the rest; "irq and workqueue" above a block that loses its work
 * item says "irq".  A comment above a statement or block that loses one
 * goes when each of its sentences names a member, function or call that
 * went (nhi_shutdown()'s flush_work() comment).  The words left stale
 * once every edit is made are convert/fold-reword.c's.  A comment the
 * fold makes stale is never left behind.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"

/* The words that name deferred work, or the line, in a comment. */
static const char *const work_words[] = {
	"tasklet", "tasklets", "workqueue", "workqueues", "work", NULL
};
static const char *const irq_words[] = {
	"irq", "irqs", "interrupt", "interrupts", NULL
};

bool fold_word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Does [@s, @s + @n) hold @w as a whole word, case aside? */
static const char *find_word(const char *s, size_t n, const char *w)
{
	size_t wl = strlen(w), i;

	for (i = 0; i + wl <= n; i++)
		if (!strncasecmp(s + i, w, wl) &&
		    (i == 0 || !fold_word_char(s[i - 1])) &&
		    (i + wl == n || !fold_word_char(s[i + wl])))
			return s + i;
	return NULL;
}

static bool names_any(const char *s, size_t n, const char *const *words)
{
	for (; words && *words; words++)
		if (find_word(s, n, *words))
			return true;
	return false;
}

/* The line starting at @s, blanks aside, starts with `//`. */
static bool line_comment(const char *buf, size_t s)
{
	while (buf[s] == ' ' || buf[s] == '\t')
		s++;
	return !strncmp(buf + s, "//", 2);
}

/*
 * The comment that ends on the line before the one starting at @line: its
 * first line's start in *@begin.  False when that line is no comment's
 * end, or the comment shares its first line with code.
 */
bool fold_comment_above(const char *buf, size_t line, size_t *begin)
{
	size_t at, s, p;

	if (!line)
		return false;
	s = split_line_start(buf, line - 1);
	if (line_comment(buf, s)) {
		while (s > 0 && line_comment(buf, split_line_start(buf, s - 1)))
			s = split_line_start(buf, s - 1);
		*begin = s;
		return true;
	}
	at = line - 1;
	while (at > s && isspace((unsigned char)buf[at - 1]))
		at--;
	if (at < s + 2 || buf[at - 1] != '/' || buf[at - 2] != '*')
		return false;
	for (p = at - 2; p > 0; p--)
		if (buf[p - 1] == '/' && buf[p] == '*')
			break;
	if (!p)
		return false;
	s = split_line_start(buf, p - 1);
	for (at = s; at < p - 1; at++)
		if (buf[at] != ' ' && buf[at] != '\t')
			return false;
	*begin = s;
	return true;
}

/* Whether the line at @off is blank, a closing brace, or past the end. */
static bool ends_group(const char *buf, size_t len, size_t off)
{
	while (off < len && (buf[off] == ' ' || buf[off] == '\t'))
		off++;
	return off >= len || buf[off] == '\n' || buf[off] == '\r' ||
	       buf[off] == '}';
}

static bool names_of(const char *s, size_t n, const struct strvec *names,
		     bool irq)
{
	size_t i;

	if (names_any(s, n, irq ? irq_words : work_words))
		return true;
	for (i = 0; names && i < names->nr; i++)
		if (find_word(s, n, names->v[i]))
			return true;
	return false;
}

size_t fold_stale_comment(const char *buf, size_t len, size_t line,
			  size_t end, const struct strvec *names, bool irq)
{
	size_t begin;

	if (!fold_comment_above(buf, line, &begin))
		return line;
	if (names_of(buf + begin, line - begin, names, irq) &&
	    ends_group(buf, len, end))
		return begin;
	/* more follows, but the comment only explained what goes */
	return !irq && fold_comment_explains_removed(buf, begin, line, names) ?
	       begin : line;
}

void fold_remove_stmt_named(struct edit_list *el, const char *buf,
			    size_t len, CXCursor stmt,
			    const struct strvec *names, bool irq,
			    const char *why)
{
	struct cursor_range r = cursor_range(stmt);
	size_t line = split_line_start(buf, r.begin);
	size_t end = split_line_after(buf, len, r.end);

	fold_remove_lines(el, buf, len,
			  fold_stale_comment(buf, len, line, end, names, irq),
			  end, why);
}

/* The display width of @s, @n bytes, tabs to the next multiple of 8. */
static size_t width(const char *s, size_t n)
{
	size_t w = 0, i;

	for (i = 0; i < n; i++)
		w = s[i] == '\t' ? (w + 8) & ~(size_t)7 : w + 1;
	return w;
}

/*
 * A block comment of one paragraph between a `/`+`*` line and a `*`+`/`
 * line, shortened by an edit, filled again to 80 columns.  @c is
 * returned as it is when it has another shape.
 */
char *fold_refill(char *c)
{
	struct strvec words = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;
	char *first_nl = strchr(c, '\n'), *last_nl, *p, *prefix;
	size_t plen, col, i;

	last_nl = strstr(c, "*/");
	while (last_nl && last_nl > c && last_nl[0] != '\n')
		last_nl--;
	if (!first_nl || !last_nl || last_nl <= first_nl)
		return c;
	p = first_nl + 1;
	plen = strspn(p, " \t");
	if (strncmp(p + plen, "* ", 2))
		return c;
	prefix = xstrndup(p, plen + 2);
	for (; p < last_nl; p = strchr(p, '\n') + 1) {
		char *eol = strchr(p, '\n'), *w;

		if (strncmp(p, prefix, plen + 2) || eol == p + plen + 2)
			goto keep;
		for (w = p + plen + 2; w < eol;) {
			size_t n = strcspn(w, " \n");

			if (n)
				strvec_push_nodup(&words, xstrndup(w, n));
			w += n + (w[n] == ' ');
		}
	}
	strbuf_add(&out, c, first_nl + 1 - c);
	strbuf_addstr(&out, prefix);
	col = width(prefix, plen + 2);
	for (i = 0; i < words.nr; i++) {
		size_t n = strlen(words.v[i]);

		if (i && col + 1 + n > 80) {
			strbuf_addch(&out, '\n');
			strbuf_addstr(&out, prefix);
			col = width(prefix, plen + 2);
		} else if (i) {
			strbuf_addch(&out, ' ');
			col++;
		}
		strbuf_addstr(&out, words.v[i]);
		col += n;
	}
	strbuf_addstr(&out, last_nl);
	free(c);
	c = strbuf_detach(&out);
keep:
	strbuf_release(&out);
	strvec_clear(&words);
	free(prefix);
	return c;
}

/*
 * "Schedule the tasklet to handle X" names what the thread now does
 * itself: the few words up to "tasklet to " go, and the rest keeps the
 * case the comment started with.  NULL when the comment's first line has
 * no such phrase.
 */
static char *drop_schedule_phrase(const char *c, size_t n)
{
	static const char *const phrases[] = { "tasklet to ", "work to ",
					       NULL };
	const char *const *p;
	const char *text = c, *at = NULL, *hit = NULL, *w;
	struct strbuf out = STRBUF_INIT;
	unsigned int words = 0;
	size_t i;

	for (p = phrases; *p && !at; p++)
		for (i = 0; i + strlen(*p) < n && !at; i++)
			if (!strncasecmp(c + i, *p, strlen(*p)) &&
			    (!i || !fold_word_char(c[i - 1]))) {
				at = c + i;
				hit = at + strlen(*p);
			}
	if (!at)
		return NULL;
	while (text < at && strchr(" \t/*\r\n", *text))
		text++;
	for (w = text; w < at; w++) {
		if (*w == '\n')
			return NULL;
		words += *w == ' ';
	}
	if (words > 3)
		return NULL;
	strbuf_add(&out, c, text - c);
	strbuf_addch(&out, isupper((unsigned char)*text) ?
		     toupper((unsigned char)*hit) : *hit);
	strbuf_add(&out, hit + 1, c + n - hit - 1);
	return fold_refill(strbuf_detach(&out));
}

/*
 * " and workqueue" (or "workqueue and "): the conjunction and the word of
 * the work that goes.  Returns the new text, or NULL.
 */
static char *drop_and_work(const char *c, size_t n)
{
	const char *const *w;

	for (w = work_words; *w; w++) {
		const char *hit = find_word(c, n, *w);
		size_t wl = strlen(*w);
		struct strbuf out = STRBUF_INIT;

		if (!hit)
			continue;
		if (hit - c >= 9 && !strncmp(hit - 9, " and the ", 9)) {
			strbuf_add(&out, c, hit - 9 - c);
			strbuf_add(&out, hit + wl, c + n - hit - wl);
			return strbuf_detach(&out);
		}
		if (hit - c >= 5 && !strncmp(hit - 5, " and ", 5)) {
			strbuf_add(&out, c, hit - 5 - c);
			strbuf_add(&out, hit + wl, c + n - hit - wl);
			return strbuf_detach(&out);
		}
		if (!strncmp(hit + wl, " and ", 5)) {
			strbuf_add(&out, c, hit - c);
			strbuf_add(&out, hit + wl + 5, c + n - hit - wl - 5);
			return strbuf_detach(&out);
		}
	}
	return NULL;
}

void fold_reword_call_comment(struct edit_list *el, const char *buf,
			      size_t len, CXCursor call,
			      const struct strvec *names)
{
	struct cursor_range r = cursor_range(call);
	size_t line = split_line_start(buf, r.begin), begin;
	size_t end = split_line_after(buf, len, r.end);
	char *text;

	/* moved to the end of the thread: its comment went with it, or stays */
	if (edit_list_touches(el, line, end))
		return;
	/* the unbraced body of `if (...)`: the comment is above the if */
	if (!fold_comment_above(buf, line, &begin) && line > 0) {
		size_t prev = split_line_start(buf, line - 1), e = line - 1;

		while (e > prev && strchr(" \t\r", buf[e - 1]))
			e--;
		if (e > prev && buf[e - 1] == ')')
			line = prev;
	}
	if (!fold_comment_above(buf, line, &begin) ||
	    !names_of(buf + begin, line - begin, names, false) ||
	    edit_list_touches(el, begin, line))
		return;
	text = drop_schedule_phrase(buf + begin, line - begin);
	if (!text && !ends_group(buf, len, end))
		text = drop_and_work(buf + begin, line - begin);
	if (text)
		edit_add_take(el, begin, line - begin, text,
			      "stale comment reworded");
	else if (ends_group(buf, len, end))
		edit_add(el, begin, line - begin, "", "stale comment");
}

void fold_reword_block_comment(struct edit_list *el, const char *buf,
			       size_t line, const struct strvec *names)
{
	size_t begin;
	char *text;

	if (!fold_comment_above(buf, line, &begin) || edit_list_touches(el, begin, line))
		return;
	text = drop_and_work(buf + begin, line - begin);
	if (text)
		edit_add_take(el, begin, line - begin, text,
			      "stale comment reworded");
	else if (fold_comment_explains_removed(buf, begin, line, names))
		edit_add(el, begin, line - begin, "", "stale comment");
}

/* Whether the comment text at @c, a line end, ends a paragraph. */
static bool paragraph_break(const char *c, size_t n, size_t i)
{
	if (c[i] != '\n')
		return false;
	for (i++; i < n && strchr(" \t*", c[i]); i++)
		if (c[i] == '*' && i + 1 < n && c[i + 1] == '/')
			return false;
	return i < n && (c[i] == '\n' || c[i] == '\r');
}

static bool names_listed(const char *s, size_t n, const struct strvec *names)
{
	size_t i;

	for (i = 0; names && i < names->nr; i++)
		if (find_word(s, n, names->v[i]))
			return true;
	return false;
}

static bool has_letters(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (isalpha((unsigned char)s[i]))
			return true;
	return false;
}

/*
 * Does every sentence of the comment text [@c, @c + @n) name one of
 * @names or @words (whole words)?  A sentence ends at '.', '!' or '?'
 * before a blank, or at a paragraph break.
 */
bool fold_every_sentence_names(const char *c, size_t n,
				 const struct strvec *names,
				 const char *const *words)
{
	size_t i, start = 0;
	bool any = false;

	for (i = 0; i <= n; i++) {
		bool end = i == n || paragraph_break(c, n, i) ||
			   (strchr(".!?", c[i]) &&
			    (i + 1 == n || isspace((unsigned char)c[i + 1])));

		if (!end)
			continue;
		if (has_letters(c + start, i - start)) {
			if (!names_listed(c + start, i - start, names) &&
			    !names_any(c + start, i - start, words))
				return false;
			any = true;
		}
		start = i + 1;
	}
	return any;
}

/*
 * Whether the comment [@begin, @line) above a statement or block that
 * loses a removed statement only explained removed code: each of its
 * sentences names the member, the function or a call of @names that
 * went (nhi_shutdown()'s "We have to release the irq before calling
 * flush_work. Otherwise an already executing IRQ handler could call
 * schedule_work again.").
 */
bool fold_comment_explains_removed(const char *buf, size_t begin,
				   size_t line, const struct strvec *names)
{
	static const char *const none[] = { NULL };
	struct strvec ids = STRVEC_INIT;
	size_t i;
	bool hit;

	/* identifiers only: "work" or "tasklet" may name what stays */
	for (i = 0; names && i < names->nr; i++)
		if (strchr(names->v[i], '_') ||
		    !names_any(names->v[i], strlen(names->v[i]), work_words))
			strvec_push(&ids, names->v[i]);
	hit = ids.nr && fold_every_sentence_names(buf + begin, line - begin, &ids,
					     none);
	strvec_clear(&ids);
	return hit;
}

void fold_add_api_names(struct strvec *names, bool work)
{
	static const char *const tasklet_api[] = {
		"tasklet_schedule", "tasklet_hi_schedule", "tasklet_setup",
		"tasklet_init", "tasklet_kill", NULL
	};
	static const char *const work_api[] = {
		"schedule_work", "queue_work", "INIT_WORK", "flush_work",
		"cancel_work", "cancel_work_sync", NULL
	};
	const char *const *w;

	for (w = work ? work_api : tasklet_api; *w; w++)
		strvec_push(names, *w);
}

size_t fold_comment_start(const char *buf, size_t line)
{
	size_t begin;

	return fold_comment_above(buf, line, &begin) ? begin : line;
}
