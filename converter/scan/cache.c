// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "scan/cache.h"

#ifndef IRQCONV_VERSION
#define IRQCONV_VERSION "unknown"
#endif

/*
 * The version string does not change between two builds of one commit; the
 * program itself does, and an analysis change must not reuse old results.
 */
static unsigned long long binary_hash(void)
{
	static unsigned long long h;
	size_t len;
	char *data;

	if (h)
		return h;
	data = read_file("/proc/self/exe", &len);
	h = data ? hash_bytes(HASH_INIT, data, len) : 1;
	free(data);
	return h;
}

char *scan_cache_path(struct kbuild *kb, const char *relpath)
{
	struct strvec args = STRVEC_INIT;
	unsigned long long h = HASH_INIT;
	char *path, *data;
	size_t len, i;
	bool in_config;

	if (kbuild_parse_args(kb, relpath, &args, &in_config) < 0)
		return NULL;
	h = hash_bytes(h, IRQCONV_VERSION, strlen(IRQCONV_VERSION) + 1);
	h ^= binary_hash();
	h = hash_bytes(h, relpath, strlen(relpath) + 1);
	h = hash_bytes(h, &in_config, sizeof(in_config));
	for (i = 0; i < args.nr; i++)
		h = hash_bytes(h, args.v[i], strlen(args.v[i]) + 1);
	strvec_clear(&args);
	path = xasprintf("%s/%s", kb->src, relpath);
	data = read_file(path, &len);
	free(path);
	if (data)
		h = hash_bytes(h, data, len);
	free(data);
	return xasprintf("%s/.irqconv/scan-cache/%016llx", kb->obj, h);
}
