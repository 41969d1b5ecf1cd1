// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv: move Linux drivers from hard-irq handlers to threaded ones.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "util.h"

#ifndef IRQCONV_VERSION
#define IRQCONV_VERSION "unknown"
#endif

const struct command commands[] = {
	{ "flags", cmd_flags, "print kbuild's compile command for a C file" },
	{ "parse", cmd_parse, "parse C files with kbuild's flags, print diagnostics" },
	{ "scan", cmd_scan, "find request_irq() sites and judge their handlers" },
	{ "convert", cmd_convert, "split handlers into quick check and thread; write patches" },
	{ "diff", cmd_diff, "unified diff of two files, as irqconv writes it" },
	{ "review", cmd_review, "walk a generated series: accept, reject, skip each patch" },
	{ "report", cmd_report, "write OUTDIR/report.html for a generated series" },
	{ NULL, NULL, NULL },
};

static void usage(FILE *out)
{
	const struct command *c;

	fprintf(out, "usage: irqconv [--version] [--help] COMMAND [ARGS]\n\n"
		"commands:\n");
	for (c = commands; c->name; c++)
		fprintf(out, "  %-10s %s\n", c->name, c->summary);
	fprintf(out, "\n'irqconv COMMAND --help' describes one command.\n\n"
		"Exit status: 0 ran clean; 1 ran, but some input could not be analysed;\n"
		"2 usage, bad input or environment (README.md, Exit status).\n");
}

int main(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("irqconv %s\n", IRQCONV_VERSION);
		return 0;
	}
	for (c = commands; c->name; c++)
		if (!strcmp(argv[1], c->name))
			return c->fn(argc - 1, argv + 1);
	error("'%s' is not an irqconv command (see 'irqconv --help')", argv[1]);
	return 2;
}
