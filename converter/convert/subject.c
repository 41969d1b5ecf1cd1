// SPDX-License-Identifier: GPL-2.0
/*
 * The subject prefix of a driver's patch, as its subsystem writes them
 * ("net: atl2: ", "Input: mk712 - "), from the table in subjects.def.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/subject.h"

struct subject_rule {
	const char *path;
	const char *tag;
	const char *sep;
	const char *strip_prefix;
	const char *strip_suffix;
};

static const struct subject_rule rules[] = {
#define SUBJECT(path, tag, sep, pre, suf) { path, tag, sep, pre, suf },
#include "convert/subjects.def"
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

/* @module without the affixes its subsystem leaves out of subjects. */
static char *short_name(const char *module, const struct subject_rule *r)
{
	const char *s = module;
	size_t n;

	if (*r->strip_prefix && starts_with(s, r->strip_prefix) &&
	    s[strlen(r->strip_prefix)])
		s += strlen(r->strip_prefix);
	n = strlen(s);
	if (*r->strip_suffix && ends_with(s, r->strip_suffix) &&
	    n > strlen(r->strip_suffix))
		n -= strlen(r->strip_suffix);
	return xstrndup(s, n);
}

char *convert_subject_prefix(const char *dir, const char *module)
{
	char *key = xasprintf("%s/%s", dir, module), *name, *ret;
	const struct subject_rule *r = rule_for(key);
	const char *sub;

	free(key);
	if (r) {
		name = short_name(module, r);
		ret = xasprintf("%s%s%s ", r->tag, name, r->sep);
		free(name);
		return ret;
	}
	/* drivers/SUBSYSTEM/...: the directory names the subsystem. */
	if (starts_with(dir, "drivers/") && dir[8]) {
		sub = dir + 8;
		return xasprintf("%.*s: %s: ", (int)strcspn(sub, "/"), sub,
				 module);
	}
	return xasprintf("%s: ", module);
}
