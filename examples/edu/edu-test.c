// SPDX-License-Identifier: GPL-2.0
/*
 * edu-test: exercises the edu driver from user space, inside the guest.
 *
 * usage: edu-test [N]    (tests /dev/eduN and /sys/class/misc/eduN, N = 0)
 *
 * Prints KTAP: "KTAP version 1", the plan, one "ok N name" or
 * "not ok N name" line per test with "# ..." diagnostics before it.
 * Exit status: 0 all tests passed, 1 a test failed, 2 usage error or no
 * such device (the plan is then "1..0 # SKIP reason").
 */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BUF_SIZE 4095	/* the driver leaves the last byte out */

static char dev_path[64];
static char sysfs_dir[64];
static int fd = -1;

static void diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* Writes VALUE to the sysfs file NAME; returns 0 or the errno. */
static int attr_write(const char *name, const char *value)
{
	char path[128];
	ssize_t n;
	int afd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", sysfs_dir, name);
	afd = open(path, O_WRONLY);
	if (afd < 0)
		return errno;
	n = write(afd, value, strlen(value));
	if (n < 0)
		err = errno;
	close(afd);
	return err;
}

/* Reads the number in the sysfs file NAME into *VALUE. */
static bool attr_read(const char *name, unsigned long *value)
{
	char path[128], text[32];
	ssize_t n;
	int afd;

	snprintf(path, sizeof(path), "%s/%s", sysfs_dir, name);
	afd = open(path, O_RDONLY);
	if (afd < 0) {
		diag("open %s: %s", path, strerror(errno));
		return false;
	}
	n = read(afd, text, sizeof(text) - 1);
	close(afd);
	if (n <= 0) {
		diag("read %s: %s", path, n ? strerror(errno) : "empty");
		return false;
	}
	text[n] = '\0';
	*value = strtoul(text, NULL, 0);
	return true;
}

static bool factorial(unsigned int n, unsigned long expected)
{
	unsigned long before, after, result;
	char text[16];
	int err;

	if (!attr_read("fact_count", &before))
		return false;
	snprintf(text, sizeof(text), "%u", n);
	err = attr_write("factorial", text);
	if (err) {
		diag("write factorial %u: %s", n, strerror(err));
		return false;
	}
	if (!attr_read("factorial", &result) ||
	    !attr_read("fact_count", &after))
		return false;
	if (result != expected) {
		diag("%u! = %lu, expected %lu", n, result, expected);
		return false;
	}
	if (after != before + 1) {
		diag("fact_count went from %lu to %lu, expected +1", before,
		     after);
		return false;
	}
	return true;
}

static bool test_factorial_5(void)
{
	return factorial(5, 120);
}

static bool test_factorial_12(void)
{
	return factorial(12, 479001600);
}

static bool test_raise_counts_interrupts(void)
{
	unsigned long irqs, raises, irqs2, raises2;
	int err;

	if (!attr_read("irq_count", &irqs) ||
	    !attr_read("raise_count", &raises))
		return false;
	err = attr_write("raise", "0x10");
	if (err) {
		diag("write raise: %s", strerror(err));
		return false;
	}
	if (!attr_read("irq_count", &irqs2) ||
	    !attr_read("raise_count", &raises2))
		return false;
	if (irqs2 <= irqs || raises2 != raises + 1) {
		diag("irq_count %lu -> %lu, raise_count %lu -> %lu", irqs,
		     irqs2, raises, raises2);
		return false;
	}
	return true;
}

static bool test_raise_refuses_own_bits(void)
{
	int err = attr_write("raise", "0x1");

	if (err != EINVAL) {
		diag("raise 0x1: %s, expected EINVAL",
		     err ? strerror(err) : "accepted");
		return false;
	}
	return true;
}

/* Writes LEN pattern bytes at OFF by DMA, reads them back by DMA. */
static bool dma_round_trip(off_t off, size_t len, unsigned char seed)
{
	static unsigned char out[BUF_SIZE], in[BUF_SIZE];
	unsigned long before, after;
	ssize_t n;
	size_t i;

	if (!attr_read("dma_count", &before))
		return false;
	for (i = 0; i < len; i++)
		out[i] = (unsigned char)(seed + i * 7);
	n = pwrite(fd, out, len, off);
	if (n != (ssize_t)len) {
		diag("pwrite %zu at %lld: %s", len, (long long)off,
		     n < 0 ? strerror(errno) : "short write");
		return false;
	}
	memset(in, 0, sizeof(in));
	n = pread(fd, in, len, off);
	if (n != (ssize_t)len) {
		diag("pread %zu at %lld: %s", len, (long long)off,
		     n < 0 ? strerror(errno) : "short read");
		return false;
	}
	for (i = 0; i < len; i++) {
		if (in[i] != out[i]) {
			diag("byte %zu: read 0x%02x, wrote 0x%02x", i, in[i],
			     out[i]);
			return false;
		}
	}
	if (!attr_read("dma_count", &after))
		return false;
	if (after != before + 2) {
		diag("dma_count went from %lu to %lu, expected +2", before,
		     after);
		return false;
	}
	return true;
}

static bool test_dma_whole_buffer(void)
{
	return dma_round_trip(0, BUF_SIZE, 0x5a);
}

static bool test_dma_at_offset(void)
{
	return dma_round_trip(1000, 100, 0xa5) &&
	       dma_round_trip(0, BUF_SIZE, 0x11) &&
	       dma_round_trip(1000, 100, 0x3c);
}

static bool test_dma_past_end(void)
{
	char byte = 0;
	ssize_t n;

	n = pwrite(fd, &byte, 1, BUF_SIZE);
	if (n != -1 || errno != ENOSPC) {
		diag("pwrite at %d: %zd (%s), expected ENOSPC", BUF_SIZE, n,
		     n < 0 ? strerror(errno) : "accepted");
		return false;
	}
	n = pread(fd, &byte, 1, BUF_SIZE);
	if (n != 0) {
		diag("pread at %d: %zd, expected 0 (end of file)", BUF_SIZE,
		     n);
		return false;
	}
	return true;
}

static const struct {
	const char *name;
	bool (*run)(void);
} tests[] = {
	{ "factorial_5", test_factorial_5 },
	{ "factorial_12", test_factorial_12 },
	{ "raise_counts_interrupts", test_raise_counts_interrupts },
	{ "raise_refuses_own_bits", test_raise_refuses_own_bits },
	{ "dma_whole_buffer", test_dma_whole_buffer },
	{ "dma_at_offset", test_dma_at_offset },
	{ "dma_past_end", test_dma_past_end },
};

int main(int argc, char **argv)
{
	unsigned int i, n = sizeof(tests) / sizeof(tests[0]);
	const char *unit = argc > 1 ? argv[1] : "0";
	int failed = 0;

	if (argc > 2 || strspn(unit, "0123456789") != strlen(unit) ||
	    !*unit) {
		fprintf(stderr, "usage: edu-test [N]\n");
		return 2;
	}
	snprintf(dev_path, sizeof(dev_path), "/dev/edu%s", unit);
	snprintf(sysfs_dir, sizeof(sysfs_dir), "/sys/class/misc/edu%s", unit);

	printf("KTAP version 1\n");
	fd = open(dev_path, O_RDWR);
	if (fd < 0) {
		printf("1..0 # SKIP %s: %s\n", dev_path, strerror(errno));
		return 2;
	}
	printf("1..%u\n", n);
	for (i = 0; i < n; i++) {
		bool ok = tests[i].run();

		printf("%s %u %s\n", ok ? "ok" : "not ok", i + 1,
		       tests[i].name);
		fflush(stdout);
		failed += !ok;
	}
	close(fd);
	diag("%u passed, %d failed", n - failed, failed);
	return failed ? 1 : 0;
}
