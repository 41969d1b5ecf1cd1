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
		case 'u': {
			char hex[5] = "";

			strncpy(hex, p + 1, 4);
			strbuf_addch(&sb, (char)strtol(hex, NULL, 16));
			p += strlen(hex);
			break;
		}
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
