// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

const char *progname = "irqconv";

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s", progname, prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap);
	va_end(ap);
	exit(2);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		die("out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		die("out of memory");
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		die("out of memory");
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return strbuf_detach(&sb);
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->len + extra + 1 <= sb->alloc)
		return;
	sb->alloc = (sb->len + extra + 1) * 3 / 2 + 16;
	sb->buf = xrealloc(sb->buf, sb->alloc);
}

void strbuf_add(struct strbuf *sb, const char *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		die("vsnprintf failed");
	strbuf_grow(sb, n);
	vsnprintf(sb->buf + sb->len, n + 1, fmt, ap);
	sb->len += n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

char *strbuf_detach(struct strbuf *sb)
{
	char *s = sb->buf ? sb->buf : xstrdup("");

	sb->buf = NULL;
	sb->len = sb->alloc = 0;
	return s;
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
}

void strvec_push_nodup(struct strvec *sv, char *s)
{
	if (sv->nr + 2 > sv->alloc) {
		sv->alloc = sv->alloc * 2 + 8;
		sv->v = xrealloc(sv->v, sv->alloc * sizeof(*sv->v));
	}
	sv->v[sv->nr++] = s;
	sv->v[sv->nr] = NULL;
}

void strvec_push(struct strvec *sv, const char *s)
{
	strvec_push_nodup(sv, xstrdup(s));
}

void strvec_clear(struct strvec *sv)
{
	size_t i;

	for (i = 0; i < sv->nr; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->nr = sv->alloc = 0;
}

bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

const char *plural(unsigned long n, const char *one, const char *more)
{
	return n == 1 ? one : more;
}

bool name_in(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(name, *list))
			return true;
	return false;
}

bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

char *read_file(const char *path, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char chunk[65536];
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		strbuf_add(&sb, chunk, n);
	if (n < 0) {
		int saved = errno;

		close(fd);
		strbuf_release(&sb);
		errno = saved;
		return NULL;
	}
	close(fd);
	if (len)
		*len = sb.len;
	return strbuf_detach(&sb);
}

int write_file_atomic(const char *path, const char *data, size_t len)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	int fd, ret = -1;

	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		goto out_free;
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			goto out_close;
		}
		data += n;
		len -= n;
	}
	if (close(fd) < 0)
		goto out_unlink;
	if (rename(tmp, path) < 0)
		goto out_unlink;
	ret = 0;
	goto out_free;

out_close:
	close(fd);
out_unlink:
	unlink(tmp);
out_free:
	free(tmp);
	return ret;
}

int mkdir_p(const char *path)
{
	char *p = xstrdup(path), *s;
	int ret = 0;

	for (s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST)
			ret = -1;
		*s = '/';
	}
	if (mkdir(p, 0755) < 0 && errno != EEXIST)
		ret = -1;
	free(p);
	return ret;
}

unsigned long long hash_bytes(unsigned long long h, const void *data,
			      size_t len)
{
	const unsigned char *p = data;

	while (len--) {
		h ^= *p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

void strbuf_add_wrapped(struct strbuf *sb, const char *text,
			const char *first, const char *rest, size_t width)
{
	const char *p = text, *prefix = first;

	while (*p) {
		size_t room = width > strlen(prefix) + 20 ?
			      width - strlen(prefix) : 20;
		size_t n = strlen(p), cut;

		if (n <= room) {
			strbuf_addf(sb, "%s%s\n", prefix, p);
			break;
		}
		cut = room;
		while (cut > 0 && p[cut] != ' ')
			cut--;
		if (!cut)
			cut = strcspn(p, " ");
		strbuf_addf(sb, "%s%.*s\n", prefix, (int)cut, p);
		p += cut;
		while (*p == ' ')
			p++;
		prefix = rest;
	}
}

bool strvec_has(const struct strvec *sv, const char *s)
{
	size_t i;

	for (i = 0; i < sv->nr; i++)
		if (!strcmp(sv->v[i], s))
			return true;
	return false;
}

char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, slash - path) : xstrdup(".");
}
