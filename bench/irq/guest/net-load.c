// SPDX-License-Identifier: GPL-2.0
/*
 * net-load: frames from one interface to another through the QEMU hub
 * they share, inside the guest of `make bench-irq`.
 *
 * usage: net-load IFOUT IFIN SECONDS [SIZE]
 *
 * A child sends broadcast frames of SIZE bytes (default 1000) of an
 * experimental ethertype out of IFOUT as fast as the socket lets it (a
 * blocking packet socket waits for transmit completions); the parent
 * counts those that arrive on IFIN. Prints "rx_per_s=X tx=N rx=N".
 */

#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ETH_P_BENCH	0x88b5	/* IEEE local experimental */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* PROTO 0 receives nothing: the sender must not see its own frames. */
static int packet_socket(const char *ifname, int proto, struct sockaddr_ll *sll)
{
	struct ifreq ifr;
	int fd = socket(AF_PACKET, SOCK_RAW, htons(proto));

	if (fd < 0) {
		perror("net-load: socket");
		exit(1);
	}
	memset(sll, 0, sizeof(*sll));
	sll->sll_family = AF_PACKET;
	sll->sll_protocol = htons(proto);
	/* if_nametoindex() needs AF_INET or AF_UNIX: the test kernel has neither */
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	if (ioctl(fd, SIOCGIFINDEX, &ifr) == 0)
		sll->sll_ifindex = ifr.ifr_ifindex;
	if (!sll->sll_ifindex) {
		fprintf(stderr, "net-load: no interface %s\n", ifname);
		exit(1);
	}
	if (bind(fd, (struct sockaddr *)sll, sizeof(*sll))) {
		fprintf(stderr, "net-load: bind %s: %s\n", ifname, strerror(errno));
		exit(1);
	}
	return fd;
}

static void sender(const char *ifout, double stop, size_t size, int report)
{
	unsigned char frame[ETH_FRAME_LEN];
	struct ether_header *eh = (struct ether_header *)frame;
	struct sockaddr_ll sll;
	unsigned long sent = 0;
	int fd = packet_socket(ifout, 0, &sll);

	memset(frame, 0x5a, sizeof(frame));
	memset(eh->ether_dhost, 0xff, ETH_ALEN);
	memcpy(eh->ether_shost, "\x02\0\0\0\0\x01", ETH_ALEN);
	eh->ether_type = htons(ETH_P_BENCH);
	sll.sll_halen = ETH_ALEN;
	memset(sll.sll_addr, 0xff, ETH_ALEN);
	while (now_s() < stop) {
		if (sendto(fd, frame, size, 0, (struct sockaddr *)&sll,
			   sizeof(sll)) > 0)
			sent++;
	}
	if (write(report, &sent, sizeof(sent)) < 0)
		_exit(1);
	_exit(0);
}

int main(int argc, char **argv)
{
	struct timeval tick = { 0, 100000 };
	unsigned long rx = 0, tx = 0;
	unsigned char buf[2048];
	struct sockaddr_ll sll;
	double start, stop;
	size_t size = 1000;
	int fd, pipefd[2], status;

	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: net-load IFOUT IFIN SECONDS [SIZE]\n");
		return 2;
	}
	if (argc == 5)
		size = strtoul(argv[4], NULL, 0);
	if (size < ETH_ZLEN || size > ETH_FRAME_LEN) {
		fprintf(stderr, "net-load: SIZE must be %d to %d\n", ETH_ZLEN,
			ETH_FRAME_LEN);
		return 2;
	}
	fd = packet_socket(argv[2], ETH_P_BENCH, &sll);
	/* Wake up now and then to see the deadline even when nothing comes. */
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tick, sizeof(tick));
	if (pipe(pipefd))
		return 1;
	start = now_s();
	stop = start + atof(argv[3]);
	if (fork() == 0)
		sender(argv[1], stop, size, pipefd[1]);
	while (now_s() < stop) {
		if (recv(fd, buf, sizeof(buf), 0) > 0)
			rx++;
	}
	if (read(pipefd[0], &tx, sizeof(tx)) != sizeof(tx))
		tx = 0;
	wait(&status);
	printf("rx_per_s=%.1f tx=%lu rx=%lu\n", rx / (now_s() - start), tx, rx);
	return 0;
}
