/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REVIEW_TERM_H
#define IRQCONV_REVIEW_TERM_H

#include "util.h"

/* One answer key ('\n' for an empty line), or EOF. */
int term_key(void);

/* A line of text (the reason of a rejection), or NULL at end of input. */
char *term_line(void);

/*
 * Whether --color=auto colours: stdout is a terminal, TERM is not dumb and
 * NO_COLOR is unset or empty (no-color.org).
 */
bool term_color_auto(void);

/* Columns to fill text to: the terminal's, at most 80 (80 without one). */
size_t term_width(void);

/*
 * Print @text, through the pager when stdout is a terminal (not a dumb
 * one) and @text takes more rows than it has: $PAGER, else `less -R` (an
 * empty PAGER or "cat": none), with LESS=FRX and LV=-c unless set, as
 * git does.  Returns when the pager has quit.
 */
void term_page(const char *text, size_t len);

#endif
