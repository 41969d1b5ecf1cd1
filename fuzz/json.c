// SPDX-License-Identifier: GPL-2.0
/*
 * sites.json as review reads it (review_sites_parse(), around jansson):
 * any text; and the round trip: the input cut at NUL bytes into values, a
 * record written from them with the helpers convert writes sites.json with
 * (jsonl.c), reads back with each value under its key.  A value that is
 * not UTF-8 comes back as jsonl_string() made it; a valid one unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "jsonl.h"
#include "review/review.h"

/* As convert writes them; "line" is a number. */
static const char *const keys[] = {
	"file", "line", "handler", "verdict", "strategy", "reason_code",
	"reason", "driver", "patch",
};

static bool required(size_t i)
{
	return i <= 1 || i == 3;
}

static char **field(struct review_site *s, size_t i)
{
	char **fields[] = {
		&s->file, &s->line, &s->handler, &s->verdict, &s->strategy,
		&s->reason_code, &s->reason, &s->driver, &s->patch,
	};

	return fields[i];
}

static void any_text(const char *text)
{
	struct review_set rs;
	size_t i, j;

	memset(&rs, 0, sizeof(rs));
	if (!review_sites_parse(&rs, "sites.json", text))
		for (i = 0; i < rs.nr_sites; i++)
			for (j = 0; j < ARRAY_SIZE(keys); j++)
				if (!*field(&rs.sites[i], j))
					fuzz_fail("site %zu has no '%s'", i,
						  keys[j]);
	review_sites_release(&rs);
}

/* What @value reads back as, after the checks of jsonl_string(). */
static char *expected(const char *value)
{
	json_t *written = jsonl_string(value), *plain = json_string(value);
	char *text = xstrdup(json_string_value(written));

	if (plain && strcmp(text, value))
		fuzz_fail("UTF-8 '%s' written as '%s'", value, text);
	json_decref(plain);
	json_decref(written);
	return text;
}

static char *write_value(json_t *obj, size_t i, const char *value)
{
	unsigned long long line;

	if (!value) {
		jsonl_set_null(obj, keys[i]);
		return xstrdup("");
	}
	if (i != 1) {
		jsonl_set_string(obj, keys[i], value);
		return expected(value);
	}
	line = strtoull(value, NULL, 10);
	jsonl_set_uint(obj, keys[i], line);
	return xasprintf("%lld", (long long)line);
}

static void compare(const struct review_set *rs, char **want,
		    const char *text)
{
	size_t i;

	if (rs->nr_sites != 1)
		fuzz_fail("%zu sites read from %s", rs->nr_sites, text);
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		const char *got = *field(&rs->sites[0], i);

		if (strcmp(got, want[i]))
			fuzz_fail("'%s' of %s: '%s', written '%s'", keys[i],
				  text, got, want[i]);
	}
}

static void round_trip(char **values, size_t n)
{
	char *want[ARRAY_SIZE(keys)];
	struct strbuf text = STRBUF_INIT;
	json_t *obj = jsonl_object();
	bool complete = true;
	struct review_set rs;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		want[i] = write_value(obj, i, i < n ? values[i] : NULL);
		complete &= i < n || !required(i);
	}
	jsonl_append(&text, obj);
	if (strchr(text.buf, '\n') != text.buf + text.len - 1)
		fuzz_fail("a record of more than one line: %s", text.buf);
	memset(&rs, 0, sizeof(rs));
	if (review_sites_parse(&rs, "sites.json", text.buf) != -!complete)
		fuzz_fail("%s: %s", text.buf, complete ?
			  "refused" : "accepted without a required member");
	if (complete)
		compare(&rs, want, text.buf);
	review_sites_release(&rs);
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		free(want[i]);
	strbuf_release(&text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *values[ARRAY_SIZE(keys)];
	char *text = fuzz_string(data, size);
	size_t n;

	any_text(text);
	free(text);
	n = fuzz_split(data, size, values, ARRAY_SIZE(keys));
	round_trip(values, n);
	fuzz_free_parts(values, n);
	return 0;
}
