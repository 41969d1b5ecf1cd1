// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scan/jobs.h"
#include "util.h"

int jobs_default(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

int jobs_run(size_t n, int jobs, int (*work)(size_t i, void *data),
	     void (*done)(size_t i, int status, void *data), void *data)
{
	pid_t *pids = xcalloc(jobs > 0 ? jobs : 1, sizeof(*pids));
	size_t *items = xcalloc(jobs > 0 ? jobs : 1, sizeof(*items));
	size_t next = 0;
	int running = 0, slot, ret = 0;

	if (jobs < 1)
		jobs = 1;
	fflush(NULL);
	while (next < n || running) {
		int status;
		pid_t pid;

		while (next < n && running < jobs && !ret) {
			for (slot = 0; pids[slot]; slot++)
				;
			pid = fork();
			if (pid < 0) {
				error("cannot fork a worker: %s", strerror(errno));
				ret = -1;
				break;
			}
			if (!pid)
				_exit(work(next, data));
			pids[slot] = pid;
			items[slot] = next++;
			running++;
		}
		if (!running)
			break;
		pid = wait(&status);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			error("wait: %s", strerror(errno));
			ret = -1;
			break;
		}
		for (slot = 0; slot < jobs; slot++)
			if (pids[slot] == pid)
				break;
		if (slot == jobs)
			continue;
		pids[slot] = 0;
		running--;
		done(items[slot], status, data);
	}
	free(pids);
	free(items);
	return ret;
}
