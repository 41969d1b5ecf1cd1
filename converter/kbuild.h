/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_KBUILD_H
#define IRQCONV_KBUILD_H

#include "util.h"

/*
 * A kernel source tree and the kbuild O= tree configured for it, and the
 * exact compile command kbuild uses for each C file.
 *
 * Commands come from `make -n DIR/` run in the O= tree, which prints every
 * command of every object the configuration builds below DIR without building
 * anything.  They are cached per directory in OBJ/.irqconv/commands/ until
 * .config changes.
 *
 * A file the configuration does not build has no command of its own; it
 * borrows the command of the nearest file kbuild does build (same directory
 * first, then parent directories), with the file-specific parts (source path,
 * KBUILD_BASENAME, KBUILD_MODNAME, the directory's -I) rewritten, and is
 * reported as not in the configuration.
 *
 * Several trees may be configured for one source tree (x86_64, then arm64):
 * they are chained by @next, and a file takes the command of the first tree
 * that builds it.  Files that none builds borrow from the first tree.
 */
struct kbuild_command;

struct kbuild {
	char *src;		/* absolute path of the source tree */
	char *obj;		/* absolute path of the O= tree */
	char *make_args;	/* as recorded when the tree was configured */
	struct kbuild_command **table;
	size_t table_size;
	size_t table_used;
	struct strvec loaded_dirs;
	bool quiet;
	char *ext_dir;		/* absolute M= directory of the current dry run */
	char *arch;		/* ARCH= of make_args: "x86_64", "arm64" */
	struct kbuild *next;	/* the next tree to ask, or NULL */
	bool secondary;		/* not the first tree: a broken one is skipped */
};

/* 0, or -1 after saying what is wrong with the trees and how to fix it. */
int kbuild_open(struct kbuild *kb, const char *src, const char *obj);
void kbuild_close(struct kbuild *kb);

/*
 * Open @obj, configured for @kb's source tree too, as the last tree of
 * @kb's chain.  0, or -1 after saying what is wrong with it.
 */
int kbuild_add_tree(struct kbuild *kb, const char *obj);

/*
 * Make sure commands for every file below @reldir ("" = whole tree) are
 * known, in every tree of the chain.
 */
int kbuild_load_dir(struct kbuild *kb, const char *reldir);

/*
 * Load the commands of the directories of @relpaths, in one make per tree
 * for those no cache holds, in the trees and order a file's command is
 * looked up in (kbuild_file_args()).  Only a matter of speed: what is left
 * unloaded is loaded file by file when asked for.
 */
void kbuild_preload(struct kbuild *kb, const struct strvec *relpaths);

/*
 * The argument vector that parses @relpath (relative to the source tree) the
 * way kbuild compiles it, without the compiler name, -c, -o, dependency
 * options or the source file itself; relative paths made absolute.
 * *in_config tells whether kbuild itself builds the file.
 */
int kbuild_parse_args(struct kbuild *kb, const char *relpath,
		      struct strvec *args, bool *in_config);

/*
 * The same, in the first tree of @kb's chain that builds @relpath: *@arch
 * is that tree's architecture, NULL when no tree builds it and the flags are
 * borrowed from the first tree's nearest file.
 */
int kbuild_file_args(struct kbuild *kb, const char *relpath,
		     struct strvec *args, const char **arch);

/*
 * What text output adds to a file name for @arch, the tree that builds it:
 * " (not in config)" for none, " (arm64)" for a tree after the first, else
 * nothing.
 */
void kbuild_tree_note(const struct kbuild *kb, const char *arch,
		      struct strbuf *sb);

/* The command line kbuild runs for @relpath, NULL if it is not in the config. */
const char *kbuild_command_line(struct kbuild *kb, const char *relpath);

/* @path (absolute, or relative to cwd) relative to the source tree, or NULL. */
char *kbuild_relpath(struct kbuild *kb, const char *path);

/*
 * External modules (kbuild's M= mode): , a directory holding a Kbuild
 * or Makefile or a file in one, outside the source tree, as a path relative
 * to the source tree (../../dir/file.c), or NULL.  Such paths work
 * everywhere a relpath does; their commands come from `make -n M=DIR`.
 */
char *kbuild_external_relpath(struct kbuild *kb, const char *path);
/* @path in the source tree, else in an external module, or NULL. */
char *kbuild_input_relpath(struct kbuild *kb, const char *path);
/* Does @dir hold a Kbuild or a Makefile (a module's directory)? */
bool kbuild_dir_has_makefile(const char *dir);

/* An external module directory is named by a relative path out of SRC. */
static inline bool kbuild_is_external(const char *relpath)
{
	return starts_with(relpath, "../");
}

/*
 * The parsers behind kbuild_load_dir(), for the fuzz targets (fuzz/): one line
 * of `make -n` output, and the text of a command cache file (@text is cut
 * up in place).  Both add what they find to @kb's table.
 */
void kbuild_take_make_line(struct kbuild *kb, const char *line);
void kbuild_take_cache_text(struct kbuild *kb, char *text);

#endif
