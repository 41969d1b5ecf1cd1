// SPDX-License-Identifier: GPL-2.0
/*
 * The terminal for review: one key press in raw mode when stdin is a
 * terminal, one line per answer otherwise (so tests can pipe
 * "a\nr\nreason\nq\n"); patches longer than the screen through the pager.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
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

static bool term_is_dumb(void)
{
	const char *term = getenv("TERM");

	return !term || !*term || !strcmp(term, "dumb");
}

bool term_color_auto(void)
{
	const char *no_color = getenv("NO_COLOR");

	return isatty(STDOUT_FILENO) && !term_is_dumb() &&
	       !(no_color && *no_color);
}

static bool term_size(struct winsize *ws)
{
	return isatty(STDOUT_FILENO) &&
	       !ioctl(STDOUT_FILENO, TIOCGWINSZ, ws) && ws->ws_col &&
	       ws->ws_row;
}

size_t term_width(void)
{
	struct winsize ws;

	if (!term_size(&ws) || ws.ws_col > 81)
		return 80;
	return ws.ws_col > 41 ? ws.ws_col - 1 : 40;
}

/* Screen rows @text takes, its long lines folded by the terminal. */
static size_t rows_of(const char *text, size_t len, size_t cols)
{
	const char *p = text, *end = text + len, *nl;
	size_t rows = 0, n;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		n = nl - p;
		rows += n ? (n + cols - 1) / cols : 1;
	}
	return rows;
}

/* The pager as git picks it when GIT_PAGER is unset: $PAGER, else less. */
static const char *pager_command(void)
{
	const char *pager = getenv("PAGER");

	if (!pager)
		return "less -R";
	if (!*pager || !strcmp(pager, "cat"))
		return NULL;
	return pager;
}

static bool pager_run(const char *cmd, const char *text, size_t len)
{
	void (*old)(int);
	FILE *fp;

	/* git's defaults: quit at the end of one screen, keep colours. */
	setenv("LESS", "FRX", 0);
	setenv("LV", "-c", 0);
	fflush(stdout);
	fp = popen(cmd, "w");
	if (!fp)
		return false;
	/* Quitting the pager early must not kill review. */
	old = signal(SIGPIPE, SIG_IGN);
	fwrite(text, 1, len, fp);
	pclose(fp);
	signal(SIGPIPE, old);
	return true;
}

void term_page(const char *text, size_t len)
{
	struct winsize ws;
	const char *pager = pager_command();

	if (pager && !term_is_dumb() && term_size(&ws) &&
	    rows_of(text, len, ws.ws_col) >= ws.ws_row &&
	    pager_run(pager, text, len))
		return;
	fwrite(text, 1, len, stdout);
}
