// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "shell-words.h"

/*
 * Operators are marked with a leading \x01, a byte that never occurs in
 * kbuild's command lines, so that a quoted ";" stays an ordinary word.
 */
#define OPERATOR_MARK '\x01'

static void flush(struct strvec *words, struct strbuf *word, bool *in_word)
{
	if (*in_word)
		strvec_push(words, word->buf ? word->buf : "");
	strbuf_reset(word);
	*in_word = false;
}

static void push_operator(struct strvec *words, const char *op, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addch(&sb, OPERATOR_MARK);
	strbuf_add(&sb, op, len);
	strvec_push_nodup(words, strbuf_detach(&sb));
}

void shell_split(const char *line, struct strvec *words)
{
	struct strbuf word = STRBUF_INIT;
	bool in_word = false;
	const char *p = line;

	while (*p) {
		char c = *p;

		if (c == ' ' || c == '\t' || c == '\n') {
			flush(words, &word, &in_word);
			p++;
		} else if (c == '\'') {
			const char *end = strchr(p + 1, '\'');

			if (!end)
				end = p + strlen(p);
			strbuf_add(&word, p + 1, end - p - 1);
			in_word = true;
			p = *end ? end + 1 : end;
		} else if (c == '"') {
			in_word = true;
			for (p++; *p && *p != '"'; p++) {
				if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
					p++;
				strbuf_addch(&word, *p);
			}
			if (*p)
				p++;
		} else if (c == '\\' && p[1]) {
			strbuf_addch(&word, p[1]);
			in_word = true;
			p += 2;
		} else if (strchr(";&|<>", c)) {
			size_t len = (p[1] == c && c != ';') ? 2 : 1;

			flush(words, &word, &in_word);
			push_operator(words, p, len);
			p += len;
		} else {
			strbuf_addch(&word, c);
			in_word = true;
			p++;
		}
	}
	flush(words, &word, &in_word);
	strbuf_release(&word);
}

bool shell_is_operator(const char *word)
{
	return word[0] == OPERATOR_MARK;
}

void shell_quote(struct strbuf *sb, const char *word)
{
	const char *p;

	if (*word && !word[strcspn(word, " \t\n'\"\\$`;&|<>()*?[]#~=%!{}")]) {
		strbuf_addstr(sb, word);
		return;
	}
	strbuf_addch(sb, '\'');
	for (p = word; *p; p++) {
		if (*p == '\'')
			strbuf_addstr(sb, "'\\''");
		else
			strbuf_addch(sb, *p);
	}
	strbuf_addch(sb, '\'');
}
