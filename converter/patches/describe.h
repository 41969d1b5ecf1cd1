/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_PATCHES_DESCRIBE_H
#define IRQCONV_PATCHES_DESCRIBE_H

#include "convert/split.h"
#include "patches/state.h"

struct callsite;

/*
 * @text as a paragraph of a patch or cover letter, wrapped at 72 columns as
 * git log shows them, its first line prefixed @first and the others @rest.
 */
void wrap_paragraph(struct strbuf *sb, const char *text, const char *first,
		    const char *rest);

/*
 * Append to @d's patch description the paragraphs and points for the
 * handler @plan converts, requested at @cs in a file whose text is @buf,
 * with the call site's @notes, each once, and note in @d->tests what a
 * reviewer should test for it.
 */
void describe_conversion(struct driver *d, const struct split_plan *plan,
			 const struct callsite *cs, const char *buf,
			 const struct strvec *notes);

/* The closing paragraph of @d's patch: what to test (@d->tests). */
void describe_testing(struct strbuf *body, const struct driver *d);

/*
 * What the conversion gains (@b), the text of a paragraph of its own,
 * unwrapped (describe-gain.c).
 */
char *describe_gain(const struct benefit *b);

/*
 * Whether the request is on an MSI vector, where the core drops
 * IRQF_ONESHOT (describe-msi.c): never, maybe (the driver enables MSI
 * where it can) or only (vectors allocated as MSI or MSI-X alone), and
 * in @how the evidence, in words.
 */
enum msi_use { MSI_NONE, MSI_MAY, MSI_ONLY };

struct msi_fact {
	enum msi_use use;
	char *how;
};

/*
 * The MSI use of the request @cs, written in @buf, of a handler defined
 * in @handler_file, in the driver @d (whose other files may enable MSI).
 */
void describe_msi(const struct callsite *cs, const char *buf,
		  const char *handler_file, const struct driver *d,
		  struct msi_fact *out);
void msi_fact_release(struct msi_fact *m);

/*
 * How IRQF_ONESHOT holds the line off @until, true of a request whose MSI
 * use is @msi, appended to @sb as sentences.
 */
void describe_oneshot(struct strbuf *sb, const struct msi_fact *msi,
		      const char *until);

/*
 * The paragraphs of a handler moved whole into the thread
 * (describe-whole.c): its own check of whose interrupt it is, and what
 * was followed through its calls.
 */
void describe_whole_check(struct strbuf *sb, const struct split_plan *plan);
void describe_whole_calls(struct strbuf *sb, const struct split_plan *plan);

/*
 * The point on the value @h the quick check of @plan hands to the thread
 * (describe-handover.c): ORed hand-overs are right for status bits, and
 * the thread's uses show whether it is one.
 */
void describe_handover(struct strbuf *sb, const struct split_plan *plan,
		       const struct split_handover *h);

#endif
