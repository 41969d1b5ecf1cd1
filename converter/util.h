/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_UTIL_H
#define IRQCONV_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

extern const char *progname;

/* Messages follow git: lower case, no final period, names quoted. */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...);

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable, always NUL-terminated string. */
struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
};

#define STRBUF_INIT { NULL, 0, 0 }

void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const char *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* @text filled to @width columns, first line after @first, others after @rest. */
void strbuf_add_wrapped(struct strbuf *sb, const char *text,
			const char *first, const char *rest, size_t width);
void strbuf_reset(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);

/* A growable NULL-terminated vector of owned strings. */
struct strvec {
	char **v;
	size_t nr;
	size_t alloc;
};

#define STRVEC_INIT { NULL, 0, 0 }

void strvec_push(struct strvec *sv, const char *s);
void strvec_push_nodup(struct strvec *sv, char *s);
void strvec_clear(struct strvec *sv);
/* Whether @s is one of @sv's strings. */
bool strvec_has(const struct strvec *sv, const char *s);

bool starts_with(const char *s, const char *prefix);
/* @one when @n is 1, else @more: "statement%s", plural(n, "", "s") */
const char *plural(unsigned long n, const char *one, const char *more);
/* Whether @name is one of the NULL-terminated @list. */
bool name_in(const char *name, const char *const *list);
bool ends_with(const char *s, const char *suffix);
/* A letter, a digit or an underscore: a character of a C identifier. */
bool is_ident_char(char c);

/* Whole-file helpers; read_file returns NULL and sets errno on failure. */
char *read_file(const char *path, size_t *len);
/* Write via a temporary file and rename, so readers never see half a file. */
int write_file_atomic(const char *path, const char *data, size_t len);
int mkdir_p(const char *path);
/* The directory part of @path, "." when it has none. */
char *dir_of(const char *path);

/* FNV-1a, 64 bit: a cache key, not a security boundary. */
unsigned long long hash_bytes(unsigned long long h, const void *data,
			      size_t len);
#define HASH_INIT 0xcbf29ce484222325ULL

#endif
