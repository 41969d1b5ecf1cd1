// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv flags FILE...: the arguments irqconv hands libclang for each file,
 * as one shell-quoted line, and whether kbuild builds the file.
 */
#include <stdio.h>

#include "commands.h"
#include "shell-words.h"
#include "workspace.h"

static const char flags_usage[] =
	"usage: irqconv flags [--kernel SRC] [--kbuild OBJ] FILE...\n\n"
	"Print, for each C FILE of the kernel tree, the compiler arguments irqconv\n"
	"parses it with: kbuild's own command for files the configuration builds,\n"
	"the nearest built file's flags otherwise (marked 'not in config').  A file\n"
	"the first tree does not build takes the command of another architecture's\n"
	"tree that does, marked with it: '(arm64)', '(i386)'.\n\n"
	WORKSPACE_USAGE
	EXIT_STATUS_USAGE("kbuild gives a FILE no flags");

static int print_flags(struct kbuild *kb, const char *relpath, void *data)
{
	struct strvec args = STRVEC_INIT;
	struct strbuf line = STRBUF_INIT;
	const char *arch;
	size_t i;

	(void)data;
	if (kbuild_file_args(kb, relpath, &args, &arch) < 0)
		return 1;
	strbuf_addstr(&line, relpath);
	kbuild_tree_note(kb, arch, &line);
	strbuf_addstr(&line, ":");
	for (i = 0; i < args.nr; i++) {
		strbuf_addch(&line, ' ');
		shell_quote(&line, args.v[i]);
	}
	printf("%s\n", line.buf);
	strbuf_release(&line);
	strvec_clear(&args);
	return 0;
}

int cmd_flags(int argc, char **argv)
{
	return workspace_for_each_file(argc, argv, flags_usage, print_flags,
				       NULL);
}
