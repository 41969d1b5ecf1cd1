/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_SHELL_WORDS_H
#define IRQCONV_SHELL_WORDS_H

#include "util.h"

/*
 * Split one line of POSIX shell, as kbuild prints it, into words.  Quotes and
 * backslashes are removed the way sh removes them.  Unquoted control
 * operators (; & && | || and redirections) come back as words of their own,
 * so a caller can cut a compound command into simple commands.
 */
void shell_split(const char *line, struct strvec *words);

/* True for a word shell_split() produced for an unquoted control operator. */
bool shell_is_operator(const char *word);

/* Append @word to @sb quoted for sh when it needs it. */
void shell_quote(struct strbuf *sb, const char *word);

#endif
