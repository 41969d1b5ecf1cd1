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
	wo->other_arches = getenv("IRQCONV_OTHER_ARCHES");
}

/*
 * arm64 first: most SoC drivers build there, with the options 32-bit arm
 * shares; then the ARMv7 platforms, 64-bit powerpc and mips, and i386 for
 * ISA and the other 32-bit x86 drivers; last the variants, for what only
 * ARMv4/v5 or 32-bit PowerPC platforms build.
 */
const char *const workspace_arches[] = {
	"arm64", "arm", "powerpc", "mips", "i386", "armv5", "ppc32", NULL,
};

/* Whether @arch is in the comma-separated @list. */
static bool arch_listed(const char *list, const char *arch)
{
	size_t len = strlen(arch);
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == len && !strncmp(p, arch, len))
			return true;
		p += n + (p[n] == ',');
	}
	return false;
}

static bool arch_known(const char *arch, size_t len)
{
	size_t i;

	for (i = 0; workspace_arches[i]; i++)
		if (strlen(workspace_arches[i]) == len &&
		    !strncmp(arch, workspace_arches[i], len))
			return true;
	return false;
}

static int check_arches(const char *list)
{
	const char *p = list;

	if (!strcmp(list, "none"))
		return 0;
	while (*p) {
		size_t n = strcspn(p, ",");

		if (!arch_known(p, n)) {
			error("--other-arches: unknown architecture '%.*s' (arm64, arm, armv5, powerpc, ppc32, mips, i386 or none)",
			      (int)n, p);
			return -1;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

/*
 * The tree of @arch to chain after the first one, or NULL.  A tree the
 * user named must be prepared; a default one is used only when it is.
 */
static char *arch_tree(const struct workspace_opts *wo, const char *arch,
		       int *err)
{
	char *obj, *stamp;
	bool prepared;

	if (wo->other_arches && !arch_listed(wo->other_arches, arch))
		return NULL;
	if (!strcmp(arch, "arm64") && wo->kbuild_arm64)
		return strcmp(wo->kbuild_arm64, "none") ?
		       xstrdup(wo->kbuild_arm64) : NULL;
	obj = xasprintf("%s-%s", wo->kbuild, arch);
	stamp = xasprintf("%s/.irqconv-prepared", obj);
	prepared = !access(stamp, F_OK);
	free(stamp);
	if (prepared)
		return obj;
	if (wo->other_arches) {
		error("kbuild tree '%s' is not prepared (make workspace)", obj);
		*err = -1;
	}
	free(obj);
	return NULL;
}

int workspace_open(const struct workspace_opts *wo, struct kbuild *kb)
{
	int ret = 0;
	size_t i;

	if (wo->other_arches && check_arches(wo->other_arches))
		return -1;
	if (kbuild_open(kb, wo->kernel, wo->kbuild))
		return -1;
	for (i = 0; workspace_arches[i] && !ret; i++) {
		char *obj = arch_tree(wo, workspace_arches[i], &ret);

		if (obj)
			ret = kbuild_add_tree(kb, obj);
		free(obj);
	}
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
	else if (opt == WORKSPACE_OPT_ARCHES)
		wo->other_arches = arg;
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
	struct strvec wanted = STRVEC_INIT;
	struct workspace_opts wo;
	struct kbuild kb;
	int opt, i, ret = 0;
	char **rels;

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
	rels = xcalloc(argc, sizeof(*rels));
	for (i = optind; i < argc; i++) {
		rels[i] = kbuild_input_relpath(&kb, argv[i]);
		if (rels[i] && ends_with(rels[i], ".c"))
			strvec_push(&wanted, rels[i]);
	}
	kbuild_preload(&kb, &wanted);
	strvec_clear(&wanted);
	for (i = optind; i < argc; i++) {
		int status;

		if (!rels[i]) {
			error("'%s': no such file in the kernel tree '%s' or an external module directory",
			      argv[i], kb.src);
			status = 2;
		} else if (!ends_with(rels[i], ".c")) {
			error("'%s' is not a C file", argv[i]);
			status = 2;
		} else {
			status = fn(&kb, rels[i], data);
		}
		if (status > ret)
			ret = status;
		free(rels[i]);
	}
	free(rels);
	kbuild_close(&kb);
	return ret;
}
