// SPDX-License-Identifier: GPL-2.0
/*
 * irq-count NAME: print "IRQ COUNT" for every line of /proc/interrupts
 * whose action names contain NAME, COUNT summed over the CPUs.  Exits 1
 * when no line matches, so in-guest tests can assert that an interrupt
 * was requested and compare counts before and after an action.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ncpus(const char *header)
{
	int n = 0;

	while ((header = strstr(header, "CPU")) != NULL) {
		n++;
		header += 3;
	}
	return n;
}

int main(int argc, char **argv)
{
	char line[4096], irq[64];
	unsigned long long total, count;
	int cpus, i, pos, used, found = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: irq-count NAME\n");
		return 2;
	}
	f = fopen("/proc/interrupts", "r");
	if (!f || !fgets(line, sizeof(line), f)) {
		perror("/proc/interrupts");
		return 2;
	}
	cpus = ncpus(line);
	while (fgets(line, sizeof(line), f)) {
		if (!strstr(line, argv[1]))
			continue;
		if (sscanf(line, " %63[^:]:%n", irq, &pos) != 1)
			continue;
		total = 0;
		for (i = 0; i < cpus; i++) {
			if (sscanf(line + pos, " %llu%n", &count, &used) != 1)
				break;
			total += count;
			pos += used;
		}
		printf("%s %llu\n", irq, total);
		found = 1;
	}
	fclose(f);
	return found ? 0 : 1;
}
