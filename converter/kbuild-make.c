// SPDX-License-Identifier: GPL-2.0
/*
 * The compile commands of one kbuild tree: `make -n` dry runs, the parser of
 * their output, the per-directory command cache and the table they fill.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kbuild-private.h"
#include "shell-words.h"

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

void kbuild_table_put(struct kbuild *kb, const char *relpath, const char *line)
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

char *kbuild_absolute(const char *path)
{
	char buf[PATH_MAX];

	if (!realpath(path, buf))
		return NULL;
	return xstrdup(buf);
}

struct kbuild_command *kbuild_table_get(struct kbuild *kb, const char *relpath)
{
	if (!kb->table_size)
		return NULL;
	return *slot(kb, relpath);
}

/*
 * @abs (absolute, normalised) relative to the source tree, with ../ steps
 * when it lies outside it.
 */
char *kbuild_relative_to_src(struct kbuild *kb, const char *abs)
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
				ext = kbuild_relative_to_src(kb, words.v[j]);
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
		kbuild_table_put(kb, source, cmd.buf);
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
		kbuild_table_put(kb, line, tab + 1);
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

	if (!kbuild_is_external(reldir) || stat(cache, &c))
		return false;
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		char *p = xasprintf("%s/%s/%s", kb->src, reldir, names[i]);

		if (!stat(p, &s) && s.st_mtime >= c.st_mtime)
			newer = true;
		free(p);
	}
	return newer;
}

bool kbuild_dir_loaded(struct kbuild *kb, const char *reldir)
{
	size_t i;

	/*
	 * A parent's make -n does not stand for a directory: drivers/Makefile,
	 * not drivers/char/Makefile, descends into char/ipmi/.  The whole
	 * tree's does, and an external module's M= make covers the module.
	 */
	for (i = 0; i < kb->loaded_dirs.nr; i++) {
		const char *d = kb->loaded_dirs.v[i];
		size_t n = strlen(d);

		if (!n || !strcmp(d, reldir) ||
		    (kbuild_is_external(d) && !strncmp(reldir, d, n) &&
		     reldir[n] == '/'))
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

/* run_make_dry() in a secondary tree whose make -n failed */
#define SECONDARY_BROKEN 2

/*
 * Run `make -n TARGETS` in @kb's tree (M= for an external module) and put
 * every compile command it prints into the table.  The exit status; the
 * number of commands printed in *@nr_printed, make's stderr in *@log.
 */
static int make_dry(struct kbuild *kb, const char *targets, const char *what,
		    size_t *nr_printed, char **log)
{
	struct strbuf cmd = STRBUF_INIT, line = STRBUF_INIT;
	char buf[65536];
	FILE *fp;

	/*
	 * An outer make's jobserver and flags must not leak into this one: -n
	 * has to stay a dry run.
	 */
	strbuf_addstr(&cmd, "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -k -n -C ");
	shell_quote(&cmd, kb->src);
	strbuf_addstr(&cmd, " O=");
	shell_quote(&cmd, kb->obj);
	strbuf_addf(&cmd, " %s %s", kb->make_args, targets);
	*log = make_log(&cmd);
	if (!kb->quiet)
		fprintf(stderr, "  KBUILD  make -n %s (%s compile commands)\n",
			what, kb->arch);
	fp = popen(cmd.buf, "r");
	strbuf_release(&cmd);
	if (!fp) {
		unlink(*log);
		die("cannot run make: %s", strerror(errno));
	}
	*nr_printed = 0;
	while (fgets(buf, sizeof(buf), fp)) {
		strbuf_addstr(&line, buf);
		if (!line.len || line.buf[line.len - 1] != '\n')
			continue;
		if (strstr(line.buf, " -c ") && strstr(line.buf, ".c")) {
			kbuild_take_make_line(kb, line.buf);
			(*nr_printed)++;
		}
		strbuf_reset(&line);
	}
	strbuf_release(&line);
	return pclose(fp);
}

/* The cache text of @reldir: every command known below it ("" = all). */
static size_t cache_text(struct kbuild *kb, const char *reldir,
			 struct strbuf *cache)
{
	size_t i, n = strlen(reldir), nr = 0;

	for (i = 0; i < kb->table_size; i++) {
		struct kbuild_command *c = kb->table[i];

		if (!c || (n && (strncmp(c->relpath, reldir, n) ||
				 c->relpath[n] != '/')))
			continue;
		strbuf_addf(cache, "%s\t%s\n", c->relpath, c->line);
		nr++;
	}
	return nr;
}

static int run_make_dry(struct kbuild *kb, const char *reldir,
			struct strbuf *cache)
{
	struct strbuf targets = STRBUF_INIT;
	size_t before = kb->table_used;
	size_t nr_printed;
	char *log, *what;
	int status;

	free(kb->ext_dir);
	kb->ext_dir = NULL;
	if (kbuild_is_external(reldir)) {
		char *dir = xasprintf("%s/%s", kb->src, reldir);

		kb->ext_dir = kbuild_absolute(dir);
		free(dir);
		if (!kb->ext_dir) {
			error("'%s': %s", reldir, strerror(errno));
			return -1;
		}
		strbuf_addstr(&targets, "M=");
		shell_quote(&targets, kb->ext_dir);
	} else if (*reldir) {
		char *target = xasprintf("%s/", reldir);

		shell_quote(&targets, target);
		free(target);
	} else {
		strbuf_addstr(&targets, "drivers/ sound/");
	}
	what = xasprintf("%s/", *reldir ? reldir : ".");
	status = make_dry(kb, targets.buf, what, &nr_printed, &log);
	free(what);
	strbuf_release(&targets);
	/* -k: a dry run of a partly broken dir still helps */
	if (status && !nr_printed && kb->secondary) {
		/* The other trees still give flags: say so and go on. */
		warn("make -n %s/ in the kbuild tree '%s' failed: its %s commands are not used",
		     *reldir ? reldir : ".", kb->obj, kb->arch);
		unlink(log);
		free(log);
		return SECONDARY_BROKEN;
	}
	if (status && !nr_printed)
		make_broken(kb, reldir, status, log);
	unlink(log);
	free(log);
	cache_text(kb, reldir, cache);
	return kb->table_used > before || cache->len ? 0 : 1;
}

static void write_cache(struct kbuild *kb, const char *path,
			const struct strbuf *cache)
{
	char *dir = xasprintf("%s/.irqconv/commands", kb->obj);

	if (mkdir_p(dir) ||
	    write_file_atomic(path, cache->buf ? cache->buf : "", cache->len))
		warn("cannot write the command cache '%s': %s", path,
		     strerror(errno));
	free(dir);
}

/* Load @reldir from its cache when that is fresh; whether it was. */
static bool load_cached_dir(struct kbuild *kb, const char *reldir)
{
	char *path;
	bool loaded;

	if (kbuild_dir_loaded(kb, reldir))
		return true;
	path = cache_path(kb, reldir);
	loaded = cache_is_fresh(kb, path) &&
		 !kbuild_file_newer(kb, reldir, path) && !load_cache(kb, path);
	free(path);
	if (loaded)
		strvec_push(&kb->loaded_dirs, reldir);
	return loaded;
}

int kbuild_load_tree_dir(struct kbuild *kb, const char *reldir)
{
	struct strbuf cache = STRBUF_INIT;
	char *path;
	int got;

	if (load_cached_dir(kb, reldir))
		return 0;
	got = run_make_dry(kb, reldir, &cache);
	if (got < 0) {
		strbuf_release(&cache);
		return -1;
	}
	/* Not cached: the next run tries that tree again. */
	if (got != SECONDARY_BROKEN) {
		path = cache_path(kb, reldir);
		write_cache(kb, path, &cache);
		free(path);
	}
	strvec_push(&kb->loaded_dirs, reldir);
	strbuf_release(&cache);
	return 0;
}

/*
 * kbuild_load_tree_dir() of each of @dirs (in the tree, not an external
 * module's; "" is skipped) with one make.  kbuild's top-level work, the
 * configuration and its compiler probes, takes seconds per make and each
 * directory little, so a run over many directories pays it once.  When make
 * fails, a directory that printed no command is left for
 * kbuild_load_tree_dir() to load alone and say what is wrong.
 */
void kbuild_load_tree_dirs(struct kbuild *kb, const struct strvec *dirs)
{
	struct strbuf targets = STRBUF_INIT;
	struct strvec todo = STRVEC_INIT;
	size_t i, nr_printed;
	char *log, *what;
	int status;

	for (i = 0; i < dirs->nr; i++)
		if (*dirs->v[i] && !load_cached_dir(kb, dirs->v[i]) &&
		    !strvec_has(&todo, dirs->v[i]))
			strvec_push(&todo, dirs->v[i]);
	if (todo.nr < 2) {
		/* One directory alone costs the same make: on demand. */
		strvec_clear(&todo);
		return;
	}
	for (i = 0; i < todo.nr; i++) {
		char *target = xasprintf("%s/", todo.v[i]);

		strbuf_addch(&targets, ' ');
		shell_quote(&targets, target);
		free(target);
	}
	free(kb->ext_dir);
	kb->ext_dir = NULL;
	what = xasprintf("of %zu directories", todo.nr);
	status = make_dry(kb, targets.buf, what, &nr_printed, &log);
	free(what);
	strbuf_release(&targets);
	unlink(log);
	free(log);
	for (i = 0; i < todo.nr; i++) {
		struct strbuf cache = STRBUF_INIT;

		if (cache_text(kb, todo.v[i], &cache) || !status) {
			char *path = cache_path(kb, todo.v[i]);

			write_cache(kb, path, &cache);
			free(path);
			strvec_push(&kb->loaded_dirs, todo.v[i]);
		}
		strbuf_release(&cache);
	}
	strvec_clear(&todo);
}

int kbuild_load_dir(struct kbuild *kb, const char *reldir)
{
	struct kbuild *t;

	for (t = kb; t; t = kbuild_is_external(reldir) ? NULL : t->next)
		if (kbuild_load_tree_dir(t, reldir) < 0)
			return -1;
	return 0;
}

const char *kbuild_command_line(struct kbuild *kb, const char *relpath)
{
	struct kbuild_command *c = kbuild_table_get(kb, relpath);

	return c ? c->line : NULL;
}
