// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kbuild.h"
#include "shell-words.h"

struct kbuild_command {
	char *relpath;		/* source file, relative to the source tree */
	char *line;		/* the compiler command, as sh would read it */
};

static unsigned long long hash_str(const char *s)
{
	return hash_bytes(HASH_INIT, s, strlen(s));
}

static struct kbuild_command **slot(struct kbuild *kb, const char *relpath)
{
	size_t i = hash_str(relpath) & (kb->table_size - 1);

	while (kb->table[i] && strcmp(kb->table[i]->relpath, relpath))
		i = (i + 1) & (kb->table_size - 1);
	return &kb->table[i];
}

static void table_grow(struct kbuild *kb)
{
	struct kbuild_command **old = kb->table;
	size_t i, old_size = kb->table_size;

	kb->table_size = old_size ? old_size * 2 : 1024;
	kb->table = xcalloc(kb->table_size, sizeof(*kb->table));
	for (i = 0; i < old_size; i++)
		if (old[i])
			*slot(kb, old[i]->relpath) = old[i];
	free(old);
}

static void table_put(struct kbuild *kb, const char *relpath, const char *line)
{
	struct kbuild_command **s, *cmd;

	if ((kb->table_used + 1) * 2 > kb->table_size)
		table_grow(kb);
	s = slot(kb, relpath);
	if (*s) {
		free((*s)->line);
		(*s)->line = xstrdup(line);
		return;
	}
	cmd = xmalloc(sizeof(*cmd));
	cmd->relpath = xstrdup(relpath);
	cmd->line = xstrdup(line);
	*s = cmd;
	kb->table_used++;
}

static struct kbuild_command *table_get(struct kbuild *kb, const char *relpath)
{
	if (!kb->table_size)
		return NULL;
	return *slot(kb, relpath);
}

static char *absolute(const char *path)
{
	char buf[PATH_MAX];

	if (!realpath(path, buf))
		return NULL;
	return xstrdup(buf);
}

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

int kbuild_open(struct kbuild *kb, const char *src, const char *obj)
{
	char *stamp, *args;
	size_t len;

	memset(kb, 0, sizeof(*kb));
	kb->src = absolute(src);
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
	kb->obj = absolute(obj);
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
}

char *kbuild_relpath(struct kbuild *kb, const char *path)
{
	char *abs, *rel = NULL;
	size_t n = strlen(kb->src);

	abs = absolute(path);
	if (!abs) {
		/* Relative paths name files in the source tree. */
		char *in_src = xasprintf("%s/%s", kb->src, path);

		abs = absolute(in_src);
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

/*
 * @abs (absolute, normalised) relative to the source tree, with ../ steps
 * when it lies outside it.
 */
static char *relative_to_src(struct kbuild *kb, const char *abs)
{
	struct strbuf sb = STRBUF_INIT;
	const char *a = abs, *s = kb->src;
	size_t common = 0, i;

	/* The longest common run of whole components. */
	for (i = 0; a[i] && a[i] == s[i]; i++)
		if (a[i] == '/')
			common = i;
	if (!a[i] && s[i] == '/')
		common = i;
	else if (!s[i] && a[i] == '/')
		common = i;
	for (i = common; s[i]; i++)
		if (s[i] == '/')
			strbuf_addstr(&sb, "../");
	strbuf_addstr(&sb, a[common] == '/' ? a + common + 1 : a + common);
	return strbuf_detach(&sb);
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
	char *abs = absolute(path), *dir, *rel = NULL;
	struct stat s;

	if (!abs || stat(abs, &s)) {
		free(abs);
		return NULL;
	}
	dir = S_ISDIR(s.st_mode) ? xstrdup(abs) :
	      xstrndup(abs, strrchr(abs, '/') - abs);
	if (kbuild_dir_has_makefile(dir))
		rel = relative_to_src(kb, abs);
	free(dir);
	free(abs);
	return rel;
}

/* An external module directory is named by a relative path out of SRC. */
static bool is_external(const char *relpath)
{
	return starts_with(relpath, "../");
}

/*
 * From one line of `make -n` output, the simple command that compiles a C
 * file of the source tree, if any.  kbuild wraps it in traps and follows it
 * with fixdep, so the line is cut at control operators first.
 */
void kbuild_take_make_line(struct kbuild *kb, const char *line)
{
	struct strvec words = STRVEC_INIT;
	size_t i, start = 0, srclen = strlen(kb->src);

	shell_split(line, &words);
	for (i = 0; i <= words.nr; i++) {
		size_t j, n;
		bool has_c = false;
		const char *source = NULL, *base;
		char *ext = NULL;
		struct strbuf cmd = STRBUF_INIT;

		if (i < words.nr && !shell_is_operator(words.v[i]))
			continue;
		n = i - start;
		if (n < 3)
			goto next;
		base = strrchr(words.v[start], '/');
		base = base ? base + 1 : words.v[start];
		if (!strstr(base, "clang") && !strstr(base, "gcc"))
			goto next;
		for (j = start + 1; j < i; j++) {
			if (!strcmp(words.v[j], "-c"))
				has_c = true;
			else if (ends_with(words.v[j], ".c") &&
				 !strncmp(words.v[j], kb->src, srclen) &&
				 words.v[j][srclen] == '/')
				source = words.v[j] + srclen + 1;
			else if (ends_with(words.v[j], ".c") && kb->ext_dir &&
				 starts_with(words.v[j], kb->ext_dir) &&
				 words.v[j][strlen(kb->ext_dir)] == '/') {
				/* M= sources: name them as SRC/../../dir/f.c */
				free(ext);	/* the last source counts */
				ext = relative_to_src(kb, words.v[j]);
				free(words.v[j]);
				words.v[j] = xasprintf("%s/%s", kb->src, ext);
				source = ext;
			}
		}
		if (!has_c || !source)
			goto next;
		for (j = start; j < i; j++) {
			if (j > start)
				strbuf_addch(&cmd, ' ');
			shell_quote(&cmd, words.v[j]);
		}
		table_put(kb, source, cmd.buf);
		strbuf_release(&cmd);
next:
		free(ext);
		start = i + 1;
	}
	strvec_clear(&words);
}

static char *cache_path(struct kbuild *kb, const char *reldir)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	strbuf_addf(&sb, "%s/.irqconv/commands/", kb->obj);
	if (!*reldir)
		strbuf_addstr(&sb, "_top");
	for (p = reldir; *p; p++)
		strbuf_addch(&sb, *p == '/' ? '%' : *p);
	strbuf_addstr(&sb, ".cmds");
	return strbuf_detach(&sb);
}

static bool cache_is_fresh(struct kbuild *kb, const char *path)
{
	char *config = xasprintf("%s/.config", kb->obj);
	struct stat c, s;
	bool fresh;

	fresh = !stat(path, &s) && !stat(config, &c) &&
		s.st_mtime >= c.st_mtime;
	free(config);
	return fresh;
}

void kbuild_take_cache_text(struct kbuild *kb, char *data)
{
	char *line, *next;

	for (line = data; *line; line = next) {
		char *tab, *nl = strchr(line, '\n');

		next = nl ? nl + 1 : line + strlen(line);
		if (nl)
			*nl = '\0';
		tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = '\0';
		table_put(kb, line, tab + 1);
	}
}

static int load_cache(struct kbuild *kb, const char *path)
{
	char *data = read_file(path, NULL);

	if (!data)
		return -1;
	kbuild_take_cache_text(kb, data);
	free(data);
	return 0;
}

/* An external module's Kbuild edited since its commands were cached. */
static bool kbuild_file_newer(struct kbuild *kb, const char *reldir,
			      const char *cache)
{
	static const char *const names[] = { "Kbuild", "Makefile" };
	struct stat c, s;
	bool newer = false;
	size_t i;

	if (!is_external(reldir) || stat(cache, &c))
		return false;
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		char *p = xasprintf("%s/%s/%s", kb->src, reldir, names[i]);

		if (!stat(p, &s) && s.st_mtime >= c.st_mtime)
			newer = true;
		free(p);
	}
	return newer;
}

static bool dir_is_loaded(struct kbuild *kb, const char *reldir)
{
	size_t i;

	for (i = 0; i < kb->loaded_dirs.nr; i++) {
		const char *d = kb->loaded_dirs.v[i];
		size_t n = strlen(d);

		if (!n || (!strncmp(reldir, d, n) &&
			   (reldir[n] == '/' || reldir[n] == '\0')))
			return true;
	}
	return false;
}

/* Send the dry run's stderr to a file of its own; its name. */
static char *make_log(struct strbuf *cmd)
{
	char *log = xstrdup("/tmp/irqconv-make.XXXXXX");
	int fd = mkstemp(log);

	if (fd < 0)
		die("cannot make a temporary file for make's errors: %s",
		    strerror(errno));
	close(fd);
	strbuf_addstr(cmd, " 2>");
	shell_quote(cmd, log);
	return log;
}

/*
 * make -n failed and printed no compile command: make, the kbuild tree or
 * the directory's Makefile is broken, no file below @reldir is at fault.
 * Say what make said and end the run.
 */
static void __attribute__((noreturn))
make_broken(struct kbuild *kb, const char *reldir, int status, char *log)
{
	char *text = read_file(log, NULL), *line, *why = NULL;

	unlink(log);
	for (line = text; line && *line && !why; line += strcspn(line, "\n")) {
		line += strspn(line, "\n* ");
		if (isalpha((unsigned char)*line))
			why = xstrndup(line, strcspn(line, "\n"));
	}
	die("make -n %s%s in the kbuild tree '%s' failed (%s %d%s%s): check that 'make' runs (make deps) and that the tree is configured for '%s' (make workspace)",
	    kb->ext_dir ? "M=" : "",
	    kb->ext_dir ? kb->ext_dir : *reldir ? reldir : ".", kb->obj,
	    WIFEXITED(status) ? "exit status" : "wait status",
	    WIFEXITED(status) ? WEXITSTATUS(status) : status,
	    why ? ": " : "", why ? why : "", kb->src);
}

static int run_make_dry(struct kbuild *kb, const char *reldir,
			struct strbuf *cache)
{
	struct strbuf cmd = STRBUF_INIT, line = STRBUF_INIT;
	char *log;
	size_t before = kb->table_used, i;
	size_t nr_printed = 0;
	char buf[65536];
	FILE *fp;
	int status;

	/*
	 * An outer make's jobserver and flags must not leak into this one: -n
	 * has to stay a dry run.
	 */
	strbuf_addstr(&cmd, "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -k -n -C ");
	shell_quote(&cmd, kb->src);
	strbuf_addstr(&cmd, " O=");
	shell_quote(&cmd, kb->obj);
	strbuf_addf(&cmd, " %s ", kb->make_args);
	free(kb->ext_dir);
	kb->ext_dir = NULL;
	if (is_external(reldir)) {
		char *dir = xasprintf("%s/%s", kb->src, reldir);

		kb->ext_dir = absolute(dir);
		free(dir);
		if (!kb->ext_dir) {
			error("'%s': %s", reldir, strerror(errno));
			strbuf_release(&cmd);
			return -1;
		}
		strbuf_addstr(&cmd, "M=");
		shell_quote(&cmd, kb->ext_dir);
	} else if (*reldir) {
		char *target = xasprintf("%s/", reldir);

		shell_quote(&cmd, target);
		free(target);
	} else {
		strbuf_addstr(&cmd, "drivers/ sound/");
	}
	log = make_log(&cmd);
	if (!kb->quiet)
		fprintf(stderr, "  KBUILD  make -n %s/ (compile commands)\n",
			*reldir ? reldir : ".");
	fp = popen(cmd.buf, "r");
	strbuf_release(&cmd);
	if (!fp) {
		unlink(log);
		die("cannot run make: %s", strerror(errno));
	}
	while (fgets(buf, sizeof(buf), fp)) {
		strbuf_addstr(&line, buf);
		if (!line.len || line.buf[line.len - 1] != '\n')
			continue;
		if (strstr(line.buf, " -c ") && strstr(line.buf, ".c")) {
			kbuild_take_make_line(kb, line.buf);
			nr_printed++;
		}
		strbuf_reset(&line);
	}
	strbuf_release(&line);
	status = pclose(fp);
	/* -k: a dry run of a partly broken dir still helps */
	if (status && !nr_printed)
		make_broken(kb, reldir, status, log);
	unlink(log);
	free(log);

	for (i = 0; i < kb->table_size; i++) {
		struct kbuild_command *c = kb->table[i];
		size_t n = strlen(reldir);

		if (!c || (n && (strncmp(c->relpath, reldir, n) ||
				 c->relpath[n] != '/')))
			continue;
		strbuf_addf(cache, "%s\t%s\n", c->relpath, c->line);
	}
	return kb->table_used > before || cache->len ? 0 : 1;
}

int kbuild_load_dir(struct kbuild *kb, const char *reldir)
{
	struct strbuf cache = STRBUF_INIT;
	char *path, *dir;
	int ret = 0;

	if (dir_is_loaded(kb, reldir))
		return 0;
	path = cache_path(kb, reldir);
	if (cache_is_fresh(kb, path) && !kbuild_file_newer(kb, reldir, path) &&
	    !load_cache(kb, path))
		goto done;
	if (run_make_dry(kb, reldir, &cache) < 0) {
		ret = -1;
		goto out;
	}
	dir = xasprintf("%s/.irqconv/commands", kb->obj);
	if (mkdir_p(dir) || write_file_atomic(path, cache.buf ? cache.buf : "",
					       cache.len))
		warn("cannot write the command cache '%s': %s", path,
		     strerror(errno));
	free(dir);
done:
	strvec_push(&kb->loaded_dirs, reldir);
out:
	strbuf_release(&cache);
	free(path);
	return ret;
}

const char *kbuild_command_line(struct kbuild *kb, const char *relpath)
{
	struct kbuild_command *c = table_get(kb, relpath);

	return c ? c->line : NULL;
}

static char *dir_of(const char *relpath)
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
	char *dir = dir_of(relpath);
	struct kbuild_command *c = NULL;
	struct kbuild_command *below = NULL;

	/* The whole tree is too wide a net: stop below the top. */
	while (*dir) {
		char *slash;

		if (kbuild_load_dir(kb, dir) < 0)
			break;
		c = any_command_in(kb, dir);
		if (c)
			break;
		/* Failing a file beside it, one in a subdirectory (vlynq/). */
		if (!below)
			below = any_command_below(kb, dir);
		/* An external module has no parent to borrow from. */
		if (is_external(dir))
			break;
		slash = strrchr(dir, '/');
		*(slash ? slash : dir) = '\0';
	}
	free(dir);
	return c ? c : below;
}

static char *absolutise(struct kbuild *kb, const char *arg)
{
	static const char *const prefixes[] = { "-I", "-include", "" };
	const char *eq;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(prefixes); i++) {
		size_t n = strlen(prefixes[i]);

		if (!strncmp(arg, prefixes[i], n) && !strncmp(arg + n, "./", 2))
			return xasprintf("%s%s/%s", prefixes[i], kb->obj,
					 arg + n + 2);
	}
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
	char *from_dir = dir_of(from), *to_dir = dir_of(to);
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

int kbuild_parse_args(struct kbuild *kb, const char *relpath,
		      struct strvec *args, bool *in_config)
{
	struct kbuild_command *c;
	struct strvec words = STRVEC_INIT;
	char *dir = dir_of(relpath);
	char *source;
	size_t i;

	if (kbuild_load_dir(kb, dir) < 0) {
		free(dir);
		return -1;
	}
	free(dir);
	c = table_get(kb, relpath);
	*in_config = c != NULL;
	if (!c)
		c = nearest_command(kb, relpath);
	if (!c) {
		error("'%s': kbuild builds nothing near it to borrow flags from",
		      relpath);
		return -1;
	}
	source = xasprintf("%s/%s", kb->src, c->relpath);
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
		rel = *in_config ? xstrdup(w) : retarget(kb, w, c->relpath,
							 relpath);
		abs = absolutise(kb, rel);
		free(rel);
		strvec_push_nodup(args, abs);
	}
	strvec_clear(&words);
	free(source);
	return 0;
}
