/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_WORKSPACE_H
#define IRQCONV_WORKSPACE_H

#include "kbuild.h"

/*
 * The trees a command works on.  Defaults are the 6.1 workspaces that
 * `make workspace` creates under build/, then IRQCONV_KERNEL and
 * IRQCONV_KBUILD from the environment, then --kernel and --kbuild.
 */
struct workspace_opts {
	const char *kernel;
	const char *kbuild;
};

void workspace_opts_init(struct workspace_opts *wo);
int workspace_open(const struct workspace_opts *wo, struct kbuild *kb);

/* The --kernel/--kbuild lines of a command's usage text. */
#define WORKSPACE_USAGE \
	"  --kernel SRC     kernel source tree (default: build/linux-6.1)\n" \
	"  --kbuild OBJ     its configured kbuild O= tree (default: build/kbuild-6.1)\n"



/* getopt_long entries for --kernel and --kbuild; values 'K' and 'O'. */
#define WORKSPACE_OPTIONS \
	{ "kernel", required_argument, NULL, 'K' }, \
	{ "kbuild", required_argument, NULL, 'O' }

/* Takes @opt if it is a workspace option; true when it did. */
bool workspace_option(int opt, const char *arg, struct workspace_opts *wo);

/*
 * The body of a command that takes only workspace options and C files:
 * parse the options, open the trees, call @fn for each FILE relative to the
 * source tree.  @fn returns an exit status; the worst one is returned.
 */
int workspace_for_each_file(int argc, char **argv, const char *usage,
			    int (*fn)(struct kbuild *kb, const char *relpath,
				      void *data),
			    void *data);
#endif
