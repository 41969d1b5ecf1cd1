// SPDX-License-Identifier: GPL-2.0
/*
 * unix-chat: the host end of QEMU's unix-socket chardevs and monitor, for
 * boot-test host scripts (bash cannot open a unix socket by itself).
 *
 *   unix-chat echo PATH SECONDS   send back every byte read from PATH,
 *                                 until QEMU closes it or SECONDS pass
 *   unix-chat send PATH SECONDS   copy stdin to PATH and what comes back
 *                                 to stdout, until stdin ends (then half
 *                                 a second more for the replies) or
 *                                 SECONDS pass
 *
 * QEMU is the listening side (server=on,wait=off); the socket may not
 * exist yet when this starts, so connecting is retried every 100 ms
 * within the same SECONDS.  Exit 0 after a connection, 1 when none came.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int connect_until(const char *path, long deadline)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "unix-chat: path too long: %s\n", path);
		return -1;
	}
	strcpy(sa.sun_path, path);
	while (now_ms() < deadline) {
		fd = socket(AF_UNIX, SOCK_STREAM, 0);
		if (fd < 0)
			return -1;
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			return fd;
		close(fd);
		usleep(100000);
	}
	fprintf(stderr, "unix-chat: could not connect to %s\n", path);
	return -1;
}

static int write_all(int fd, const char *p, ssize_t len)
{
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

/* What the socket says goes to out_fd; what in_fd (if not -1) says, to the socket. */
static void relay(int sock, int in_fd, int out_fd, long deadline)
{
	struct pollfd fds[2];
	char buf[4096];
	long stop = deadline, left;
	ssize_t n;
	int nfds;

	for (;;) {
		left = stop - now_ms();
		if (left <= 0)
			return;
		fds[0].fd = sock;
		fds[0].events = POLLIN;
		fds[1].fd = in_fd;
		fds[1].events = POLLIN;
		nfds = in_fd >= 0 ? 2 : 1;
		n = poll(fds, nfds, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		if (fds[0].revents) {
			n = read(sock, buf, sizeof(buf));
			if (n <= 0 || write_all(out_fd, buf, n))
				return;
		}
		if (nfds == 2 && fds[1].revents) {
			n = read(in_fd, buf, sizeof(buf));
			if (n > 0 && !write_all(sock, buf, n))
				continue;
			/* stdin is done: leave time for the last replies */
			in_fd = -1;
			if (now_ms() + 500 < stop)
				stop = now_ms() + 500;
		}
	}
}

int main(int argc, char **argv)
{
	long deadline;
	int echo, sock;

	if (argc != 4 || (strcmp(argv[1], "echo") && strcmp(argv[1], "send"))) {
		fprintf(stderr, "usage: unix-chat echo|send PATH SECONDS\n");
		return 2;
	}
	echo = !strcmp(argv[1], "echo");
	deadline = now_ms() + atol(argv[3]) * 1000;
	sock = connect_until(argv[2], deadline);
	if (sock < 0)
		return 1;
	if (echo)
		relay(sock, -1, sock, deadline);
	else
		relay(sock, 0, 1, deadline);
	close(sock);
	return 0;
}
