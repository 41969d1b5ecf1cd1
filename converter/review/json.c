// SPDX-License-Identifier: GPL-2.0
/*
 * Just enough JSON for sites.json: flat objects of strings and numbers, one
 * per line, as convert writes them.
 */
#include <stdlib.h>
#include <string.h>

#include "review/review.h"

static const char *skip_string(const char *p)
{
	for (p++; *p && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : p;
}

static void add_utf8(struct strbuf *sb, unsigned int cp)
{
	if (cp < 0x80) {
		strbuf_addch(sb, cp);
	} else if (cp < 0x800) {
		strbuf_addch(sb, 0xc0 | cp >> 6);
		strbuf_addch(sb, 0x80 | (cp & 0x3f));
	} else {
		strbuf_addch(sb, 0xe0 | cp >> 12);
		strbuf_addch(sb, 0x80 | (cp >> 6 & 0x3f));
		strbuf_addch(sb, 0x80 | (cp & 0x3f));
	}
}

/*
 * \uXXXX at @p (on the u), added to @sb as UTF-8; returns its last character.
 * A code point of the BMP is one, two or three bytes; surrogates and
 * \u0000 have no place in these C strings and are dropped, and a \u
 * without four hex digits is kept as a plain u.
 */
static const char *parse_unicode(struct strbuf *sb, const char *p)
{
	char hex[5] = "";
	unsigned int cp;

	if (strspn(p + 1, "0123456789abcdefABCDEF") < 4) {
		strbuf_addch(sb, 'u');
		return p;
	}
	memcpy(hex, p + 1, 4);
	cp = strtoul(hex, NULL, 16);
	if (cp && (cp < 0xd800 || cp >= 0xe000))
		add_utf8(sb, cp);
	return p + 4;
}

static char *parse_string(const char *p)
{
	struct strbuf sb = STRBUF_INIT;

	for (p++; *p && *p != '"'; p++) {
		if (*p != '\\') {
			strbuf_addch(&sb, *p);
			continue;
		}
		switch (*++p) {
		case 'n':
			strbuf_addch(&sb, '\n');
			break;
		case 't':
			strbuf_addch(&sb, '\t');
			break;
		case 'r':
			strbuf_addch(&sb, '\r');
			break;
		case 'b':
			strbuf_addch(&sb, '\b');
			break;
		case 'f':
			strbuf_addch(&sb, '\f');
			break;
		case 'u':
			p = parse_unicode(&sb, p);
			break;
		case '\0':
			p--;
			break;
		default:
			strbuf_addch(&sb, *p);
		}
	}
	if (!sb.buf)
		return xstrdup("");
	return strbuf_detach(&sb);
}

char *json_get(const char *line, const char *key)
{
	size_t klen = strlen(key);
	const char *p = line;

	while ((p = strchr(p, '"'))) {
		const char *end = skip_string(p);
		bool hit = (size_t)(end - p) == klen + 2 &&
			   !strncmp(p + 1, key, klen);

		p = end;
		while (*p == ' ')
			p++;
		if (*p != ':')
			continue;	/* a value, not a key */
		p++;
		while (*p == ' ')
			p++;
		if (hit) {
			if (*p == '"')
				return parse_string(p);
			return xstrndup(p, strcspn(p, ",}"));
		}
		if (*p == '"')
			p = skip_string(p);
	}
	return NULL;
}

char *series_checksum(const char *data, size_t len)
{
	return xasprintf("%016llx", hash_bytes(HASH_INIT, data, len));
}
