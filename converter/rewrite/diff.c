// SPDX-License-Identifier: GPL-2.0
/*
 * Line diff with Myers' O(ND) algorithm, which finds a shortest edit script;
 * the common prefix and suffix are cut first, so the search only ever sees
 * the region a conversion touched.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite/blob.h"
#include "rewrite/diff.h"

#define CONTEXT 3
/* git's funcname buffer: longer lines are cut. */
#define FUNCNAME_MAX 80

struct line {
	const char *p;
	size_t len;		/* without the newline */
	bool newline;		/* ends with '\n' */
	unsigned long long hash;
};

struct lines {
	struct line *v;
	size_t nr;
};

enum op { OP_EQ, OP_DEL, OP_INS };

struct script {
	enum op *v;
	size_t nr;
	size_t alloc;
};

static void split_lines(const char *s, size_t len, struct lines *out)
{
	size_t alloc = 16, i = 0;

	out->v = xmalloc(alloc * sizeof(*out->v));
	out->nr = 0;
	while (i < len) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - s) : len;
		struct line *l;

		if (out->nr == alloc) {
			alloc *= 2;
			out->v = xrealloc(out->v, alloc * sizeof(*out->v));
		}
		l = &out->v[out->nr++];
		l->p = s + i;
		l->len = end - i;
		l->newline = nl != NULL;
		l->hash = hash_bytes(HASH_INIT, l->p, l->len);
		i = nl ? end + 1 : len;
	}
}

static bool line_eq(const struct line *a, const struct line *b)
{
	return a->hash == b->hash && a->len == b->len &&
	       a->newline == b->newline && !memcmp(a->p, b->p, a->len);
}

static void script_push(struct script *s, enum op op)
{
	if (s->nr == s->alloc) {
		s->alloc = s->alloc * 2 + 64;
		s->v = xrealloc(s->v, s->alloc * sizeof(*s->v));
	}
	s->v[s->nr++] = op;
}

/* Shortest edit script for a[0..n) -> b[0..m), appended to @s. */
static void myers(const struct line *a, long n, const struct line *b, long m,
		  struct script *s)
{
	long max = n + m, d, k, off = max + 1;
	long **trace = xcalloc(max + 1, sizeof(*trace));
	long *v = xcalloc(2 * max + 3, sizeof(*v));
	enum op *rev;
	long x, y, nrev = 0;

	for (d = 0; d <= max; d++) {
		for (k = -d; k <= d; k += 2) {
			if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
				x = v[off + k + 1];
			else
				x = v[off + k - 1] + 1;
			y = x - k;
			while (x < n && y < m && line_eq(&a[x], &b[y])) {
				x++;
				y++;
			}
			v[off + k] = x;
			if (x >= n && y >= m)
				goto found;
		}
		trace[d] = xmalloc((2 * max + 3) * sizeof(long));
		memcpy(trace[d], v, (2 * max + 3) * sizeof(long));
	}
found:
	/* Walk back from (n, m), collecting operations in reverse. */
	rev = xmalloc((n + m + 1) * sizeof(*rev));
	x = n;
	y = m;
	for (; d > 0; d--) {
		long *pv = trace[d - 1], prev_k, prev_x, prev_y;

		k = x - y;
		if (k == -d || (k != d && pv[off + k - 1] < pv[off + k + 1]))
			prev_k = k + 1;
		else
			prev_k = k - 1;
		prev_x = pv[off + prev_k];
		prev_y = prev_x - prev_k;
		while (x > prev_x && y > prev_y) {
			rev[nrev++] = OP_EQ;
			x--;
			y--;
		}
		rev[nrev++] = x == prev_x ? OP_INS : OP_DEL;
		x = prev_x;
		y = prev_y;
	}
	while (x > 0 && y > 0) {
		rev[nrev++] = OP_EQ;
		x--;
		y--;
	}
	while (nrev > 0)
		script_push(s, rev[--nrev]);
	free(rev);
	for (d = 0; d <= max; d++)
		free(trace[d]);
	free(trace);
	free(v);
}

static void emit_line(struct strbuf *out, char mark, const struct line *l)
{
	strbuf_addch(out, mark);
	strbuf_add(out, l->p, l->len);
	strbuf_addch(out, '\n');
	if (!l->newline)
		strbuf_addstr(out, "\\ No newline at end of file\n");
}

/* Line counts of script[from..to) on each side. */
static void span(const struct script *s, size_t from, size_t to,
		 size_t *na, size_t *nb)
{
	size_t i;

	*na = *nb = 0;
	for (i = from; i < to; i++) {
		if (s->v[i] != OP_INS)
			(*na)++;
		if (s->v[i] != OP_DEL)
			(*nb)++;
	}
}

/*
 * What git puts after a hunk header by default: the last line before the
 * hunk (context included) that starts with a letter, '_' or '$', so a C
 * hunk names the function it is in.  Cut to FUNCNAME_MAX bytes, trailing
 * white space dropped, as git does.
 */
static void add_funcname(struct strbuf *out, const struct lines *a,
			 size_t first)
{
	size_t i = first, n;

	while (i-- > 0) {
		const struct line *l = &a->v[i];

		if (!l->len || !(isalpha((unsigned char)l->p[0]) ||
				l->p[0] == '_' || l->p[0] == '$'))
			continue;
		n = l->len < FUNCNAME_MAX ? l->len : FUNCNAME_MAX;
		while (n > 0 && isspace((unsigned char)l->p[n - 1]))
			n--;
		strbuf_addch(out, ' ');
		strbuf_add(out, l->p, n);
		return;
	}
}

static void emit_hunks(struct strbuf *out, const struct lines *a,
		       const struct lines *b, const struct script *s)
{
	size_t i = 0, ai = 0, bi = 0;

	while (i < s->nr) {
		size_t start, end, last_change, j, na, nb, a0, b0, skip;

		while (i < s->nr && s->v[i] == OP_EQ) {
			i++;
			ai++;
			bi++;
		}
		if (i == s->nr)
			break;
		/* Extend the hunk while changes are within 2 * CONTEXT lines. */
		last_change = i;
		for (j = i; j < s->nr; j++) {
			if (s->v[j] != OP_EQ)
				last_change = j;
			else if (j - last_change > 2 * CONTEXT)
				break;
		}
		skip = i < CONTEXT ? i : CONTEXT;
		start = i - skip;
		end = last_change + 1 + CONTEXT;
		if (end > s->nr)
			end = s->nr;
		a0 = ai - skip;
		b0 = bi - skip;
		span(s, start, end, &na, &nb);
		strbuf_addf(out, "@@ -%zu", na ? a0 + 1 : a0);
		if (na != 1)
			strbuf_addf(out, ",%zu", na);
		strbuf_addf(out, " +%zu", nb ? b0 + 1 : b0);
		if (nb != 1)
			strbuf_addf(out, ",%zu", nb);
		strbuf_addstr(out, " @@");
		add_funcname(out, a, a0);
		strbuf_addch(out, '\n');
		for (j = start, ai = a0, bi = b0; j < end; j++) {
			if (s->v[j] == OP_EQ) {
				emit_line(out, ' ', &a->v[ai++]);
				bi++;
			} else if (s->v[j] == OP_DEL) {
				emit_line(out, '-', &a->v[ai++]);
			} else {
				emit_line(out, '+', &b->v[bi++]);
			}
		}
		i = end;
	}
}

void diff_unified(struct strbuf *out, const char *path, unsigned int mode,
		  const char *old, size_t old_len,
		  const char *new, size_t new_len, struct diff_stat *stat)
{
	struct lines a, b;
	struct script s = { NULL, 0, 0 };
	char old_id[BLOB_HEX_LEN + 1], new_id[BLOB_HEX_LEN + 1];
	size_t pre = 0, suf = 0, i;

	if (stat)
		stat->insertions = stat->deletions = 0;
	if (old_len == new_len && !memcmp(old, new, old_len))
		return;
	split_lines(old, old_len, &a);
	split_lines(new, new_len, &b);
	while (pre < a.nr && pre < b.nr && line_eq(&a.v[pre], &b.v[pre]))
		pre++;
	while (suf < a.nr - pre && suf < b.nr - pre &&
	       line_eq(&a.v[a.nr - 1 - suf], &b.v[b.nr - 1 - suf]))
		suf++;
	for (i = 0; i < pre; i++)
		script_push(&s, OP_EQ);
	myers(a.v + pre, a.nr - pre - suf, b.v + pre, b.nr - pre - suf, &s);
	for (i = 0; i < suf; i++)
		script_push(&s, OP_EQ);

	blob_id(old, old_len, old_id);
	blob_id(new, new_len, new_id);
	strbuf_addf(out, "diff --git a/%s b/%s\nindex %s..%s %06o\n",
		    path, path, old_id, new_id, mode);
	strbuf_addf(out, "--- a/%s\n+++ b/%s\n", path, path);
	emit_hunks(out, &a, &b, &s);
	if (stat) {
		for (i = 0; i < s.nr; i++) {
			stat->insertions += s.v[i] == OP_INS;
			stat->deletions += s.v[i] == OP_DEL;
		}
	}
	free(s.v);
	free(a.v);
	free(b.v);
}

unsigned int diff_git_mode(unsigned int st_mode)
{
	return st_mode & 0111 ? 0100755 : 0100644;
}
