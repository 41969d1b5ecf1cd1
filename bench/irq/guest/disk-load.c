// SPDX-License-Identifier: GPL-2.0
/*
 * disk-load: reads a block device with O_DIRECT, one read at a time,
 * inside the guest of `make bench-irq`.
 *
 * usage: disk-load DEV SECONDS [SIZE]
 *
 * Reads of SIZE bytes (default 4096) walk the device from the start and
 * wrap at its end. O_DIRECT keeps the page cache out, so every read is a
 * request to the host adapter and ends with its completion interrupt;
 * one at a time, the rate measures the whole completion path. Prints
 * "io_per_s=X ios=N".
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long long dev_size, off = 0;
	unsigned long ios = 0;
	double start, end;
	size_t size = 4096;
	void *buf;
	int fd;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: disk-load DEV SECONDS [SIZE]\n");
		return 2;
	}
	if (argc == 4)
		size = strtoul(argv[3], NULL, 0);
	if (size < 512 || size % 512) {
		fprintf(stderr, "disk-load: SIZE must be a multiple of 512\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_DIRECT);
	if (fd < 0 || ioctl(fd, BLKGETSIZE64, &dev_size) < 0) {
		fprintf(stderr, "disk-load: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (dev_size < size) {
		fprintf(stderr, "disk-load: %s is smaller than %zu bytes\n",
			argv[1], size);
		return 1;
	}
	/* O_DIRECT wants the buffer aligned to the logical block size. */
	if (posix_memalign(&buf, 4096, size)) {
		fprintf(stderr, "disk-load: out of memory\n");
		return 1;
	}
	start = now_s();
	end = start + strtod(argv[2], NULL);
	while (now_s() < end) {
		if (off + size > dev_size)
			off = 0;
		if (pread(fd, buf, size, off) != (ssize_t)size) {
			fprintf(stderr, "disk-load: read at %llu: %s\n", off,
				strerror(errno));
			return 1;
		}
		off += size;
		ios++;
	}
	printf("io_per_s=%.1f ios=%lu\n", ios / (now_s() - start), ios);
	return 0;
}
