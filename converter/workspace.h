/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_WORKSPACE_H
#define IRQCONV_WORKSPACE_H

#include "kbuild.h"

/*
 * The trees a command works on.  Defaults are the 6.1 workspaces that
 * `make workspace` creates under build/, then IRQCONV_KERNEL,
 * IRQCONV_KBUILD, IRQCONV_KBUILD_ARM64 and IRQCONV_OTHER_ARCHES from the
 * environment, then --kernel, --kbuild, --kbuild-arm64 and --other-arches.
 *
 * The trees of other architectures are asked, in the order of
 * workspace_arches[], for the files the first tree does not build.  Each
 * is the first tree's sibling OBJ-ARCH, used when it is prepared; the
 * arm64 one may be named elsewhere, or left out with "none".
 * --other-arches names which of them to ask (a comma-separated list, or
 * "none" for the first tree alone).
 */
struct workspace_opts {
	const char *kernel;
	const char *kbuild;
	const char *kbuild_arm64;	/* NULL: OBJ-arm64 if prepared */
	const char *other_arches;	/* NULL: every prepared one */
};

/* The other architectures' trees, in the order they are asked. */
extern const char *const workspace_arches[];

void workspace_opts_init(struct workspace_opts *wo);
int workspace_open(const struct workspace_opts *wo, struct kbuild *kb);

/* The --kernel/--kbuild lines of a command's usage text. */
#define WORKSPACE_USAGE \
	"  --kernel SRC     kernel source tree (default: build/linux-6.1)\n" \
	"  --kbuild OBJ     its configured kbuild O= tree (default: build/kbuild-6.1)\n" \
	"  --kbuild-arm64 OBJ|none\n" \
	"                   the arm64 tree asked for files OBJ does not build\n" \
	"                   (default: OBJ-arm64 when it is prepared)\n" \
	"  --other-arches ARCH,...|none\n" \
	"                   the sibling trees OBJ-ARCH asked after OBJ (default:\n" \
	"                   every prepared one of arm64, arm, armv5, powerpc,\n" \
	"                   ppc32, mips, i386)\n"

/*
 * getopt_long entries for the workspace options; values 'K', 'O', 0x4b41
 * and 0x4b42.
 */
#define WORKSPACE_OPT_ARM64 0x4b41
#define WORKSPACE_OPT_ARCHES 0x4b42
#define WORKSPACE_OPTIONS \
	{ "kernel", required_argument, NULL, 'K' }, \
	{ "kbuild", required_argument, NULL, 'O' }, \
	{ "kbuild-arm64", required_argument, NULL, WORKSPACE_OPT_ARM64 }, \
	{ "other-arches", required_argument, NULL, WORKSPACE_OPT_ARCHES }

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
