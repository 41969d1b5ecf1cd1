// SPDX-License-Identifier: GPL-2.0
/* JSON Lines through jansson: building, writing and reading records. */
#include <stdlib.h>
#include <string.h>

#include "jsonl.h"

/* jansson answers NULL only when out of memory or given bad input. */
static json_t *checked(json_t *v, const char *what)
{
	if (!v)
		die("out of memory making a JSON %s", what);
	return v;
}

/* Each byte of @s from 0x80 up as the code point of the same value. */
static char *latin1_to_utf8(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++) {
		if (*p < 0x80) {
			strbuf_addch(&sb, *p);
			continue;
		}
		strbuf_addch(&sb, 0xc0 | *p >> 6);
		strbuf_addch(&sb, 0x80 | (*p & 0x3f));
	}
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}

json_t *jsonl_object(void)
{
	return checked(json_object(), "object");
}

json_t *jsonl_array(void)
{
	return checked(json_array(), "array");
}

json_t *jsonl_string(const char *s)
{
	json_t *v;
	char *utf8;

	if (!s)
		return checked(json_null(), "null");
	v = json_string(s);
	if (v)
		return v;
	/* Not UTF-8 (or no memory, which the second try shows). */
	utf8 = latin1_to_utf8(s);
	v = checked(json_string(utf8), "string");
	free(utf8);
	return v;
}

json_t *jsonl_strvec(const struct strvec *sv)
{
	json_t *a = jsonl_array();
	size_t i;

	for (i = 0; i < sv->nr; i++)
		jsonl_push(a, jsonl_string(sv->v[i]));
	return a;
}

void jsonl_set(json_t *obj, const char *key, json_t *value)
{
	if (json_object_set_new(obj, key, value))
		die("out of memory setting the JSON member '%s'", key);
}

void jsonl_set_string(json_t *obj, const char *key, const char *s)
{
	jsonl_set(obj, key, jsonl_string(s));
}

void jsonl_set_uint(json_t *obj, const char *key, unsigned long long v)
{
	jsonl_set(obj, key, checked(json_integer((json_int_t)v), "number"));
}

void jsonl_set_bool(json_t *obj, const char *key, int v)
{
	jsonl_set(obj, key, checked(v < 0 ? json_null() : json_boolean(v),
				    "boolean"));
}

void jsonl_set_null(json_t *obj, const char *key)
{
	jsonl_set(obj, key, checked(json_null(), "null"));
}

void jsonl_push(json_t *array, json_t *value)
{
	if (json_array_append_new(array, value))
		die("out of memory adding to a JSON array");
}

void jsonl_append(struct strbuf *out, json_t *obj)
{
	/* Compact: strings escape their newlines, so a record is a line. */
	char *text = json_dumps(obj, JSON_COMPACT);

	if (!text)
		die("out of memory writing a JSON record");
	strbuf_addstr(out, text);
	strbuf_addch(out, '\n');
	free(text);
	json_decref(obj);
}

static int parse_line(const char *line, size_t len, const struct jsonl_pos *pos,
		      int (*fn)(json_t *, const struct jsonl_pos *, void *),
		      void *data)
{
	json_error_t err;
	json_t *obj;
	int ret;

	obj = json_loadb(line, len, JSON_REJECT_DUPLICATES, &err);
	if (!obj) {
		error("%s:%u: not a JSON object: %s (column %d)", pos->path,
		      pos->line, err.text, err.column);
		return -1;
	}
	if (!json_is_object(obj)) {
		error("%s:%u: a JSON value that is not an object", pos->path,
		      pos->line);
		json_decref(obj);
		return -1;
	}
	ret = fn(obj, pos, data);
	json_decref(obj);
	return ret;
}

int jsonl_for_each(const char *path, const char *text,
		   int (*fn)(json_t *obj, const struct jsonl_pos *pos,
			     void *data),
		   void *data)
{
	struct jsonl_pos pos = { path, 0 };
	const char *line, *nl;

	for (line = text; *line; line = nl + 1) {
		size_t len;

		len = strcspn(line, "\n");
		nl = line + len;
		pos.line++;
		if (len && parse_line(line, len, &pos, fn, data))
			return -1;
		if (!*nl)
			break;
	}
	return 0;
}

static const char *type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_REAL:
		return "a fraction";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	default:
		return "a string";
	}
}

int jsonl_text(json_t *obj, const char *key, bool required,
	       const struct jsonl_pos *pos, char **out)
{
	json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (!v || json_is_null(v)) {
		if (required) {
			error("%s:%u: the record has no '%s'", pos->path,
			      pos->line, key);
			return -1;
		}
		*out = xstrdup("");
	} else if (json_is_string(v)) {
		*out = xstrdup(json_string_value(v));
	} else if (json_is_integer(v)) {
		*out = xasprintf("%lld", (long long)json_integer_value(v));
	} else {
		error("%s:%u: '%s' is %s, not a string or an integer",
		      pos->path, pos->line, key, type_name(v));
		return -1;
	}
	return 0;
}
