// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON reader of review (json_get(), through which sites.json is read):
 * any line, with every key sites.json has; and the round trip: a line of
 * NUL-separated values, written the way convert writes sites.json, gives
 * each value back under its key.  Only the public functions are used, so
 * the target outlives a change of the reader's insides.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "review/review.h"

static const char *const keys[] = {
	"file", "line", "handler", "verdict", "strategy", "reason", "driver",
	"patch",
};

static void any_line(const char *line)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		free(json_get(line, keys[i]));
}

/*
 * The code point of a well-formed two- or three-byte UTF-8 sequence at @s
 * outside the surrogates, with its length in *@len; 0 otherwise.
 */
static unsigned int utf8_at(const unsigned char *s, size_t *len)
{
	unsigned int cp;

	if ((s[0] & 0xe0) == 0xc0 && (s[1] & 0xc0) == 0x80) {
		cp = (s[0] & 0x1f) << 6 | (s[1] & 0x3f);
		*len = 2;
		return cp >= 0x80 ? cp : 0;
	}
	if ((s[0] & 0xf0) == 0xe0 && (s[1] & 0xc0) == 0x80 &&
	    (s[2] & 0xc0) == 0x80) {
		cp = (s[0] & 0x0f) << 12 | (s[1] & 0x3f) << 6 | (s[2] & 0x3f);
		*len = 3;
		return cp >= 0x800 && (cp < 0xd800 || cp >= 0xe000) ? cp : 0;
	}
	return 0;
}

/*
 * As cmd-convert.c and scan/output-json.c escape strings, or (@short_escapes)
 * as other writers may: \b \f \r \/ \u007f, and \uXXXX for UTF-8.
 */
static void json_string(struct strbuf *sb, const char *s, bool short_escapes)
{
	static const char *const shorts[256] = {
		['\b'] = "\\b", ['\f'] = "\\f", ['\r'] = "\\r",
		['/'] = "\\/", [0x7f] = "\\u007f",
	};

	strbuf_addch(sb, '"');
	for (; *s; s++) {
		unsigned char c = *s;
		unsigned int cp;
		size_t len;

		if (short_escapes && shorts[c])
			strbuf_addstr(sb, shorts[c]);
		else if (short_escapes &&
			 (cp = utf8_at((const unsigned char *)s, &len))) {
			strbuf_addf(sb, "\\u%04x", cp);
			s += len - 1;
		} else if (c == '"' || c == '\\')
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

static void round_trip(char **values, size_t n, bool short_escapes)
{
	struct strbuf line = STRBUF_INIT;
	size_t i;

	strbuf_addch(&line, '{');
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addch(&line, ',');
		json_string(&line, keys[i], false);
		strbuf_addch(&line, ':');
		json_string(&line, values[i], short_escapes);
	}
	strbuf_addch(&line, '}');
	for (i = 0; i < n; i++) {
		char *v = json_get(line.buf, keys[i]);

		if (!v || strcmp(v, values[i]))
			fuzz_fail("key '%s' of %s: '%s', written '%s'", keys[i],
				  line.buf, v ? v : "(none)", values[i]);
		free(v);
	}
	strbuf_release(&line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *values[ARRAY_SIZE(keys)];
	char *line = fuzz_string(data, size);
	size_t n;

	any_line(line);
	free(line);
	n = fuzz_split(data, size, values, ARRAY_SIZE(keys));
	round_trip(values, n, false);
	round_trip(values, n, true);
	fuzz_free_parts(values, n);
	return 0;
}
