// SPDX-License-Identifier: GPL-2.0
/*
 * serial-echo: bytes round-trip through a serial port whose other end, a
 * host-side socket chardev, echoes everything back.
 *
 *   serial-echo TTY BYTES
 *
 * The host may connect late: until it does, QEMU drops what the port
 * sends.  So first "sync-K\n" lines are sent, one a second, until one
 * comes back; then BYTES bytes, every value 0..255 in turn, go out in
 * 64-byte chunks and each chunk must come back unchanged within 5 s.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define CHUNK	64
#define SYNCS	60

/* Read up to len bytes within ms milliseconds; returns bytes read or -1. */
static int read_for(int fd, unsigned char *buf, int len, int ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	int got = 0, n;

	while (got < len) {
		n = poll(&pfd, 1, ms);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		n = read(fd, buf + got, len - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		got += n;
	}
	return got;
}

static int write_all(int fd, const void *buf, int len)
{
	const unsigned char *p = buf;
	int n;

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

static int set_raw(int fd)
{
	struct termios t;

	if (tcgetattr(fd, &t))
		return -1;
	cfmakeraw(&t);
	t.c_cflag |= CLOCAL | CREAD;
	t.c_cflag &= ~CRTSCTS;
	cfsetispeed(&t, B115200);
	cfsetospeed(&t, B115200);
	if (tcsetattr(fd, TCSANOW, &t))
		return -1;
	return tcflush(fd, TCIOFLUSH);
}

/* Wait for the echo of "sync-K\n"; whatever came before it is dropped. */
static int sync_host(int fd)
{
	char line[32], seen[256];
	int k, n, have = 0;

	for (k = 0; k < SYNCS; k++) {
		n = snprintf(line, sizeof(line), "sync-%d\n", k);
		if (write_all(fd, line, n))
			return -1;
		n = read_for(fd, (unsigned char *)seen + have,
			     sizeof(seen) - 1 - have, 1000);
		if (n < 0)
			return -1;
		have += n;
		seen[have] = '\0';
		if (memmem(seen, have, line, strlen(line)))
			return k;
		/* keep only a possible partial echo at the end */
		if (have > 128) {
			memmove(seen, seen + have - 16, 16);
			have = 16;
		}
	}
	return -1;
}

int main(int argc, char **argv)
{
	unsigned char out[CHUNK], in[CHUNK];
	int bytes, fd, i, n, sent = 0, syncs;

	if (argc != 3) {
		fprintf(stderr, "usage: serial-echo TTY BYTES\n");
		return 2;
	}
	bytes = atoi(argv[2]);
	fd = open(argv[1], O_RDWR | O_NOCTTY);
	if (fd < 0 || set_raw(fd)) {
		fprintf(stderr, "serial-echo: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	syncs = sync_host(fd);
	if (syncs < 0) {
		fprintf(stderr, "serial-echo: no echo from the host in %d s\n",
			SYNCS);
		return 1;
	}
	/* late echoes of earlier sync lines must not pass for data */
	usleep(300000);
	tcflush(fd, TCIFLUSH);
	while (sent < bytes) {
		n = bytes - sent < CHUNK ? bytes - sent : CHUNK;
		for (i = 0; i < n; i++)
			out[i] = (sent + i) & 0xff;
		if (write_all(fd, out, n)) {
			fprintf(stderr, "serial-echo: write: %s\n", strerror(errno));
			return 1;
		}
		if (read_for(fd, in, n, 5000) != n || memcmp(in, out, n)) {
			fprintf(stderr, "serial-echo: bytes %d..%d did not come back\n",
				sent, sent + n - 1);
			return 1;
		}
		sent += n;
	}
	printf("serial-echo: %s: %d bytes round-tripped after %d sync line(s)\n",
	       argv[1], bytes, syncs + 1);
	close(fd);
	return 0;
}
