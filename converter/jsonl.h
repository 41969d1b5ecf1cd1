/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_JSONL_H
#define IRQCONV_JSONL_H

/*
 * JSON Lines, one object per line, through jansson: the records of scan
 * --format=json, convert --format=json and a series' sites.json
 * (docs/scan-json.md) are built as jansson values and written here, and
 * sites.json is read back here.  The helpers that build die when memory
 * runs out, as xmalloc() does; the readers report what is wrong with the
 * file and the line it is on.
 */
#include <jansson.h>

#include "util.h"

/* New values, never NULL. */
json_t *jsonl_object(void);
json_t *jsonl_array(void);
/*
 * @s as a JSON string, or null when @s is NULL.  Text taken from a source
 * file that is not UTF-8 is read as Latin-1, so every string is written.
 */
json_t *jsonl_string(const char *s);
json_t *jsonl_strvec(const struct strvec *sv);

/* @obj's member @key is @value, whose reference it takes. */
void jsonl_set(json_t *obj, const char *key, json_t *value);
void jsonl_set_string(json_t *obj, const char *key, const char *s);
void jsonl_set_uint(json_t *obj, const char *key, unsigned long long v);
/* true, false, or null when @v is negative (not known). */
void jsonl_set_bool(json_t *obj, const char *key, int v);
void jsonl_set_null(json_t *obj, const char *key);
/* Append @value to @array, taking its reference. */
void jsonl_push(json_t *array, json_t *value);

/* @obj as one line of @out, newline included; the reference is dropped. */
void jsonl_append(struct strbuf *out, json_t *obj);

/* Where a record was read: for messages. */
struct jsonl_pos {
	const char *path;
	unsigned int line;
};

/*
 * Call @fn on the object of each non-empty line of @text, read from @path.
 * Returns 0, or -1 after an error that names @path and the line: a line
 * that is not a JSON object, or what @fn returned -1 for.
 */
int jsonl_for_each(const char *path, const char *text,
		   int (*fn)(json_t *obj, const struct jsonl_pos *pos,
			     void *data),
		   void *data);

/*
 * The member @key of @obj as text in *@out: a string as it is, an integer
 * in decimal, "" for null or when there is none.  Returns 0, or -1 after
 * an error naming @pos when the member is of another type or (@required)
 * missing.
 */
int jsonl_text(json_t *obj, const char *key, bool required,
	       const struct jsonl_pos *pos, char **out);

#endif
