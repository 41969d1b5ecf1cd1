// SPDX-License-Identifier: GPL-2.0
/*
 * The subject prefix of a driver's patch, as its subsystem writes them
 * ("net: atl2: ", "Input: mk712 - "), from the table in subjects.def and
 * the driver's name, which is not always its kbuild module's
 * (docs/convert.md, "Subjects").
 */
#include <stdlib.h>
#include <string.h>

#include "patches/module.h"
#include "patches/subject.h"

struct subject_rule {
	const char *path;
	const char *tag;
	const char *sep;
	const char *strip_prefix;
	const char *strip_suffix;	/* several, separated by spaces */
};

static const struct subject_rule rules[] = {
#define SUBJECT(path, tag, sep, pre, suf) { path, tag, sep, pre, suf },
#include "patches/subjects.def"
#undef SUBJECT
};

/* The row with the longest path prefix of @key, or NULL. */
static const struct subject_rule *rule_for(const char *key)
{
	const struct subject_rule *best = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rules); i++)
		if (starts_with(key, rules[i].path) &&
		    (!best || strlen(rules[i].path) > strlen(best->path)))
			best = &rules[i];
	return best;
}

/* @name without the affixes its subsystem leaves out of subjects. */
static char *short_name(const char *name, const struct subject_rule *r)
{
	char *suffixes = xstrdup(r->strip_suffix), *suf, *save = NULL;
	const char *s = name;
	size_t n;

	if (*r->strip_prefix && starts_with(s, r->strip_prefix) &&
	    s[strlen(r->strip_prefix)])
		s += strlen(r->strip_prefix);
	n = strlen(s);
	for (suf = strtok_r(suffixes, " ", &save); suf;
	     suf = strtok_r(NULL, " ", &save))
		if (n > strlen(suf) && !strncmp(s + n - strlen(suf), suf,
						strlen(suf))) {
			n -= strlen(suf);
			break;
		}
	free(suffixes);
	return xstrndup(s, n);
}

/*
 * The directory of the subsystem: the row's directory, or drivers/X
 * without a row; "" outside drivers/.
 */
static char *subsystem_dir(const struct subject_rule *r, const char *dir)
{
	if (r)
		return xstrndup(r->path, strrchr(r->path, '/') - r->path);
	if (starts_with(dir, "drivers/") && dir[8])
		return xstrndup(dir, 8 + strcspn(dir + 8, "/"));
	return xstrdup("");
}

static bool family_sep(char c)
{
	return c == '_' || c == '-';
}

/*
 * A composite module that links a core object shared with another module
 * of its directory and objects named after that core (thunderx-mmc:
 * cavium.o, which octeon-mmc links too, and cavium-thunderx.o) is that
 * core's driver.
 */
static char *shared_core(const char *src, const char *dir, const char *module)
{
	struct strvec objs = STRVEC_INIT;
	char *name = NULL;
	size_t i, j;

	convert_module_parts(src, dir, module, &objs);
	for (i = 0; i < objs.nr && !name; i++) {
		size_t n = strlen(objs.v[i]);
		bool family = objs.nr > 1;

		for (j = 0; j < objs.nr; j++)
			if (j != i)
				family &= !strncmp(objs.v[j], objs.v[i], n) &&
					  family_sep(objs.v[j][n]);
		if (family && convert_object_shared(src, dir, objs.v[i], module))
			name = xstrdup(objs.v[i]);
	}
	strvec_clear(&objs);
	return name;
}

/* Whether @dir builds the core module of the driver @name. */
static bool builds_core(const char *src, const char *dir, const char *name)
{
	static const char *const cores[] = { "%s-core", "%s_core", "%s_main" };
	bool found = false;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cores) && !found; i++) {
		char *core = xasprintf(cores[i], name);

		found = convert_dir_builds(src, dir, core);
		free(core);
	}
	return found;
}

/*
 * The driver a module is part of, when its directory builds that
 * driver's core module (hisi_sas_v1_hw and hisi_sas_main:
 * hisi_sas), or it is that core (i2c-designware-core: i2c-designware);
 * never the subsystem's own core (drivers/rtc builds rtc-core).
 */
static char *core_family(const char *src, const char *dir, const char *module,
			 const char *subsys)
{
	static const char *const core_suffixes[] = { "-core", "_core", "_main" };
	const char *sub = strrchr(subsys, '/') ? strrchr(subsys, '/') + 1 : "";
	size_t n = strlen(module), i;

	for (i = 0; i < ARRAY_SIZE(core_suffixes); i++) {
		size_t k = strlen(core_suffixes[i]);

		if (n > k && !strcmp(module + n - k, core_suffixes[i]))
			return xstrndup(module, n - k);
	}
	for (i = n; i-- > 1;) {
		char *name;

		if (!family_sep(module[i]))
			continue;
		name = xstrndup(module, i);
		/* rtc-core is the subsystem's, not rtc-mxc_v2's driver's. */
		if (strcmp(name, sub) && builds_core(src, dir, name))
			return name;
		free(name);
	}
	return NULL;
}

/*
 * A module of a driver's own directory, below its subsystem's, named
 * after the directory, which builds the driver's module of that name
 * (drivers/net/can/c_can: c_can_platform and c_can): the directory's name.
 */
static char *driver_dir(const char *src, const char *dir, const char *module,
			const char *subsys)
{
	const char *base = strrchr(dir, '/');
	size_t n;

	if (!base || !*subsys || !starts_with(dir, subsys) ||
	    dir[strlen(subsys)] != '/')
		return NULL;
	base++;
	n = strlen(base);
	if (strncmp(module, base, n) || !family_sep(module[n]) ||
	    !convert_dir_builds(src, dir, base))
		return NULL;
	return xstrdup(base);
}

/* The name of the driver the kbuild module @module of @dir is. */
static char *driver_name(const char *src, const char *dir, const char *module,
			 const char *subsys)
{
	char *name = shared_core(src, dir, module);

	if (!name)
		name = core_family(src, dir, module, subsys);
	if (!name)
		name = driver_dir(src, dir, module, subsys);
	return name ? name : xstrdup(module);
}

char *convert_subject_prefix(const char *src, const char *dir,
			     const char *module, const struct strvec *also)
{
	char *key = xasprintf("%s/%s", dir, module), *subsys, *ret;
	const struct subject_rule *r = rule_for(key);
	struct strvec names = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	size_t i, j;

	free(key);
	subsys = subsystem_dir(r, dir);
	for (i = 0; i <= also->nr; i++) {
		const char *m = i ? also->v[i - 1] : module;
		char *name = driver_name(src, dir, m, subsys);
		bool seen = false;

		if (r) {
			char *s = short_name(name, r);

			free(name);
			name = s;
		}
		for (j = 0; j < names.nr; j++)
			seen |= !strcmp(names.v[j], name);
		if (!seen)
			strbuf_addf(&sb, "%s%s", names.nr ? ", " : "", name);
		strvec_push_nodup(&names, name);
	}
	if (r)
		ret = xasprintf("%s%s%s ", r->tag, sb.buf, r->sep);
	else if (*subsys && strcmp(subsys + 8, sb.buf))
		ret = xasprintf("%s: %s: ", subsys + 8, sb.buf);
	else
		ret = xasprintf("%s: ", sb.buf);
	strvec_clear(&names);
	strbuf_release(&sb);
	free(subsys);
	return ret;
}
