// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rewrite/kernel-tree.h"
#include "shell-words.h"

/* The standard output of sh -c @cmd, or NULL when it fails. */
static char *run_output(const char *cmd)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;
	FILE *fp = popen(cmd, "r");

	if (!fp)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf_add(&sb, buf, n);
	if (pclose(fp)) {
		strbuf_release(&sb);
		return NULL;
	}
	return sb.buf ? strbuf_detach(&sb) : xstrdup("");
}

/* "git -C @src " and the rest, quoted. */
static char *git_in(const char *src, const char *args)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "git -C ");
	shell_quote(&sb, src);
	strbuf_addf(&sb, " %s", args);
	return strbuf_detach(&sb);
}

static bool is_git_top(const char *src)
{
	char *cmd = git_in(src, "rev-parse --show-toplevel 2>/dev/null");
	char *top = run_output(cmd), real_top[PATH_MAX], real_src[PATH_MAX];
	bool ret = false;

	if (top) {
		top[strcspn(top, "\n")] = '\0';
		ret = realpath(top, real_top) && realpath(src, real_src) &&
		      !strcmp(real_top, real_src);
	}
	free(top);
	free(cmd);
	return ret;
}

/* The blob of @path in `git ls-tree` output @tree, NULL if not there. */
static const char *tree_blob(const char *tree, const char *path)
{
	const char *line, *tab;

	for (line = tree; line && *line; line = strchr(line, '\n')) {
		if (*line == '\n')
			line++;
		tab = strchr(line, '\t');
		if (!tab || strncmp(tab + 1, path, strlen(path)) ||
		    (tab[1 + strlen(path)] != '\n' && tab[1 + strlen(path)]))
			continue;
		/* "100644 blob <id>\t<path>" */
		if (tab - line > 40)
			return tab - 40;
	}
	return NULL;
}

char *kernel_tree_base_commit(const char *src, const struct strvec *paths,
			      const struct strvec *blobs)
{
	struct strbuf args = STRBUF_INIT;
	char *cmd, *head = NULL, *tree = NULL;
	const char *id;
	size_t i;

	if (!is_git_top(src))
		return NULL;
	cmd = git_in(src, "rev-parse --verify -q 'HEAD^{commit}'");
	head = run_output(cmd);
	free(cmd);
	if (!head || strlen(head) < 40)
		goto fail;
	head[strcspn(head, "\n")] = '\0';
	strbuf_addstr(&args, "ls-tree HEAD --");
	for (i = 0; i < paths->nr; i++) {
		strbuf_addch(&args, ' ');
		shell_quote(&args, paths->v[i]);
	}
	cmd = git_in(src, args.buf);
	tree = run_output(cmd);
	free(cmd);
	for (i = 0; tree && i < paths->nr; i++) {
		id = tree_blob(tree, paths->v[i]);
		if (!id || strncmp(id, blobs->v[i], 40)) {
			warn("'%s/%s' is not the file of the tree's HEAD: the cover letter gets no base-commit",
			     src, paths->v[i]);
			goto fail;
		}
	}
	if (!tree)
		goto fail;
	free(tree);
	strbuf_release(&args);
	return head;
fail:
	free(tree);
	free(head);
	strbuf_release(&args);
	return NULL;
}

bool kernel_tree_has_maintainers(const char *src)
{
	char *m = xasprintf("%s/MAINTAINERS", src);
	char *s = xasprintf("%s/scripts/get_maintainer.pl", src);
	bool ret = !access(m, R_OK) && !access(s, R_OK);

	free(m);
	free(s);
	return ret;
}

/* Whether a get_maintainer.pl role list names someone who takes the patch. */
static bool role_takes_patch(const char *roles)
{
	static const char *const takers[] = {
		"maintainer:", "supporter:", "odd fixer:", "chief penguin",
	};
	const char *r;
	size_t i;

	for (r = roles; r; r = strchr(r, ',')) {
		if (*r == ',')
			r++;
		for (i = 0; i < ARRAY_SIZE(takers); i++)
			if (starts_with(r, takers[i]))
				return true;
	}
	return false;
}

/*
 * "Name <addr> (role:SECTION,...)": the address to @to or @cc.  The role
 * list is the first parenthesis after the address: a section name has
 * parentheses of its own ("MULTIMEDIA CARD (MMC), SECURE DIGITAL (SD)...").
 */
static void take_line(char *line, struct strvec *to, struct strvec *cc)
{
	char *gt = strchr(line, '>');
	char *open = strstr(gt ? gt : line, " (");
	size_t n = strlen(line);
	bool takes = false;

	if (open && n && line[n - 1] == ')') {
		line[n - 1] = '\0';
		takes = role_takes_patch(open + 2);
		*open = '\0';
	}
	if (*line)
		strvec_push(takes ? to : cc, line);
}

int kernel_tree_maintainers(const char *src, const char *patch,
			    struct strvec *to, struct strvec *cc)
{
	const char *tmpdir = getenv("TMPDIR");
	char *tmp = xasprintf("%s/irqconv-patch-XXXXXX",
			      tmpdir && *tmpdir ? tmpdir : "/tmp");
	struct strbuf cmd = STRBUF_INIT;
	char *out = NULL, *line, *save = NULL;
	size_t len = strlen(patch);
	int fd = mkstemp(tmp), ret = -1;

	if (fd < 0 || write(fd, patch, len) != (ssize_t)len) {
		warn("cannot write '%s' for get_maintainer.pl: %s", tmp,
		     strerror(errno));
		goto out;
	}
	strbuf_addstr(&cmd, "cd ");
	shell_quote(&cmd, src);
	/* --no-git: MAINTAINERS alone decides, not the history. */
	strbuf_addstr(&cmd, " && perl scripts/get_maintainer.pl");
	strbuf_addstr(&cmd, " --no-git --no-git-fallback ");
	shell_quote(&cmd, tmp);
	strbuf_addstr(&cmd, " 2>/dev/null");
	out = run_output(cmd.buf);
	if (!out) {
		warn("'%s/scripts/get_maintainer.pl' failed: the patch gets no To or Cc",
		     src);
		goto out;
	}
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		take_line(line, to, cc);
	ret = 0;
out:
	if (fd >= 0) {
		close(fd);
		unlink(tmp);
	}
	free(out);
	free(tmp);
	strbuf_release(&cmd);
	return ret;
}
