// SPDX-License-Identifier: GPL-2.0
/*
 * The kbuild command parsers: each input line goes to the parser of
 * `make -n` output and to the command cache's, as if kbuild had printed it
 * and as if a cache file held it; then every C file the lines name is
 * looked up the way `irqconv scan` does (kbuild_parse_args()), so that
 * commands are re-split, and files kbuild does not build borrow a
 * neighbour's command.  The tree is never asked: every directory counts as
 * loaded, so no make runs.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "kbuild.h"
#include "shell-words.h"

#define SRC "/src"
#define OBJ "/obj"

/* The C files @line names, as relpaths: below SRC, or the cache's key. */
static void files_named(const char *line, struct strvec *files)
{
	struct strvec words = STRVEC_INIT;
	const char *tab = strchr(line, '\t');
	size_t i;

	if (tab)
		strvec_push_nodup(files, xstrndup(line, tab - line));
	shell_split(line, &words);
	for (i = 0; i < words.nr; i++)
		if (starts_with(words.v[i], SRC "/") &&
		    ends_with(words.v[i], ".c"))
			strvec_push(files, words.v[i] + strlen(SRC "/"));
	strvec_clear(&words);
}

static void look_up(struct kbuild *kb, const char *relpath)
{
	struct strvec args = STRVEC_INIT;
	bool in_config;
	size_t i;

	if (kbuild_parse_args(kb, relpath, &args, &in_config))
		return;
	for (i = 0; i < args.nr; i++)
		if (!strcmp(args.v[i], "-c"))
			fuzz_fail("'%s': -c left in the parse arguments", relpath);
	strvec_clear(&args);
	if (in_config && !kbuild_command_line(kb, relpath))
		fuzz_fail("'%s' in the configuration without a command", relpath);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_string(data, size), *line, *save = NULL;
	struct strvec lines = STRVEC_INIT, files = STRVEC_INIT;
	struct kbuild kb = { 0 };
	size_t i;

	kb.src = xstrdup(SRC);
	kb.obj = xstrdup(OBJ);
	kb.make_args = xstrdup("");
	kb.ext_dir = xstrdup("/ext");
	kb.quiet = true;
	strvec_push(&kb.loaded_dirs, "");
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		strvec_push(&lines, line);
	for (i = 0; i < lines.nr; i++) {
		char *copy = xstrdup(lines.v[i]);

		kbuild_take_make_line(&kb, lines.v[i]);
		kbuild_take_cache_text(&kb, copy);
		free(copy);
		files_named(lines.v[i], &files);
	}
	for (i = 0; i < files.nr; i++) {
		const char *f = files.v[i], *slash = strrchr(f, '/');
		/* Not in the table: borrows from the nearest command. */
		char *near = xasprintf("%.*szz-not-built.c",
				       slash ? (int)(slash - f + 1) : 0, f);

		look_up(&kb, f);
		look_up(&kb, near);
		free(near);
	}
	strvec_clear(&files);
	strvec_clear(&lines);
	kbuild_close(&kb);
	free(text);
	return 0;
}
