// SPDX-License-Identifier: GPL-2.0
/*
 * edu-load: drives examples/edu through /sys/class/misc/eduN/raise, whose
 * write returns once the driver has done the interrupt's work, inside the
 * guest of `make bench-irq`.
 *
 *   edu-load tsc-hz
 *       TSC ticks per second, measured against CLOCK_MONOTONIC over 0.5 s
 *       (the trace clock x86-tsc counts them)
 *   edu-load raise DIR N OUTFILE
 *       N raises one after another; the round trip of each (write() call
 *       to return, ns) appended to OUTFILE
 *   edu-load rate DIR SECONDS PROCS
 *       PROCS processes raise back to back for SECONDS; prints the
 *       interrupts handled per second
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Interrupt status bit 1: not the factorial (0) or DMA (8) bit. */
#define RAISE_VALUE	"0x2"

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int open_raise(const char *dir)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/raise", dir);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "edu-load: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return fd;
}

static void raise_once(int fd)
{
	if (pwrite(fd, RAISE_VALUE, strlen(RAISE_VALUE), 0) < 0) {
		fprintf(stderr, "edu-load: raise: %s\n", strerror(errno));
		exit(1);
	}
}

static int cmd_tsc_hz(void)
{
	unsigned long long t0, t1, c0, c1;
	struct timespec half = { 0, 500000000 };

	t0 = now_ns();
	c0 = __builtin_ia32_rdtsc();
	nanosleep(&half, NULL);
	t1 = now_ns();
	c1 = __builtin_ia32_rdtsc();
	printf("%.0f\n", (double)(c1 - c0) * 1e9 / (double)(t1 - t0));
	return 0;
}

static int cmd_raise(const char *dir, long n, const char *outfile)
{
	unsigned long long t0;
	FILE *out;
	int fd = open_raise(dir);
	long i;

	out = fopen(outfile, "a");
	if (!out) {
		fprintf(stderr, "edu-load: %s: %s\n", outfile, strerror(errno));
		return 1;
	}
	for (i = 0; i < n; i++) {
		t0 = now_ns();
		raise_once(fd);
		fprintf(out, "%llu\n", now_ns() - t0);
	}
	fclose(out);
	close(fd);
	return 0;
}

static int cmd_rate(const char *dir, double secs, int procs)
{
	unsigned long long start = now_ns(), stop, total = 0, count;
	int pipefd[2], i, status;

	stop = start + (unsigned long long)(secs * 1e9);
	if (pipe(pipefd))
		return 1;
	for (i = 0; i < procs; i++) {
		if (fork() == 0) {
			int fd = open_raise(dir);

			count = 0;
			while (now_ns() < stop) {
				raise_once(fd);
				count++;
			}
			if (write(pipefd[1], &count, sizeof(count)) < 0)
				_exit(1);
			_exit(0);
		}
	}
	close(pipefd[1]);
	while (read(pipefd[0], &count, sizeof(count)) == sizeof(count))
		total += count;
	while (wait(&status) > 0)
		;
	printf("%.1f\n", total * 1e9 / (double)(now_ns() - start));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "tsc-hz"))
		return cmd_tsc_hz();
	if (argc == 5 && !strcmp(argv[1], "raise"))
		return cmd_raise(argv[2], atol(argv[3]), argv[4]);
	if (argc == 5 && !strcmp(argv[1], "rate"))
		return cmd_rate(argv[2], atof(argv[3]), atoi(argv[4]));
	fprintf(stderr, "usage: edu-load tsc-hz | raise DIR N OUTFILE | rate DIR SECONDS PROCS\n");
	return 2;
}
