/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_REVIEW_TERM_H
#define IRQCONV_REVIEW_TERM_H

#include "util.h"

/* One answer key ('\n' for an empty line), or EOF. */
int term_key(void);

/* A line of text (the reason of a rejection), or NULL at end of input. */
char *term_line(void);

#endif
