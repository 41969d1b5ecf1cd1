// SPDX-License-Identifier: GPL-2.0
/*
 * Stale deferral words, once every edit of a fold is made: the handler's
 * comments say "thread" for "softirq handler", and a work function that
 * became the thread loses its "workqueue function" and the paragraphs
 * about its queueing (docs/convert.md, the fold's comments).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"

struct phrase {
	const char *from;
	const char *to;
};

/* In the handler's comments, once its tasklet runs in the thread. */
static const struct phrase tasklet_phrases[] = {
	{ "softirq handler", "thread" },
	{ "tasklet handler", "thread" },
	{ NULL, NULL }
};

/* In the comments of a work function that became the thread. */
static const struct phrase work_phrases[] = {
	{ "workqueue function", "threaded handler" },
	{ "work queue function", "threaded handler" },
	{ "workqueue handler", "threaded handler" },
	{ "work function", "threaded handler" },
	{ "work handler", "threaded handler" },
	{ NULL, NULL }
};

/* The words of a paragraph about how the work function was queued. */
static const char *const queue_words[] = {
	"workqueue", "workqueues", "work queue", "work item", "work items",
	NULL
};

/* @c with each phrase of @ph replaced, its first letter's case kept. */
static char *replace_phrases(const char *c, size_t n,
			     const struct phrase *ph)
{
	struct strbuf out = STRBUF_INIT;
	bool changed = false;
	size_t i = 0;

	while (i < n) {
		const struct phrase *p;
		size_t fl = 0;

		for (p = ph; p->from && !fl; p++) {
			size_t l = strlen(p->from);

			if (i + l > n || strncasecmp(c + i, p->from, l) ||
			    (i && fold_word_char(c[i - 1])) ||
			    (i + l < n && fold_word_char(c[i + l])))
				continue;
			fl = l;
			strbuf_addch(&out, isupper((unsigned char)c[i]) ?
				     toupper((unsigned char)p->to[0]) :
				     p->to[0]);
			strbuf_addstr(&out, p->to + 1);
		}
		if (fl) {
			i += fl;
			changed = true;
		} else {
			strbuf_addch(&out, c[i++]);
		}
	}
	if (!changed) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out);
}

/* The text of the comment line [@b, @e), its markers and blanks aside. */
static void line_content(const char *c, size_t *b, size_t *e)
{
	while (*b < *e && strchr(" \t", c[*b]))
		(*b)++;
	if (*e - *b >= 2 && !strncmp(c + *b, "/*", 2))
		*b += 2;
	else if (*b < *e && c[*b] == '*' && (*e - *b < 2 || c[*b + 1] != '/'))
		(*b)++;
	while (*e > *b && strchr(" \t\r\n", c[*e - 1]))
		(*e)--;
	if (*e - *b >= 2 && !strncmp(c + *e - 2, "*/", 2))
		*e -= 2;
	while (*b < *e && strchr(" \t", c[*b]))
		(*b)++;
	while (*e > *b && strchr(" \t", c[*e - 1]))
		(*e)--;
}

/* The opening and closing lines of the block comment @c hold no text. */
static bool framed(const char *c, size_t n)
{
	const char *first_nl = memchr(c, '\n', n);
	size_t fb = 0, fe, lb, le = n;

	if (!first_nl)
		return false;
	fe = first_nl - c;
	line_content(c, &fb, &fe);
	for (lb = n; lb > 0 && c[lb - 1] != '\n'; lb--)
		;
	line_content(c, &lb, &le);
	return fb == fe && lb == le;
}

/*
 * The paragraphs of the block comment @c (lines ` * ...` between a `/`+`*`
 * line and a `*`+`/` line) whose every sentence names @names or @words
 * go, each with the blank comment line after it (or before, at the end).
 * Returns the new text, "" when no paragraph is left, NULL when none
 * goes.
 */
static char *drop_paragraphs(const char *c, size_t n,
			     const struct strvec *names,
			     const char *const *words)
{
	struct strbuf out = STRBUF_INIT;
	size_t nl = 0, i, j, k, *starts;
	bool *gone, dropped = false, left = false;

	for (i = 0; i < n; i++)
		nl += c[i] == '\n';
	if (n < 4 || strncmp(c, "/*", 2) || !nl)
		return NULL;
	if (!framed(c, n))
		return NULL;
	starts = xcalloc(nl + 2, sizeof(*starts));
	gone = xcalloc(nl + 2, sizeof(*gone));
	for (i = 0, k = 1; i < n; i++)
		if (c[i] == '\n')
			starts[k++] = i + 1;
	starts[k] = n;
	/* lines 1 .. k - 2 are the paragraph lines; the first and last frame */
	for (i = 1; i + 1 < k; i = j) {
		size_t b = starts[i], e = starts[i + 1], pb, pe;

		line_content(c, &b, &e);
		if (b == e) {
			j = i + 1;
			continue;
		}
		for (j = i; j + 1 < k; j++) {
			b = starts[j];
			e = starts[j + 1];
			line_content(c, &b, &e);
			if (b == e)
				break;
		}
		pb = starts[i];
		pe = starts[j];
		if (!fold_every_sentence_names(c + pb, pe - pb, names, words)) {
			left = true;
			continue;
		}
		dropped = true;
		for (b = i; b < j; b++)
			gone[b] = true;
		/* the blank comment line after it, or the one before */
		if (j + 1 < k)
			gone[j] = true;
		else if (i > 1)
			gone[i - 1] = true;
	}
	if (dropped && left) {
		for (i = 0; i < k; i++)
			if (!gone[i])
				strbuf_add(&out, c + starts[i],
					   starts[i + 1] - starts[i]);
	}
	free(starts);
	free(gone);
	if (!dropped)
		return NULL;
	return left ? strbuf_detach(&out) : xstrdup("");
}

/*
 * One comment of a region whose fold made its words stale: the phrases
 * replaced, and for a work function's comment the paragraphs about its
 * queueing dropped.  NULL when nothing changes.
 */
static char *reword_comment(const char *c, size_t n, bool work,
			    const struct strvec *names)
{
	char *text = replace_phrases(c, n, work ? work_phrases :
				     tasklet_phrases), *dropped;
	const char *cur = text ? text : c;

	if (!work)
		return text ? fold_refill(text) : NULL;
	dropped = drop_paragraphs(cur, text ? strlen(text) : n, names,
				  queue_words);
	if (dropped) {
		free(text);
		return dropped;
	}
	return text;
}

/*
 * The end of the comment that starts at @i of @c, or 0 when none starts
 * there; string and character literals are skipped by the caller.
 */
static size_t comment_end(const char *c, size_t n, size_t i)
{
	const char *e;

	if (i + 1 >= n || c[i] != '/')
		return 0;
	if (c[i + 1] == '/') {
		e = memchr(c + i, '\n', n - i);
		return e ? (size_t)(e - c) : n;
	}
	if (c[i + 1] != '*')
		return 0;
	for (i += 2; i + 1 < n; i++)
		if (c[i] == '*' && c[i + 1] == '/')
			return i + 2;
	return 0;
}

/* After the literal that starts at @i of @c. */
static size_t skip_literal(const char *c, size_t n, size_t i)
{
	char q = c[i];

	for (i++; i < n && c[i] != q && c[i] != '\n'; i++)
		if (c[i] == '\\')
			i++;
	return i < n ? i + 1 : n;
}

/* @text with its comments reworded, or NULL when none changes. */
static char *reword_text(const char *text, bool work,
			 const struct strvec *names)
{
	struct strbuf out = STRBUF_INIT;
	size_t n = strlen(text), i = 0, pos = 0, e;
	bool changed = false;

	while (i < n) {
		char *r;

		if (text[i] == '"' || text[i] == '\'') {
			i = skip_literal(text, n, i);
			continue;
		}
		e = comment_end(text, n, i);
		if (!e) {
			i++;
			continue;
		}
		r = reword_comment(text + i, e - i, work, names);
		if (r) {
			strbuf_add(&out, text + pos, i - pos);
			strbuf_addstr(&out, r);
			pos = e;
			changed = true;
			free(r);
		}
		i = e;
	}
	if (!changed) {
		strbuf_release(&out);
		return NULL;
	}
	strbuf_add(&out, text + pos, n - pos);
	return strbuf_detach(&out);
}

void fold_reword_region(struct edit_list *el, const char *buf, size_t len,
			size_t begin, size_t end, bool work,
			const struct strvec *names)
{
	size_t i, nr = el->nr, e;

	/* the text already rendered there: the split halves */
	for (i = 0; i < nr; i++) {
		struct edit *ed = &el->v[i];
		char *r;

		if (!ed->text[0] || ed->offset < begin || ed->offset >= end)
			continue;
		r = reword_text(ed->text, work, names);
		if (r) {
			free(ed->text);
			ed->text = r;
		}
	}
	/* the comments left in place */
	for (i = begin; i < end;) {
		size_t lb, le;
		char *r;

		if (buf[i] == '"' || buf[i] == '\'') {
			i = skip_literal(buf, end, i);
			continue;
		}
		e = comment_end(buf, end, i);
		if (!e) {
			i++;
			continue;
		}
		if (edit_list_touches(el, i, e)) {
			i = e;
			continue;
		}
		r = reword_comment(buf + i, e - i, work, names);
		lb = split_line_start(buf, i);
		le = split_line_after(buf, len, e);
		if (r && !r[0] && fold_only_blanks(buf, lb, i) &&
		    fold_only_blanks(buf, e, le) &&
		    !edit_list_touches(el, lb, le))
			edit_add(el, lb, le - lb, "", "stale comment");
		else if (r && r[0])
			edit_add(el, i, e - i, r, "stale comment reworded");
		free(r);
		i = e;
	}
}
