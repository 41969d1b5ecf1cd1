// SPDX-License-Identifier: GPL-2.0
/*
 * The kbuild module a C file is linked into, read from its directory's
 * Kbuild or Makefile: a patch is cut per module, so that one patch never
 * changes two drivers that happen to share a directory.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/module.h"

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
