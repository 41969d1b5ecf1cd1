/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_COCCI_H
#define IRQCONV_CONVERT_COCCI_H

#include "util.h"

/*
 * The call-site rewrite is Coccinelle's: semantic-patches/
 * request_irq_to_threaded.cocci, run with spatch on @path for one handler.
 * On success *out holds the whole file as spatch rewrote it.  Returns -1
 * with *err set when the rule changes nothing.  When spatch cannot run (it
 * or the OCaml compiler is missing, a rule does not parse) the process ends
 * with exit status 2 and a message: an environment failure is no refusal.
 * Only the request on line @line is rewritten.
 * @sharers_agree: the request is on a shared line whose every requester
 * passes IRQF_ONESHOT (analyze/line-share.h), so @oneshot may add it there.
 */
int cocci_request_to_threaded(const char *path, unsigned int line,
			      const char *handler, const char *quick,
			      const char *thread, bool oneshot,
			      bool sharers_agree, char **out, size_t *out_len,
			      char **err);

/* The same with request_irq_to_quickcheck.cocci, for the staged strategy. */
int cocci_request_to_quickcheck(const char *path, const char *handler,
				const char *quick, char **out, size_t *out_len,
				char **err);

/* True when @a and @b are the same C text but for white space. */
bool same_but_whitespace(const char *a, size_t alen, const char *b,
			 size_t blen);

#endif
