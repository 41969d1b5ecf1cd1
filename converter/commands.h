/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_COMMANDS_H
#define IRQCONV_COMMANDS_H

/*
 * One entry per subcommand, in the order `irqconv --help` lists them.  A
 * command returns the process exit status (README.md, "Exit status"):
 *   0  it ran clean: every input analysed.  Refused sites, unresolved
 *      handlers and other verdicts are findings, not failures.
 *   1  it ran, but some input could not be analysed (a file that does not
 *      parse, that kbuild gives no flags); its output covers the rest.
 *   2  usage, bad input or environment: a tool that cannot run (spatch,
 *      make), trees of different versions, a write that failed.  Nothing
 *      is written and no site is judged for it.
 * diff keeps diff(1)'s convention: 1 when the files differ.
 */
struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

int cmd_flags(int argc, char **argv);
int cmd_parse(int argc, char **argv);
int cmd_scan(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_review(int argc, char **argv);
int cmd_report(int argc, char **argv);

extern const struct command commands[];

/* The closing lines of a command's --help; @one says when it exits 1. */
#define EXIT_STATUS_USAGE(one) \
	"\nExit status:\n" \
	"  0  ran clean\n" \
	"  1  " one "\n" \
	"  2  usage, bad input or environment (a tool that cannot run, trees of\n" \
	"     different versions); nothing is written\n"

#endif
