// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"

char *fuzz_string(const uint8_t *data, size_t size)
{
	return xstrndup((const char *)data, size);
}

size_t fuzz_split(const uint8_t *data, size_t size, char **parts, size_t max)
{
	const char *p = (const char *)data, *end = p + size;
	size_t n = 0;

	while (n + 1 < max) {
		const char *nul = memchr(p, '\0', end - p);

		if (!nul)
			break;
		parts[n++] = xstrndup(p, nul - p);
		p = nul + 1;
	}
	/* The last part keeps NULs out: it is a C string like the others. */
	parts[n++] = xstrndup(p, end - p);
	return n;
}

void fuzz_free_parts(char **parts, size_t n)
{
	while (n)
		free(parts[--n]);
}

static char *tmpdir;

static void remove_tmpdir(void)
{
	char *cmd = xasprintf("rm -rf '%s'", tmpdir);

	if (system(cmd))
		fprintf(stderr, "fuzz: cannot remove '%s'\n", tmpdir);
	free(cmd);
}

const char *fuzz_tmpdir(void)
{
	const char *base = getenv("TMPDIR");

	if (tmpdir)
		return tmpdir;
	tmpdir = xasprintf("%s/irqconv-fuzz.XXXXXX", base ? base : "/tmp");
	if (!mkdtemp(tmpdir))
		die("cannot make a directory '%s'", tmpdir);
	atexit(remove_tmpdir);
	return tmpdir;
}

void fuzz_put(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);

	if (!text)
		unlink(path);
	else if (write_file_atomic(path, text, strlen(text)))
		die("cannot write '%s'", path);
	free(path);
}

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("fuzz: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}
