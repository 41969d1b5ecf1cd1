// SPDX-License-Identifier: GPL-2.0
/*
 * disk-pattern: prove that a block device stores what it was given.
 *
 *   disk-pattern check DEVICE KIB SEED    write KIB KiB of the pattern of
 *                                         SEED at offset 0, then read it
 *                                         back and compare (O_DIRECT both
 *                                         ways, so the page cache cannot
 *                                         answer for the device)
 *   disk-pattern verify FILE KIB SEED     only read and compare (buffered:
 *                                         the host checks a disk image
 *                                         after QEMU has exited)
 *
 * The pattern depends on the seed and on each 8-byte word's position, so
 * a misplaced, repeated or stale block shows as a mismatch.  Exit 0 when
 * every byte matched, 1 on a mismatch or an I/O error, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK	(64 * 1024)
#define ALIGN	4096

/* splitmix64: cheap, and no two nearby words look alike */
static uint64_t pattern_word(uint64_t seed, uint64_t index)
{
	uint64_t z = seed + (index + 1) * 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void fill(uint64_t *buf, uint64_t seed, uint64_t first_word)
{
	size_t i;

	for (i = 0; i < CHUNK / sizeof(*buf); i++)
		buf[i] = pattern_word(seed, first_word + i);
}

static int full_io(int fd, void *buf, off_t off, int do_write)
{
	size_t done = 0;
	ssize_t n;

	while (done < CHUNK) {
		if (do_write)
			n = pwrite(fd, (char *)buf + done, CHUNK - done,
				   off + done);
		else
			n = pread(fd, (char *)buf + done, CHUNK - done,
				  off + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			fprintf(stderr, "disk-pattern: %s at %lld: %s\n",
				do_write ? "write" : "read",
				(long long)(off + done),
				n < 0 ? strerror(errno) : "end of device");
			return -1;
		}
		done += n;
	}
	return 0;
}

static int compare(const uint64_t *got, const uint64_t *want, off_t off)
{
	size_t i;

	for (i = 0; i < CHUNK / sizeof(*got); i++) {
		if (got[i] == want[i])
			continue;
		fprintf(stderr,
			"disk-pattern: mismatch at byte %lld: %016llx, expected %016llx\n",
			(long long)(off + i * sizeof(*got)),
			(unsigned long long)got[i],
			(unsigned long long)want[i]);
		return -1;
	}
	return 0;
}

static int pass(int fd, long kib, uint64_t seed, int do_write,
		uint64_t *want, uint64_t *got)
{
	off_t off;

	for (off = 0; off < (off_t)kib * 1024; off += CHUNK) {
		fill(want, seed, off / sizeof(*want));
		if (do_write) {
			if (full_io(fd, want, off, 1))
				return -1;
			continue;
		}
		memset(got, 0, CHUNK);
		if (full_io(fd, got, off, 0) || compare(got, want, off))
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t *want, *got;
	int check, fd;
	uint64_t seed;
	long kib;

	if (argc != 5 || (strcmp(argv[1], "check") && strcmp(argv[1], "verify"))) {
		fprintf(stderr, "usage: disk-pattern check|verify DEVICE KIB SEED\n");
		return 2;
	}
	check = !strcmp(argv[1], "check");
	kib = strtol(argv[3], NULL, 0);
	seed = strtoull(argv[4], NULL, 0);
	if (kib <= 0 || (kib * 1024) % CHUNK) {
		fprintf(stderr, "disk-pattern: KIB must be a multiple of %d\n",
			CHUNK / 1024);
		return 2;
	}
	if (posix_memalign((void **)&want, ALIGN, CHUNK) ||
	    posix_memalign((void **)&got, ALIGN, CHUNK)) {
		fprintf(stderr, "disk-pattern: out of memory\n");
		return 1;
	}
	fd = open(argv[2], check ? O_RDWR | O_DIRECT | O_SYNC : O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "disk-pattern: %s: %s\n", argv[2], strerror(errno));
		return 1;
	}
	if (check && (pass(fd, kib, seed, 1, want, got) || fsync(fd))) {
		fprintf(stderr, "disk-pattern: writing %s failed\n", argv[2]);
		return 1;
	}
	if (pass(fd, kib, seed, 0, want, got))
		return 1;
	close(fd);
	printf("disk-pattern: %s: %ld KiB %s, seed %#llx\n", argv[2], kib,
	       check ? "written and read back" : "verified",
	       (unsigned long long)seed);
	return 0;
}
