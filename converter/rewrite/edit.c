// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "rewrite/edit.h"

void edit_list_init(struct edit_list *el, const char *file)
{
	memset(el, 0, sizeof(*el));
	el->file = xstrdup(file);
}

void edit_list_release(struct edit_list *el)
{
	size_t i;

	for (i = 0; i < el->nr; i++) {
		free(el->v[i].text);
		free(el->v[i].why);
	}
	free(el->v);
	free(el->file);
	memset(el, 0, sizeof(*el));
}

void edit_add(struct edit_list *el, size_t offset, size_t length,
	      const char *text, const char *why)
{
	struct edit *e;

	if (el->nr == el->alloc) {
		el->alloc = el->alloc * 2 + 8;
		el->v = xrealloc(el->v, el->alloc * sizeof(*el->v));
	}
	e = &el->v[el->nr];
	e->offset = offset;
	e->length = length;
	e->text = xstrdup(text);
	e->why = xstrdup(why ? why : "edit");
	e->seq = el->nr++;
}

static int by_offset(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	/* Insertions go before a replacement that starts at the same byte. */
	if (!x->length != !y->length)
		return x->length ? 1 : -1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int edit_list_check(struct edit_list *el, size_t size)
{
	size_t i;

	/* qsort() of no edits would pass it a NULL array (UBSan) */
	if (el->nr)
		qsort(el->v, el->nr, sizeof(*el->v), by_offset);
	for (i = 0; i < el->nr; i++) {
		const struct edit *e = &el->v[i], *prev = i ? e - 1 : NULL;

		if (e->offset + e->length > size) {
			error("%s: edit '%s' at byte %zu runs past the end of the file",
			      el->file, e->why, e->offset);
			return -1;
		}
		if (prev && prev->length &&
		    prev->offset + prev->length > e->offset) {
			error("%s: edits '%s' (bytes %zu-%zu) and '%s' (from byte %zu) overlap",
			      el->file, prev->why, prev->offset,
			      prev->offset + prev->length, e->why, e->offset);
			return -1;
		}
	}
	return 0;
}

bool edit_file_uses_crlf(const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);

	return nl && nl > buf && nl[-1] == '\r';
}

/*
 * Append @n bytes of @text; in a CRLF file a line feed that would end a
 * line without its carriage return gets one, so that generated lines, and
 * a line an edit cut between the two bytes, end as the file's others do.
 */
static void add_text(struct strbuf *sb, const char *text, size_t n, bool crlf)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (crlf && text[i] == '\n' &&
		    !(sb->len && sb->buf[sb->len - 1] == '\r'))
			strbuf_addch(sb, '\r');
		strbuf_addch(sb, text[i]);
	}
}

char *edit_apply(const struct edit_list *el, const char *orig, size_t len,
		 size_t *out_len)
{
	struct strbuf sb = STRBUF_INIT;
	bool crlf = edit_file_uses_crlf(orig, len);
	size_t i, pos = 0;

	for (i = 0; i < el->nr; i++) {
		const struct edit *e = &el->v[i];

		strbuf_add(&sb, orig + pos, e->offset - pos);
		add_text(&sb, e->text, strlen(e->text), crlf);
		pos = e->offset + e->length;
		/* The byte after an edit may end the line the edit wrote. */
		if (pos < len && (i + 1 == el->nr || el->v[i + 1].offset > pos)) {
			add_text(&sb, orig + pos, 1, crlf);
			pos++;
		}
	}
	strbuf_add(&sb, orig + pos, len - pos);
	if (out_len)
		*out_len = sb.len;
	return strbuf_detach(&sb);
}

void edit_add_take(struct edit_list *el, size_t offset, size_t length,
		   char *text, const char *why)
{
	edit_add(el, offset, length, text, why);
	free(text);
}

bool edit_list_touches(const struct edit_list *el, size_t begin, size_t end)
{
	size_t i;

	for (i = 0; i < el->nr; i++)
		if (el->v[i].offset < end &&
		    el->v[i].offset + el->v[i].length > begin)
			return true;
	return false;
}
