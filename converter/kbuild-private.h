/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_KBUILD_PRIVATE_H
#define IRQCONV_KBUILD_PRIVATE_H

/* What kbuild.c and kbuild-make.c share of one tree's command table. */
#include "kbuild.h"

struct kbuild_command {
	char *relpath;		/* source file, relative to the source tree */
	char *line;		/* the compiler command, as sh would read it */
};

void kbuild_table_put(struct kbuild *kb, const char *relpath,
		      const char *line);
struct kbuild_command *kbuild_table_get(struct kbuild *kb,
					const char *relpath);

/*
 * @abs (absolute, normalised) relative to the source tree, with ../ steps
 * when it lies outside it.
 */
char *kbuild_relative_to_src(struct kbuild *kb, const char *abs);

/* kbuild_load_dir() in @kb's own tree only. */
int kbuild_load_tree_dir(struct kbuild *kb, const char *reldir);
/* The same for each of @dirs, in one make for those no cache holds. */
void kbuild_load_tree_dirs(struct kbuild *kb, const struct strvec *dirs);
/*
 * Has @reldir's own make -n run in @kb (or the whole tree's, or its external
 * module's)?
 */
bool kbuild_dir_loaded(struct kbuild *kb, const char *reldir);

/* realpath() of @path, or NULL. */
char *kbuild_absolute(const char *path);

#endif
