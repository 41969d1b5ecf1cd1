// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
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
 * What spatch said went wrong: its first line that is not a warning about
 * the rule (those come on every run); "" when there is none.
 */
static char *spatch_complaint(const char *log)
{
	char *text = read_file(log, NULL), *line, *next, *ret = NULL;

	for (line = text; line && *line && !ret; line = next) {
		size_t n = strcspn(line, "\n");

		next = line + n + (line[n] == '\n');
		if (n && !starts_with(line, "warning: "))
			ret = xstrndup(line, n);
	}
	free(text);
	return ret ? ret : xstrdup("");
}

/*
 * spatch could not do its job (it is missing, cannot run the OCaml script
 * rules, or the rule does not parse): no site is at fault, so the run ends
 * here instead of refusing the site.  Nothing has been written yet, and
 * spatch's temporary directory @tmpdir goes.
 */
static void __attribute__((noreturn))
spatch_broken(const char *rule, const char *path, int status, char *tmpdir)
{
	char *log = xasprintf("%s/spatch.log", tmpdir);
	char *why = spatch_complaint(log);

	unlink(log);
	rmdir(tmpdir);
	die("spatch cannot run '%s' on '%s' (%s %d%s%s): run 'make deps', its self-check names the missing package",
	    rule, path, WIFEXITED(status) ? "exit status" : "wait status",
	    WIFEXITED(status) ? WEXITSTATUS(status) : status,
	    *why ? ": " : "", why);
}

/*
 * Run @rule (a file of cocci_dir()) with spatch on a copy of @path, with
 * @defines after -D patch.  The result is the whole file as spatch wrote it;
 * -1 with *err set when the rule changes nothing.  When spatch or what it
 * needs is missing, the run ends here (die()): that is no fault of @path.
 */
static int run_rule(const char *rule_name, const char *defines,
		    const char *path, const char *handler, char **out,
		    size_t *out_len, char **err)
{
	char tmpl[] = "/tmp/irqconv-cocci.XXXXXX";
	struct strbuf cmd = STRBUF_INIT;
	char *rule, *result, *log, *orig;
	size_t orig_len;
	int status;

	*out = NULL;
	rule = xasprintf("%s/%s", cocci_dir(), rule_name);
	if (access(rule, R_OK))
		die("cannot read the semantic patch '%s': %s (IRQCONV_COCCI_DIR names the semantic-patches/ directory)",
		    rule, strerror(errno));
	orig = read_file(path, &orig_len);
	if (!orig)
		die("cannot read '%s': %s", path, strerror(errno));
	if (!mkdtemp(tmpl))
		die("cannot make a temporary directory for spatch: %s",
		    strerror(errno));
	result = xasprintf("%s/%s", tmpl, strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	log = xasprintf("%s/spatch.log", tmpl);
	if (write_file_atomic(result, orig, orig_len)) {
		rmdir(tmpl);
		die("cannot copy '%s' to '%s' for spatch: %s", path, result,
		    strerror(errno));
	}
	strbuf_addstr(&cmd, "spatch --very-quiet --no-includes --include-headers --sp-file ");
	shell_quote(&cmd, rule);
	strbuf_addf(&cmd, " -D patch %s --in-place ", defines);
	shell_quote(&cmd, result);
	/* spatch's chatter about metavariables is not ours to show */
	strbuf_addstr(&cmd, " >/dev/null 2>");
	shell_quote(&cmd, log);
	status = system(cmd.buf);
	if (!status)
		*out = read_file(result, out_len);
	unlink(result);
	if (status || !*out) {
		spatch_broken(rule, path, status ? status : -1, tmpl);
	} else if (*out_len == orig_len && !memcmp(orig, *out, orig_len)) {
		*err = xasprintf("the semantic patch found no request of %s() to rewrite",
				 handler);
		free(*out);
		*out = NULL;
	}
	unlink(log);
	rmdir(tmpl);
	free(orig);
	free(result);
	free(log);
	free(rule);
	strbuf_release(&cmd);
	return *out ? 0 : -1;
}

int cocci_request_to_threaded(const char *path, unsigned int line,
			      const char *handler, const char *quick,
			      const char *thread, bool oneshot,
			      bool sharers_agree, char **out, size_t *out_len,
			      char **err)
{
	char *defines = xasprintf("-D handler=%s -D quick=%s -D thread=%s -D at_line=%u%s%s",
				  handler, quick, thread, line,
				  oneshot ? " -D oneshot" : "",
				  sharers_agree ? " -D sharers_agree" : "");
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
