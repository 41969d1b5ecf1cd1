// SPDX-License-Identifier: GPL-2.0
/*
 * shell_split() on a kbuild command line, and the round trip irqconv relies
 * on: kbuild.c stores each command as its words joined with shell_quote()
 * and splits the line again before parsing, so quoting a word list and
 * splitting it must give back the same words.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "shell-words.h"

static void check_round_trip(const struct strvec *words)
{
	struct strbuf line = STRBUF_INIT;
	struct strvec again = STRVEC_INIT, plain = STRVEC_INIT;
	size_t i;

	for (i = 0; i < words->nr; i++) {
		if (shell_is_operator(words->v[i]))
			continue;
		strvec_push(&plain, words->v[i]);
		if (line.len)
			strbuf_addch(&line, ' ');
		shell_quote(&line, words->v[i]);
	}
	shell_split(line.buf ? line.buf : "", &again);
	if (again.nr != plain.nr)
		fuzz_fail("%zu words quoted as '%s' split into %zu", plain.nr,
			  line.buf, again.nr);
	for (i = 0; i < plain.nr; i++)
		if (strcmp(plain.v[i], again.v[i]))
			fuzz_fail("word '%s' quoted as '%s' came back as '%s'",
				  plain.v[i], line.buf, again.v[i]);
	strvec_clear(&again);
	strvec_clear(&plain);
	strbuf_release(&line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = fuzz_string(data, size);
	struct strvec words = STRVEC_INIT;

	/* shell-words.h marks operators with it: kbuild never prints one. */
	if (strchr(line, '\x01')) {
		free(line);
		return 0;
	}
	shell_split(line, &words);
	check_round_trip(&words);
	strvec_clear(&words);
	free(line);
	return 0;
}
