// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convert/cocci.h"
#include "shell-words.h"

#ifndef IRQCONV_COCCI_DIR
#define IRQCONV_COCCI_DIR "semantic-patches"
#endif

static const char *cocci_dir(void)
{
	const char *dir = getenv("IRQCONV_COCCI_DIR");

	return dir ? dir : IRQCONV_COCCI_DIR;
}

/*
 * Run @rule (a file of cocci_dir()) with spatch on a copy of @path, with
 * @defines after -D patch.  The result is the whole file as spatch wrote it.
 */
static int run_rule(const char *rule_name, const char *defines,
		    const char *path, const char *handler, char **out,
		    size_t *out_len, char **err)
{
	char tmpl[] = "/tmp/irqconv-cocci.XXXXXX";
	struct strbuf cmd = STRBUF_INIT;
	char *rule, *result, *orig = NULL;
	size_t orig_len;
	int status;

	*out = NULL;
	rule = xasprintf("%s/%s", cocci_dir(), rule_name);
	if (access(rule, R_OK)) {
		*err = xasprintf("cannot read the semantic patch '%s': %s",
				 rule, strerror(errno));
		free(rule);
		return -1;
	}
	if (!mkdtemp(tmpl)) {
		*err = xasprintf("cannot make a temporary directory: %s",
				 strerror(errno));
		free(rule);
		return -1;
	}
	result = xasprintf("%s/%s", tmpl, strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	orig = read_file(path, &orig_len);
	if (!orig || write_file_atomic(result, orig, orig_len)) {
		*err = xasprintf("cannot copy '%s' for spatch: %s", path,
				 strerror(errno));
		goto out;
	}
	strbuf_addstr(&cmd, "spatch --very-quiet --no-includes --include-headers --sp-file ");
	shell_quote(&cmd, rule);
	strbuf_addf(&cmd, " -D patch %s --in-place ", defines);
	shell_quote(&cmd, result);
	/* spatch's chatter about metavariables is not ours to show */
	strbuf_addstr(&cmd, " >/dev/null 2>&1");
	status = system(cmd.buf);
	*out = read_file(result, out_len);
	if (status || !*out) {
		*err = xasprintf("spatch failed on '%s' (%s)", path, cmd.buf);
		free(*out);
		*out = NULL;
	} else if (orig && *out_len == orig_len && !memcmp(orig, *out, orig_len)) {
		*err = xasprintf("the semantic patch found no request of %s() to rewrite",
				 handler);
		free(*out);
		*out = NULL;
	}
out:
	unlink(result);
	rmdir(tmpl);
	free(orig);
	free(result);
	free(rule);
	strbuf_release(&cmd);
	return *out ? 0 : -1;
}

int cocci_request_to_threaded(const char *path, const char *handler,
			      const char *quick, const char *thread,
			      bool oneshot, char **out, size_t *out_len,
			      char **err)
{
	char *defines = xasprintf("-D handler=%s -D quick=%s -D thread=%s%s",
				  handler, quick, thread,
				  oneshot ? " -D oneshot" : "");
	int ret = run_rule("request_irq_to_threaded.cocci", defines, path,
			   handler, out, out_len, err);

	free(defines);
	return ret;
}

int cocci_request_to_quickcheck(const char *path, const char *handler,
				const char *quick, char **out, size_t *out_len,
				char **err)
{
	char *defines = xasprintf("-D handler=%s -D quick=%s", handler, quick);
	int ret = run_rule("request_irq_to_quickcheck.cocci", defines, path,
			   handler, out, out_len, err);

	free(defines);
	return ret;
}

bool same_but_whitespace(const char *a, size_t alen, const char *b,
			 size_t blen)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < alen && isspace((unsigned char)a[i]))
			i++;
		while (j < blen && isspace((unsigned char)b[j]))
			j++;
		if (i == alen || j == blen)
			return i == alen && j == blen;
		if (a[i++] != b[j++])
			return false;
	}
}
