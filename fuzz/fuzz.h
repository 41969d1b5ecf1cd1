/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_FUZZ_H
#define IRQCONV_FUZZ_H

/*
 * What the libFuzzer targets of fuzz/ share.  Each target feeds its input to
 * one of irqconv's parsers through the functions the converter itself calls,
 * and checks what must hold for every input (a round trip, a bound), calling
 * fuzz_fail() when it does not: libFuzzer then saves the input as a crash.
 */
#include <stddef.h>
#include <stdint.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a C string: up to its first NUL. */
char *fuzz_string(const uint8_t *data, size_t size);

/*
 * The input cut at NUL bytes into at most @max strings, which @parts holds
 * afterwards; the rest of the input goes to the last one.  Returns how many.
 */
size_t fuzz_split(const uint8_t *data, size_t size, char **parts, size_t max);
void fuzz_free_parts(char **parts, size_t n);

/* A scratch directory of this process, removed at exit. */
const char *fuzz_tmpdir(void);

/* Write @text to @dir/@name, or remove the file when @text is NULL. */
void fuzz_put(const char *dir, const char *name, const char *text);

void __attribute__((noreturn, format(printf, 1, 2))) fuzz_fail(const char *fmt,
							       ...);

#endif
