// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kbuild-private.h"
#include "shell-words.h"


/*
 * The release a source tree's Makefile makes, spelt as kbuild writes it to
 * include/config/kernel.release ("6.1.192"); NULL when it does not say.
 */
static char *source_release(const char *src)
{
	static const char *const keys[] = {
		"VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION",
	};
	char *values[4] = { NULL }, *path, *text, *line, *next, *ret = NULL;
	size_t i;

	path = xasprintf("%s/Makefile", src);
	text = read_file(path, NULL);
	free(path);
	for (line = text; line && *line; line = next) {
		next = line + strcspn(line, "\n");
		next += *next == '\n';
		for (i = 0; i < 4; i++) {
			size_t n = strlen(keys[i]);
			char *v = line + n;

			if (values[i] || strncmp(line, keys[i], n) ||
			    strncmp(v, " =", 2))
				continue;
			v += 2 + strspn(v + 2, " \t");
			values[i] = xstrndup(v, strcspn(v, " \t\n"));
		}
	}
	if (values[0] && values[1] && values[2])
		ret = xasprintf("%s.%s.%s%s", values[0], values[1], values[2],
				values[3] ? values[3] : "");
	for (i = 0; i < 4; i++)
		free(values[i]);
	free(text);
	return ret;
}

/*
 * A kbuild tree configured for another source tree's version: its dry runs
 * would run the other version's Kconfig on its .config, rewriting it, and
 * its headers do not fit the sources.  0 when the versions agree or one of
 * them cannot be told.
 */
static int check_same_release(const struct kbuild *kb)
{
	char *path = xasprintf("%s/include/config/kernel.release", kb->obj);
	char *obj_release = read_file(path, NULL);
	char *src_release = source_release(kb->src);
	size_t n = src_release ? strlen(src_release) : 0;
	int ret = 0;

	if (obj_release && src_release) {
		obj_release[strcspn(obj_release, "\n")] = '\0';
		if (strncmp(obj_release, src_release, n) ||
		    isdigit((unsigned char)obj_release[n])) {
			error("kernel tree '%s' is Linux %s, but the kbuild tree '%s' is configured for %s: pass --kbuild with a tree configured for %s (make workspaces makes build/kbuild-VERSION for each), or --kernel with the source of %s",
			      kb->src, src_release, kb->obj, obj_release,
			      src_release, obj_release);
			ret = -1;
		}
	}
	free(path);
	free(obj_release);
	free(src_release);
	return ret;
}

/* The ARCH= word of @make_args; x86_64 when it names none. */
static char *make_arch(const char *make_args)
{
	const char *a = strstr(make_args, "ARCH=");

	if (!a || (a > make_args && a[-1] != ' '))
		return xstrdup("x86_64");
	a += strlen("ARCH=");
	return xstrndup(a, strcspn(a, " \t"));
}

int kbuild_open(struct kbuild *kb, const char *src, const char *obj)
{
	char *stamp, *args;
	size_t len;

	memset(kb, 0, sizeof(*kb));
	kb->src = kbuild_absolute(src);
	if (!kb->src) {
		error("kernel tree '%s': %s (run 'make workspace', or pass --kernel)",
		      src, strerror(errno));
		return -1;
	}
	stamp = xasprintf("%s/Makefile", kb->src);
	if (access(stamp, R_OK)) {
		error("'%s' is not a kernel source tree (no Makefile)", src);
		free(stamp);
		return -1;
	}
	free(stamp);
	kb->obj = kbuild_absolute(obj);
	if (!kb->obj) {
		error("kbuild tree '%s': %s (run 'make workspace', or pass --kbuild)",
		      obj, strerror(errno));
		return -1;
	}
	stamp = xasprintf("%s/include/generated/autoconf.h", kb->obj);
	if (access(stamp, R_OK)) {
		error("kbuild tree '%s' is not configured and prepared (run 'make workspace')",
		      obj);
		free(stamp);
		return -1;
	}
	free(stamp);
	if (check_same_release(kb))
		return -1;
	stamp = xasprintf("%s/.irqconv-make-args", kb->obj);
	args = read_file(stamp, &len);
	free(stamp);
	/* A tree configured by hand: assume the compiler libclang matches. */
	if (!args)
		args = xstrdup("ARCH=x86_64 CC=clang-16");
	args[strcspn(args, "\n")] = '\0';
	kb->make_args = args;
	/* a variant (armv5, ppc32) names itself; else the ARCH= of the args */
	stamp = xasprintf("%s/.irqconv-arch", kb->obj);
	args = read_file(stamp, &len);
	free(stamp);
	if (args && *args) {
		args[strcspn(args, "\n")] = '\0';
		kb->arch = args;
	} else {
		free(args);
		kb->arch = make_arch(kb->make_args);
	}
	return 0;
}

int kbuild_add_tree(struct kbuild *kb, const char *obj)
{
	struct kbuild *t = xmalloc(sizeof(*t));

	if (kbuild_open(t, kb->src, obj)) {
		kbuild_close(t);
		free(t);
		return -1;
	}
	t->quiet = kb->quiet;
	t->secondary = true;
	while (kb->next)
		kb = kb->next;
	kb->next = t;
	return 0;
}

void kbuild_close(struct kbuild *kb)
{
	size_t i;

	for (i = 0; i < kb->table_size; i++) {
		if (!kb->table[i])
			continue;
		free(kb->table[i]->relpath);
		free(kb->table[i]->line);
		free(kb->table[i]);
	}
	free(kb->table);
	strvec_clear(&kb->loaded_dirs);
	free(kb->ext_dir);
	free(kb->src);
	free(kb->obj);
	free(kb->make_args);
	free(kb->arch);
	if (kb->next) {
		kbuild_close(kb->next);
		free(kb->next);
	}
}

char *kbuild_relpath(struct kbuild *kb, const char *path)
{
	char *abs, *rel = NULL;
	size_t n = strlen(kb->src);

	abs = kbuild_absolute(path);
	if (!abs) {
		/* Relative paths name files in the source tree. */
		char *in_src = xasprintf("%s/%s", kb->src, path);

		abs = kbuild_absolute(in_src);
		free(in_src);
		if (!abs)
			return NULL;
	}
	if (!strcmp(abs, kb->src))
		rel = xstrdup("");
	else if (!strncmp(abs, kb->src, n) && abs[n] == '/')
		rel = xstrdup(abs + n + 1);
	free(abs);
	return rel;
}


bool kbuild_dir_has_makefile(const char *dir)
{
	char *kbuild = xasprintf("%s/Kbuild", dir);
	char *makefile = xasprintf("%s/Makefile", dir);
	bool ret = !access(kbuild, R_OK) || !access(makefile, R_OK);

	free(kbuild);
	free(makefile);
	return ret;
}

char *kbuild_external_relpath(struct kbuild *kb, const char *path)
{
	char *abs = kbuild_absolute(path), *dir, *rel = NULL;
	struct stat s;

	if (!abs || stat(abs, &s)) {
		free(abs);
		return NULL;
	}
	dir = S_ISDIR(s.st_mode) ? xstrdup(abs) :
	      xstrndup(abs, strrchr(abs, '/') - abs);
	if (kbuild_dir_has_makefile(dir))
		rel = kbuild_relative_to_src(kb, abs);
	free(dir);
	free(abs);
	return rel;
}

char *kbuild_input_relpath(struct kbuild *kb, const char *path)
{
	char *rel = kbuild_relpath(kb, path);

	return rel ? rel : kbuild_external_relpath(kb, path);
}

static char *rel_dir_of(const char *relpath)
{
	const char *slash = strrchr(relpath, '/');

	return slash ? xstrndup(relpath, slash - relpath) : xstrdup("");
}

static char *basename_noext(const char *relpath)
{
	const char *slash = strrchr(relpath, '/');
	const char *base = slash ? slash + 1 : relpath;
	const char *dot = strrchr(base, '.');

	return dot ? xstrndup(base, dot - base) : xstrdup(base);
}

/* The command of some file kbuild builds in @reldir itself, or NULL. */
static struct kbuild_command *any_command_in(struct kbuild *kb,
					     const char *reldir)
{
	size_t i, n = strlen(reldir);

	for (i = 0; i < kb->table_size; i++) {
		struct kbuild_command *c = kb->table[i];

		if (!c)
			continue;
		if (n ? (!strncmp(c->relpath, reldir, n) &&
			 c->relpath[n] == '/' && !strchr(c->relpath + n + 1, '/'))
		      : !strchr(c->relpath, '/'))
			return c;
	}
	return NULL;
}

/* The command of some file kbuild builds anywhere below @reldir, or NULL. */
static struct kbuild_command *any_command_below(struct kbuild *kb,
						const char *reldir)
{
	size_t i, n = strlen(reldir);

	for (i = 0; i < kb->table_size; i++) {
		struct kbuild_command *c = kb->table[i];

		if (c && !strncmp(c->relpath, reldir, n) && c->relpath[n] == '/')
			return c;
	}
	return NULL;
}

static struct kbuild_command *nearest_command(struct kbuild *kb,
					      const char *relpath)
{
	char *dir = rel_dir_of(relpath);
	struct kbuild_command *c = NULL;
	struct kbuild_command *below = NULL;

	/* The whole tree is too wide a net: stop below the top. */
	while (*dir) {
		char *slash;

		if (kbuild_load_tree_dir(kb, dir) < 0)
			break;
		c = any_command_in(kb, dir);
		if (c)
			break;
		/* Failing a file beside it, one in a subdirectory (vlynq/). */
		if (!below)
			below = any_command_below(kb, dir);
		/* An external module has no parent to borrow from. */
		if (kbuild_is_external(dir))
			break;
		slash = strrchr(dir, '/');
		*(slash ? slash : dir) = '\0';
	}
	free(dir);
	return c ? c : below;
}

/* The options whose argument names a file or directory to include. */
static const char *const include_options[] = {
	"-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
	NULL,
};

/*
 * kbuild runs the compiler in the O= tree: a relative path there is one
 * below it (`./include/...`, and `-Idrivers/net/.../af`, which a
 * Makefile's -I$(src) leaves beside its $(srctree) twin).  Resolved
 * against irqconv's own directory instead, it would find the source
 * tree's headers when run from there, and name them relative.
 * @path_arg: @arg is the argument of an include option written apart.
 */
static char *absolutise(struct kbuild *kb, const char *arg, bool path_arg)
{
	const char *eq;
	size_t i;

	if (path_arg)
		return *arg == '/' ? xstrdup(arg) :
		       xasprintf("%s/%s", kb->obj,
				 starts_with(arg, "./") ? arg + 2 : arg);
	for (i = 0; include_options[i]; i++) {
		size_t n = strlen(include_options[i]);
		const char *p = arg + n;

		if (strncmp(arg, include_options[i], n) || !*p || *p == '/')
			continue;
		return xasprintf("%s%s/%s", include_options[i], kb->obj,
				 starts_with(p, "./") ? p + 2 : p);
	}
	if (!strncmp(arg, "./", 2))
		return xasprintf("%s/%s", kb->obj, arg + 2);
	eq = strstr(arg, "=./");
	if (eq)
		return xasprintf("%.*s=%s/%s", (int)(eq - arg), arg, kb->obj,
				 eq + 3);
	return xstrdup(arg);
}

/* Rewrite a borrowed argument for @relpath, which it was not made for. */
static char *retarget(struct kbuild *kb, const char *arg,
		      const char *from, const char *to)
{
	char *from_dir = rel_dir_of(from), *to_dir = rel_dir_of(to);
	char *from_base = basename_noext(from), *to_base = basename_noext(to);
	char *from_src = xasprintf("%s/%s", kb->src, from_dir);
	char *from_obj = xasprintf("./%s", from_dir);
	char *ret;

	if (starts_with(arg, "-DKBUILD_BASENAME="))
		ret = xasprintf("-DKBUILD_BASENAME=\"%s\"", to_base);
	else if (starts_with(arg, "-DKBUILD_MODNAME="))
		ret = xasprintf("-DKBUILD_MODNAME=\"%s\"", to_base);
	else if (starts_with(arg, "-D__KBUILD_MODNAME="))
		ret = xasprintf("-D__KBUILD_MODNAME=kmod_%s", to_base);
	else if (*from_dir && !strcmp(arg, from_src))
		ret = xasprintf("%s/%s", kb->src, to_dir);
	else if (*from_dir && !strcmp(arg, from_obj))
		ret = xasprintf("./%s", to_dir);
	else
		ret = xstrdup(arg);
	free(from_dir);
	free(to_dir);
	free(from_base);
	free(to_base);
	free(from_src);
	free(from_obj);
	return ret;
}

/* The arguments of @c's command, for @relpath, in @kb's tree. */
static void command_args(struct kbuild *kb, const struct kbuild_command *c,
			 const char *relpath, bool own, struct strvec *args)
{
	struct strvec words = STRVEC_INIT;
	char *source = xasprintf("%s/%s", kb->src, c->relpath);
	bool path_arg = false;
	size_t i;

	shell_split(c->line, &words);
	for (i = 1; i < words.nr; i++) {
		const char *w = words.v[i];
		char *rel, *abs;

		if (!strcmp(w, "-c") || !strcmp(w, source) ||
		    starts_with(w, "-Wp,-MMD") || starts_with(w, "-Wp,-MD"))
			continue;
		if (!strcmp(w, "-o") || !strcmp(w, "-mllvm")) {
			/* -mllvm tunes code generation, which a parse never reaches */
			i++;
			continue;
		}
		rel = own ? xstrdup(w) : retarget(kb, w, c->relpath, relpath);
		abs = absolutise(kb, rel, path_arg);
		free(rel);
		strvec_push_nodup(args, abs);
		path_arg = name_in(w, include_options);
	}
	strvec_clear(&words);
	free(source);
}

/*
 * kbuild's own command for @relpath in the first tree that builds it, or
 * NULL; *@tree is that tree.  An external module is asked of the first tree
 * only: it is built for the machine irqconv runs on.
 */
static struct kbuild_command *own_command(struct kbuild *kb,
					  const char *relpath,
					  struct kbuild **tree)
{
	char *dir = rel_dir_of(relpath);
	struct kbuild_command *c = NULL;
	struct kbuild *t;

	for (t = kb; t && !c; t = kbuild_is_external(relpath) ? NULL : t->next) {
		if (kbuild_load_tree_dir(t, dir) < 0) {
			*tree = NULL;
			free(dir);
			return NULL;
		}
		c = kbuild_table_get(t, relpath);
		*tree = t;
	}
	free(dir);
	return c;
}

void kbuild_preload(struct kbuild *kb, const struct strvec *relpaths)
{
	struct strvec pending = STRVEC_INIT;
	struct kbuild *t;
	size_t i;

	for (i = 0; i < relpaths->nr; i++)
		if (!kbuild_is_external(relpaths->v[i]))
			strvec_push(&pending, relpaths->v[i]);
	/* The trees own_command() asks, in its order, for the files it asks. */
	for (t = kb; t && pending.nr; t = t->next) {
		struct strvec dirs = STRVEC_INIT, left = STRVEC_INIT;

		for (i = 0; i < pending.nr; i++)
			strvec_push_nodup(&dirs, rel_dir_of(pending.v[i]));
		kbuild_load_tree_dirs(t, &dirs);
		for (i = 0; i < pending.nr; i++)
			if (kbuild_dir_loaded(t, dirs.v[i]) &&
			    !kbuild_table_get(t, pending.v[i]))
				strvec_push(&left, pending.v[i]);
		strvec_clear(&dirs);
		strvec_clear(&pending);
		pending = left;
	}
	strvec_clear(&pending);
}

/*
 * The arguments for @relpath; *@built_by is the tree that builds it, or
 * NULL.
 */
static int file_args(struct kbuild *kb, const char *relpath,
		     struct strvec *args, struct kbuild **built_by)
{
	struct kbuild_command *c;
	struct kbuild *tree;

	*built_by = NULL;
	c = own_command(kb, relpath, &tree);
	if (!tree)
		return -1;
	if (c) {
		*built_by = tree;
		command_args(tree, c, relpath, true, args);
		return 0;
	}
	c = nearest_command(kb, relpath);
	if (!c) {
		error("'%s': kbuild builds nothing near it to borrow flags from",
		      relpath);
		return -1;
	}
	command_args(kb, c, relpath, false, args);
	return 0;
}

int kbuild_file_args(struct kbuild *kb, const char *relpath,
		     struct strvec *args, const char **arch)
{
	struct kbuild *tree;
	int ret = file_args(kb, relpath, args, &tree);

	*arch = tree ? tree->arch : NULL;
	return ret;
}

int kbuild_parse_args(struct kbuild *kb, const char *relpath,
		      struct strvec *args, bool *in_config)
{
	struct kbuild *tree;
	int ret = file_args(kb, relpath, args, &tree);

	*in_config = tree != NULL;
	return ret;
}

void kbuild_tree_note(const struct kbuild *kb, const char *arch,
		      struct strbuf *sb)
{
	if (!arch)
		strbuf_addstr(sb, " (not in config)");
	else if (strcmp(arch, kb->arch))
		strbuf_addf(sb, " (%s)", arch);
}
