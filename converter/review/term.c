// SPDX-License-Identifier: GPL-2.0
/*
 * Keys for review: one key press in raw mode when stdin is a terminal, one
 * line per answer otherwise (so tests can pipe "a\nr\nreason\nq\n").
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "review/term.h"

static struct termios saved;
static bool raw;

static void term_restore(void)
{
	if (raw)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
	raw = false;
}

/* ^C or a kill while a key is awaited: give the terminal back first. */
static void term_signal(int sig)
{
	term_restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void term_raw(void)
{
	struct termios t;

	if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &saved))
		return;
	signal(SIGINT, term_signal);
	signal(SIGTERM, term_signal);
	signal(SIGHUP, term_signal);
	t = saved;
	t.c_lflag &= ~(ICANON | ECHO);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (!tcsetattr(STDIN_FILENO, TCSAFLUSH, &t))
		raw = true;
}

int term_key(void)
{
	char line[256];
	int c;

	fflush(stdout);
	if (isatty(STDIN_FILENO)) {
		term_raw();
		c = getchar();
		term_restore();
		if (c != EOF && c != '\n')
			printf("%c\n", c);
		return c == 4 ? EOF : c;	/* ^D */
	}
	if (!fgets(line, sizeof(line), stdin))
		return EOF;
	line[strcspn(line, "\n")] = '\0';
	printf("%s\n", line);
	return line[0] ? (unsigned char)line[0] : '\n';
}

char *term_line(void)
{
	struct strbuf sb = STRBUF_INIT;
	int c;

	fflush(stdout);
	term_restore();
	while ((c = getchar()) != EOF && c != '\n')
		strbuf_addch(&sb, c);
	if (c == EOF && !sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	if (!isatty(STDIN_FILENO))
		printf("%s\n", sb.buf ? sb.buf : "");
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}
