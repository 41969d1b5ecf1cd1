// SPDX-License-Identifier: GPL-2.0
/*
 * key-events: key presses sent from outside reach an evdev node.
 *
 *   key-events DEVICE SECONDS
 *
 * Prints "key-events: ready" (the host sends keys once it sees that line
 * on the console) and waits up to SECONDS for presses of I, R, Q in that
 * order, each an EV_KEY event with value 1; then prints "key-events: done"
 * (the host stops sending).  Other events in between (releases, EV_SYN,
 * EV_MSC scancodes) are expected and skipped.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static const unsigned short want[] = { KEY_I, KEY_R, KEY_Q };
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define NWANT	ARRAY_SIZE(want)

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv)
{
	struct pollfd pfd;
	struct input_event ev;
	long deadline, left;
	unsigned int matched = 0, presses = 0;
	int fd, n;

	if (argc != 3) {
		fprintf(stderr, "usage: key-events DEVICE SECONDS\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "key-events: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	deadline = now_ms() + atol(argv[2]) * 1000;
	printf("key-events: ready\n");
	fflush(stdout);
	while (matched < NWANT) {
		left = deadline - now_ms();
		if (left <= 0)
			break;
		pfd.fd = fd;
		pfd.events = POLLIN;
		n = poll(&pfd, 1, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		n = read(fd, &ev, sizeof(ev));
		if (n != sizeof(ev)) {
			fprintf(stderr, "key-events: read: %s\n",
				n < 0 ? strerror(errno) : "short event");
			return 1;
		}
		if (ev.type != EV_KEY || ev.value != 1)
			continue;
		presses++;
		/* restart the sequence on a wrong key, as a host retry does */
		if (ev.code == want[matched])
			matched++;
		else
			matched = ev.code == want[0];
	}
	printf("key-events: done\n");
	if (matched < NWANT) {
		fprintf(stderr,
			"key-events: %u key presses, no I R Q sequence within %s s\n",
			presses, argv[2]);
		return 1;
	}
	printf("key-events: I R Q received (%u presses)\n", presses);
	close(fd);
	return 0;
}
