// SPDX-License-Identifier: GPL-2.0
/*
 * The kbuild module a C file is linked into, read from its directory's
 * Kbuild or Makefile: a patch is cut per module, so that one patch never
 * changes two drivers that happen to share a directory.
 */
#include <stdlib.h>
#include <string.h>

#include "patches/module.h"

/* Lists of objects that are not a module's parts (obj-y, lib-y, ...). */
static bool not_a_module(const char *lhs)
{
	static const char *const goals[] = {
		"obj-", "lib-", "extra-", "always-", "targets", "hostprogs",
		"userprogs", "subdir-", "ccflags-", "asflags-", "ldflags-",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(goals); i++)
		if (starts_with(lhs, goals[i]))
			return true;
	return lhs[0] == '$';
}

/*
 * NAME of `NAME-y`, `NAME-objs` or `NAME-$(CONFIG_X)`, or NULL when @lhs
 * names no composite object.
 */
static char *composite_name(const char *lhs)
{
	size_t n = strlen(lhs);
	const char *cfg = strstr(lhs, "-$(");

	if (not_a_module(lhs))
		return NULL;
	if (ends_with(lhs, "-y") && n > 2)
		return xstrndup(lhs, n - 2);
	if (ends_with(lhs, "-objs") && n > 5)
		return xstrndup(lhs, n - 5);
	if (cfg && cfg > lhs && ends_with(lhs, ")") && !strchr(cfg + 3, '$'))
		return xstrndup(lhs, cfg - lhs);
	return NULL;
}

/* Does the right-hand side @rhs list the object @obj? */
static bool lists_object(const char *rhs, const char *obj)
{
	size_t n = strlen(obj);
	const char *p;

	for (p = strstr(rhs, obj); p; p = strstr(p + 1, obj))
		if ((p == rhs || p[-1] == ' ' || p[-1] == '\t') &&
		    (!p[n] || p[n] == ' ' || p[n] == '\t'))
			return true;
	return false;
}

/* The module of one logical line (continuations joined), or NULL. */
static char *line_module(char *line, const char *obj)
{
	char *op = strchr(line, '='), *lhs, *end, *name;

	if (strchr(line, '#'))
		*strchr(line, '#') = '\0';
	if (!op || !lists_object(op + 1, obj))
		return NULL;
	end = op;
	if (end > line && strchr(":+?", end[-1]))
		end--;
	while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	lhs = line + strspn(line, " \t");
	if (end <= lhs)
		return NULL;
	lhs = xstrndup(lhs, end - lhs);
	name = composite_name(lhs);
	free(lhs);
	return name;
}

/* Join "\\\n" continuations in place, as make reads the lines. */
static void join_continuations(char *text)
{
	char *p;

	for (p = strstr(text, "\\\n"); p; p = strstr(p, "\\\n")) {
		p[0] = ' ';
		p[1] = ' ';
	}
}

static char *module_in(const char *makefile, const char *obj)
{
	char *text = read_file(makefile, NULL), *line, *save = NULL;
	char *name = NULL;

	if (!text)
		return NULL;
	join_continuations(text);
	for (line = strtok_r(text, "\n", &save); line && !name;
	     line = strtok_r(NULL, "\n", &save))
		name = line_module(line, obj);
	free(text);
	return name;
}

char *convert_module_of(const char *src, const char *relpath)
{
	static const char *const makefiles[] = { "Kbuild", "Makefile" };
	const char *slash = strrchr(relpath, '/');
	const char *base = slash ? slash + 1 : relpath;
	char *stem = xstrdup(base), *obj, *name = NULL;
	size_t i;

	if (strrchr(stem, '.'))
		*strrchr(stem, '.') = '\0';
	obj = xasprintf("%s.o", stem);
	for (i = 0; i < ARRAY_SIZE(makefiles) && !name; i++) {
		char *path = xasprintf("%s/%.*s%s%s", src,
				       slash ? (int)(slash - relpath) : 0,
				       relpath, slash ? "/" : "",
				       makefiles[i]);

		name = module_in(path, obj);
		free(path);
	}
	free(obj);
	if (!name)
		return stem;
	free(stem);
	return name;
}

/*
 * Call @fn on each logical line of the Kbuild and the Makefile of @dir
 * (relative to the tree @src), continuations joined, comments cut, until
 * it returns true; whether it did.
 */
static bool each_line(const char *src, const char *dir,
		      bool (*fn)(char *line, void *data), void *data)
{
	static const char *const makefiles[] = { "Kbuild", "Makefile" };
	bool done = false;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(makefiles) && !done; i++) {
		char *path = xasprintf("%s/%s/%s", src, dir, makefiles[i]);
		char *text = read_file(path, NULL), *line, *save = NULL;

		free(path);
		if (!text)
			continue;
		join_continuations(text);
		for (line = strtok_r(text, "\n", &save); line && !done;
		     line = strtok_r(NULL, "\n", &save)) {
			if (strchr(line, '#'))
				*strchr(line, '#') = '\0';
			done = strchr(line, '=') && fn(line, data);
		}
		free(text);
	}
	return done;
}

/* The left-hand side of @line, its assignment operator cut. */
static char *lhs_of(const char *line)
{
	const char *op = strchr(line, '='), *end = op;

	while (end > line && strchr(":+? \t", end[-1]))
		end--;
	line += strspn(line, " \t");
	return end > line ? xstrndup(line, end - line) : xstrdup("");
}

struct parts_query {
	const char *name;
	struct strvec *out;
	bool found;
};

/* The objects `NAME-objs := a.o b.o` lists, as "a", "b". */
static void add_objects(const char *rhs, struct strvec *out)
{
	char *copy = xstrdup(rhs), *tok, *save = NULL;

	for (tok = strtok_r(copy, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		const char *base = strrchr(tok, '/') ? strrchr(tok, '/') + 1 : tok;

		if (ends_with(base, ".o"))
			strvec_push_nodup(out, xstrndup(base, strlen(base) - 2));
	}
	free(copy);
}

static bool parts_line(char *line, void *data)
{
	struct parts_query *q = data;
	char *lhs = lhs_of(line), *name = composite_name(lhs);

	if (name && !strcmp(name, q->name)) {
		add_objects(strchr(line, '=') + 1, q->out);
		q->found = true;
	}
	free(name);
	free(lhs);
	return false;
}

void convert_module_parts(const char *src, const char *dir,
			  const char *module, struct strvec *objs)
{
	struct parts_query q = { module, objs, false };

	each_line(src, dir, parts_line, &q);
}

struct builds_query {
	const char *name;
	const char *besides;	/* a composite that does not count */
	bool objects;		/* look in the composites' objects */
};

static bool builds_line(char *line, void *data)
{
	struct builds_query *q = data;
	char *lhs = lhs_of(line), *name = composite_name(lhs);
	char *obj = xasprintf("%s.o", q->name);
	bool hit;

	if (q->objects)
		hit = name && strcmp(name, q->besides) &&
		      lists_object(strchr(line, '=') + 1, obj);
	else
		hit = (starts_with(lhs, "obj-") &&
		       lists_object(strchr(line, '=') + 1, obj)) ||
		      (name && !strcmp(name, q->name));
	free(obj);
	free(name);
	free(lhs);
	return hit;
}

bool convert_dir_builds(const char *src, const char *dir, const char *name)
{
	struct builds_query q = { name, "", false };

	return each_line(src, dir, builds_line, &q);
}

bool convert_object_shared(const char *src, const char *dir, const char *obj,
			   const char *module)
{
	struct builds_query q = { obj, module, true };

	return each_line(src, dir, builds_line, &q);
}
