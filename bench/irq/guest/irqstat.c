// SPDX-License-Identifier: GPL-2.0
/*
 * irqstat: summary of a file of samples, one number (ns) per line.
 *
 * usage: irqstat FILE
 *
 * Prints "n=N p50=X p99=X max=X mean=X" (ns; p50 and p99 are nearest-rank
 * percentiles) or "n=0" for an empty or missing file.
 */

#include <stdio.h>
#include <stdlib.h>

static int cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* Nearest rank: the smallest sample with at least p% of them at or below. */
static unsigned long long rank(const unsigned long long *v, size_t n, int p)
{
	size_t r = (n * p + 99) / 100;

	return v[r ? r - 1 : 0];
}

int main(int argc, char **argv)
{
	unsigned long long *v = NULL, x, sum = 0;
	size_t n = 0, cap = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: irqstat FILE\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	while (f && fscanf(f, "%llu", &x) == 1) {
		if (n == cap) {
			cap = cap ? 2 * cap : 4096;
			v = realloc(v, cap * sizeof(*v));
			if (!v) {
				perror("irqstat");
				return 1;
			}
		}
		v[n++] = x;
		sum += x;
	}
	if (f)
		fclose(f);
	if (!n) {
		printf("n=0\n");
		return 0;
	}
	qsort(v, n, sizeof(*v), cmp_u64);
	printf("n=%zu p50=%llu p99=%llu max=%llu mean=%llu\n", n,
	       rank(v, n, 50), rank(v, n, 99), v[n - 1], sum / n);
	free(v);
	return 0;
}
