// SPDX-License-Identifier: GPL-2.0
/*
 * OUTDIR/review.txt, the decisions file: decisions_load() on any text, for
 * a series of three patches.  What it accepts must survive decisions_save()
 * and a second load unchanged, as a resumed review needs, and the same
 * file with CRLF line ends (an editor on another system) must read alike.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "review/review.h"

static const char *const names[] = {
	"0001-edu-convert-to-a-threaded-interrupt-handler.patch",
	"0002-e1000-convert-to-a-threaded-interrupt-handler.patch",
	"0003-x.patch",
};

struct decisions {
	struct review_set rs;
	struct review_patch patches[ARRAY_SIZE(names)];
};

/* Load @text as review.txt; 0, or -1 when load refused it. */
static int load(struct decisions *d, const char *text)
{
	size_t i;

	memset(d, 0, sizeof(*d));
	d->rs.dir = (char *)fuzz_tmpdir();
	d->rs.patches = d->patches;
	d->rs.nr = ARRAY_SIZE(names);
	for (i = 0; i < d->rs.nr; i++) {
		d->patches[i].file = (char *)names[i];
		d->patches[i].reason = xstrdup("");
	}
	if (text)
		fuzz_put(d->rs.dir, "review.txt", text);
	return decisions_load(&d->rs);
}

static void release(struct decisions *d)
{
	size_t i;

	for (i = 0; i < d->rs.nr; i++)
		free(d->patches[i].reason);
}

static void expect_same(const struct decisions *a, const struct decisions *b,
			const char *how)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (a->patches[i].state != b->patches[i].state ||
		    strcmp(a->patches[i].reason, b->patches[i].reason))
			fuzz_fail("%s: %s '%s', %s %s '%s'", names[i],
				  review_state_name(a->patches[i].state),
				  a->patches[i].reason, how,
				  review_state_name(b->patches[i].state),
				  b->patches[i].reason);
}

static char *with_crlf(const char *text)
{
	struct strbuf sb = STRBUF_INIT;

	for (; *text; text++) {
		if (*text == '\n')
			strbuf_addch(&sb, '\r');
		strbuf_addch(&sb, *text);
	}
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct decisions first, again;
	char *text = fuzz_string(data, size), *crlf = with_crlf(text);

	if (load(&first, text))
		goto out;	/* refused with a message: nothing to keep */
	/* A text with CRs of its own is not an LF file. */
	if (!strchr(text, '\r')) {
		if (load(&again, crlf))
			fuzz_fail("refused with CRLF line ends, accepted with LF");
		expect_same(&first, &again, "with CRLF line ends");
		release(&again);
	}
	if (decisions_save(&first.rs))
		fuzz_fail("cannot save the decisions just loaded");
	if (load(&again, NULL))
		fuzz_fail("decisions_save() wrote a review.txt load refuses");
	expect_same(&first, &again, "saved and loaded again");
	release(&again);
out:
	release(&first);
	free(crlf);
	free(text);
	return 0;
}
