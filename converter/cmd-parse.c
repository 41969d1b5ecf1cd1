// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv parse FILE...: parse each file the way scan does and print the
 * diagnostics; the exit status says whether any file had one.  It is the
 * check that the workspace is usable: a tree configured with clang-16 gives
 * zero diagnostics on any driver.
 */
#include <stdio.h>

#include "commands.h"
#include "tu.h"
#include "workspace.h"

static const char parse_usage[] =
	"usage: irqconv parse [--kernel SRC] [--kbuild OBJ] FILE...\n\n"
	"Parse each C FILE with libclang and kbuild's flags; print every\n"
	"diagnostic and a line per file.\n\n"
	WORKSPACE_USAGE
	EXIT_STATUS_USAGE("a FILE has a diagnostic or does not parse");

static int parse_one(struct kbuild *kb, const char *relpath, void *data)
{
	CXIndex index = data;
	struct tu tu;
	int ret = 0;

	if (tu_parse(index, kb, relpath, &tu) < 0) {
		error("'%s': %s", relpath, tu.first_error);
		ret = 1;
	} else {
		tu_print_diagnostics(&tu, stdout);
		struct strbuf note = STRBUF_INIT;

		kbuild_tree_note(kb, tu.arch, &note);
		printf("%s: %u errors, %u warnings%s\n", relpath,
		       tu.nr_errors, tu.nr_warnings, note.buf ? note.buf : "");
		strbuf_release(&note);
		if (tu.nr_errors || tu.nr_warnings)
			ret = 1;
	}
	tu_release(&tu);
	return ret;
}

int cmd_parse(int argc, char **argv)
{
	CXIndex index = clang_createIndex(0, 0);
	int ret;

	ret = workspace_for_each_file(argc, argv, parse_usage, parse_one,
				      index);
	clang_disposeIndex(index);
	return ret;
}
