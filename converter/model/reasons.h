/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_MODEL_REASONS_H
#define IRQCONV_MODEL_REASONS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* The verdict a reason leads to. */
enum reason_class {
	CLASS_ALREADY_THREADED,
	CLASS_CONVERTIBLE,
	CLASS_NOT_CONVERTIBLE,
	CLASS_UNANALYSABLE,
};

enum reason {
#define REASON(id, code, class, text) id,
#include "model/reasons.def"
#undef REASON
	NR_REASONS
};

const char *reason_code(enum reason r);
enum reason_class reason_class(enum reason r);
/* The sentence, a printf format. */
const char *reason_text(enum reason r);
/* The sentence with its arguments filled in; the caller frees it. */
char *reason_vformat(enum reason r, va_list ap);
char *reason_format(enum reason r, ...);
/* The first reason with @code, or -1. */
int reason_lookup(const char *code);
const char *reason_class_name(enum reason_class c);
/*
 * The codes of a site that converts but is declined by default for what
 * it would gain (no-gain, per-queue, tasklet-optional): emitted with --all.
 */
bool reason_declines(enum reason r);
/* The same of a code as written, "no-gain". */
bool reason_code_declines(const char *code);
/* One line per reason: code, class, sentence (scan --list-reasons). */
void reasons_print(FILE *out);

/* Why something is not done: a code and its sentence. */
struct refusal {
	enum reason code;
	char *text;		/* NULL when nothing was refused */
};

#define REFUSAL_INIT { NR_REASONS, NULL }

void refusal_set(struct refusal *rf, enum reason r, ...);
void refusal_vset(struct refusal *rf, enum reason r, va_list ap);
/* Keep @text as the sentence of @r (a sentence made elsewhere). */
void refusal_take(struct refusal *rf, enum reason r, char *text);
void refusal_release(struct refusal *rf);

#endif
