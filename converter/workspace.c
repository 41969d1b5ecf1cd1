// SPDX-License-Identifier: GPL-2.0
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "workspace.h"

#ifndef IRQCONV_BUILD_DIR
#define IRQCONV_BUILD_DIR "build"
#endif

void workspace_opts_init(struct workspace_opts *wo)
{
	wo->kernel = getenv("IRQCONV_KERNEL");
	if (!wo->kernel)
		wo->kernel = IRQCONV_BUILD_DIR "/linux-6.1";
	wo->kbuild = getenv("IRQCONV_KBUILD");
	if (!wo->kbuild)
		wo->kbuild = IRQCONV_BUILD_DIR "/kbuild-6.1";
	wo->kbuild_arm64 = getenv("IRQCONV_KBUILD_ARM64");
}

/* The arm64 tree to chain after the first one, or NULL. */
static char *arm64_tree(const struct workspace_opts *wo)
{
	char *obj, *stamp;
	bool prepared;

	if (wo->kbuild_arm64)
		return strcmp(wo->kbuild_arm64, "none") ?
		       xstrdup(wo->kbuild_arm64) : NULL;
	obj = xasprintf("%s-arm64", wo->kbuild);
	stamp = xasprintf("%s/.irqconv-prepared", obj);
	prepared = !access(stamp, F_OK);
	free(stamp);
	if (prepared)
		return obj;
	free(obj);
	return NULL;
}

int workspace_open(const struct workspace_opts *wo, struct kbuild *kb)
{
	char *arm64;
	int ret;

	if (kbuild_open(kb, wo->kernel, wo->kbuild))
		return -1;
	arm64 = arm64_tree(wo);
	ret = arm64 ? kbuild_add_tree(kb, arm64) : 0;
	free(arm64);
	if (ret)
		kbuild_close(kb);
	return ret;
}

bool workspace_option(int opt, const char *arg, struct workspace_opts *wo)
{
	if (opt == 'K')
		wo->kernel = arg;
	else if (opt == 'O')
		wo->kbuild = arg;
	else if (opt == WORKSPACE_OPT_ARM64)
		wo->kbuild_arm64 = arg;
	else
		return false;
	return true;
}

int workspace_for_each_file(int argc, char **argv, const char *usage,
			    int (*fn)(struct kbuild *kb, const char *relpath,
				      void *data),
			    void *data)
{
	static const struct option options[] = {
		WORKSPACE_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct workspace_opts wo;
	struct kbuild kb;
	int opt, i, ret = 0;

	workspace_opts_init(&wo);
	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		if (workspace_option(opt, optarg, &wo))
			continue;
		if (opt == 'h') {
			fputs(usage, stdout);
			return 0;
		}
		fputs(usage, stderr);
		return 2;
	}
	if (optind == argc) {
		fputs(usage, stderr);
		return 2;
	}
	if (workspace_open(&wo, &kb))
		return 2;
	for (i = optind; i < argc; i++) {
		char *rel = kbuild_relpath(&kb, argv[i]);
		int status;

		if (!rel)
			rel = kbuild_external_relpath(&kb, argv[i]);
		if (!rel) {
			error("'%s': no such file in the kernel tree '%s' or an external module directory",
			      argv[i], kb.src);
			status = 2;
		} else if (!ends_with(rel, ".c")) {
			error("'%s' is not a C file", argv[i]);
			status = 2;
		} else {
			status = fn(&kb, rel, data);
		}
		if (status > ret)
			ret = status;
		free(rel);
	}
	kbuild_close(&kb);
	return ret;
}
