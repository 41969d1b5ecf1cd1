/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_COMMANDS_H
#define IRQCONV_COMMANDS_H

/*
 * One entry per subcommand, in the order `irqconv --help` lists them.  A
 * command returns the process exit status: 0 on success, 1 when it ran but
 * found a problem it reports, 2 on usage or environment errors.
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

#endif
