// SPDX-License-Identifier: GPL-2.0
/*
 * nic-exchange: frames from one network interface to another and back,
 * over whatever joins them (a QEMU hub in the boot matrix).
 *
 * usage: nic-exchange IF_A IF_B N [BURST]
 *
 * Sends N frames from IF_A to IF_B's address, in bursts of BURST (8), then
 * N from IF_B
 * to IF_A, with AF_PACKET sockets on an ethertype of its own.  Every frame
 * has its own length (60 to 1514 bytes) and a payload computed from its
 * direction and sequence number; the receiver checks that each arrives
 * once, in order, with that length and payload.  Prints KTAP, one test per
 * direction; exit status 0 when both passed, 1 otherwise, 2 on bad usage.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define ETHERTYPE_TEST	0x88b5	/* IEEE local experimental */
#define MAGIC		"IRQCONV!"
#define MAX_BURST	64
#define MAX_FRAME	1514
#define MIN_PAYLOAD	46
#define RECV_TIMEOUT_MS	5000

struct port {
	const char *name;
	int ifindex;
	unsigned char mac[ETH_ALEN];
	int fd;
};

struct header {
	char magic[8];
	uint32_t dir;
	uint32_t seq;
	uint32_t len;
} __attribute__((packed));

static size_t frame_len(unsigned int seq)
{
	return ETH_HLEN + MIN_PAYLOAD +
	       (seq * 97) % (MAX_FRAME - ETH_HLEN - MIN_PAYLOAD + 1);
}

static unsigned char pattern(unsigned int dir, unsigned int seq, size_t i)
{
	return (unsigned char)(seq * 31 + i * 7 + dir * 101);
}

static void build(unsigned char *f, const struct port *from,
		  const struct port *to, unsigned int dir, unsigned int seq)
{
	struct ether_header *eh = (struct ether_header *)f;
	struct header h;
	size_t len = frame_len(seq), i;

	memcpy(eh->ether_dhost, to->mac, ETH_ALEN);
	memcpy(eh->ether_shost, from->mac, ETH_ALEN);
	eh->ether_type = htons(ETHERTYPE_TEST);
	memcpy(h.magic, MAGIC, sizeof(h.magic));
	h.dir = htonl(dir);
	h.seq = htonl(seq);
	h.len = htonl(len);
	memcpy(f + ETH_HLEN, &h, sizeof(h));
	for (i = ETH_HLEN + sizeof(h); i < len; i++)
		f[i] = pattern(dir, seq, i);
}

/* Returns NULL when frame F of N bytes is frame SEQ of DIR, else why not. */
static const char *check(const unsigned char *f, size_t n,
			 const struct port *from, unsigned int dir,
			 unsigned int seq)
{
	static char why[128];
	struct header h;
	size_t i;

	if (n < ETH_HLEN + sizeof(h))
		return "runt frame";
	if (memcmp(f + ETH_ALEN, from->mac, ETH_ALEN))
		return "wrong source address";
	memcpy(&h, f + ETH_HLEN, sizeof(h));
	if (memcmp(h.magic, MAGIC, sizeof(h.magic)) || ntohl(h.dir) != dir)
		return "not one of ours";
	if (ntohl(h.seq) != seq) {
		snprintf(why, sizeof(why), "frame %u where %u was due",
			 ntohl(h.seq), seq);
		return why;
	}
	if (n != frame_len(seq)) {
		snprintf(why, sizeof(why), "%zu bytes, sent %zu", n,
			 frame_len(seq));
		return why;
	}
	for (i = ETH_HLEN + sizeof(h); i < n; i++) {
		if (f[i] != pattern(dir, seq, i)) {
			snprintf(why, sizeof(why),
				 "payload byte %zu is 0x%02x, sent 0x%02x",
				 i, f[i], pattern(dir, seq, i));
			return why;
		}
	}
	return NULL;
}

static int open_port(struct port *p)
{
	struct sockaddr_ll sll = { 0 };
	struct ifreq ifr = { 0 };
	int size = 1 << 20;

	p->fd = socket(AF_PACKET, SOCK_RAW, htons(ETHERTYPE_TEST));
	if (p->fd < 0) {
		printf("# socket: %s\n", strerror(errno));
		return -1;
	}
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", p->name);
	if (ioctl(p->fd, SIOCGIFINDEX, &ifr) < 0 ||
	    (p->ifindex = ifr.ifr_ifindex,
	     ioctl(p->fd, SIOCGIFHWADDR, &ifr) < 0)) {
		printf("# %s: %s\n", p->name, strerror(errno));
		return -1;
	}
	memcpy(p->mac, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	setsockopt(p->fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	sll.sll_family = AF_PACKET;
	sll.sll_protocol = htons(ETHERTYPE_TEST);
	sll.sll_ifindex = p->ifindex;
	if (bind(p->fd, (struct sockaddr *)&sll, sizeof(sll)) < 0) {
		printf("# bind %s: %s\n", p->name, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The next frame P received from the wire; our own transmissions show up
 * on packet sockets too and are skipped.  Returns its length, 0 on timeout.
 */
static ssize_t receive(const struct port *p, unsigned char *f, size_t size)
{
	struct pollfd pfd = { .fd = p->fd, .events = POLLIN };
	struct sockaddr_ll from;
	socklen_t fl;
	ssize_t n;

	for (;;) {
		if (poll(&pfd, 1, RECV_TIMEOUT_MS) <= 0)
			return 0;
		fl = sizeof(from);
		n = recvfrom(p->fd, f, size, 0, (struct sockaddr *)&from, &fl);
		if (n < 0)
			return -1;
		if (from.sll_pkttype != PACKET_OUTGOING)
			return n;
	}
}

static void drain(const struct port *p)
{
	unsigned char f[MAX_FRAME];

	while (recv(p->fd, f, sizeof(f), MSG_DONTWAIT) > 0)
		;
}

/*
 * How many frames were skipped before frame F of N bytes, when it is a
 * later one of ours than SEQ: losses are counted, so that a failure says
 * which frames went missing, not only the first.
 */
static unsigned int skipped(const unsigned char *f, size_t n, unsigned int dir,
			    unsigned int seq, unsigned int sent)
{
	struct header h;

	if (n < ETH_HLEN + sizeof(h))
		return 0;
	memcpy(&h, f + ETH_HLEN, sizeof(h));
	if (memcmp(h.magic, MAGIC, sizeof(h.magic)) || ntohl(h.dir) != dir ||
	    ntohl(h.seq) <= seq || ntohl(h.seq) >= sent)
		return 0;
	return ntohl(h.seq) - seq;
}

/* N frames FROM -> TO; prints diagnostics, returns true when all arrived. */
static bool exchange(const struct port *from, const struct port *to,
		     unsigned int dir, unsigned int n, unsigned int burst)
{
	unsigned char out[MAX_FRAME], in[MAX_FRAME + 64];
	unsigned int sent = 0, got = 0, lost = 0, i;
	unsigned long bytes = 0;
	struct timespec t0, t1;
	const char *why;
	ssize_t len;

	drain(to);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (got < n) {
		for (i = 0; i < burst && sent < n; i++, sent++) {
			build(out, from, to, dir, sent);
			if (send(from->fd, out, frame_len(sent), 0) < 0) {
				printf("# send frame %u on %s: %s\n", sent,
				       from->name, strerror(errno));
				return false;
			}
		}
		while (got < sent) {
			len = receive(to, in, sizeof(in));
			if (len <= 0) {
				printf("# %s: frame %u did not arrive (%s)\n",
				       to->name, got,
				       len ? strerror(errno) : "timeout");
				return false;
			}
			i = skipped(in, len, dir, got, sent);
			if (i) {
				printf("# %s: frames %u to %u lost\n", to->name,
				       got, got + i - 1);
				lost += i;
				got += i;
			}
			why = check(in, len, from, dir, got);
			if (why) {
				printf("# %s: %s\n", to->name, why);
				return false;
			}
			bytes += len;
			got++;
		}
	}
	if (lost) {
		printf("# %s -> %s: %u of %u frames lost\n", from->name, to->name,
		       lost, n);
		return false;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("# %s -> %s: %u frames, %lu bytes, every payload as sent, %ld ms\n",
	       from->name, to->name, got, bytes,
	       (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000);
	return true;
}

int main(int argc, char **argv)
{
	struct port a = { 0 }, b = { 0 };
	unsigned int n, burst = 8;
	bool ok1, ok2;

	if (argc == 5)
		burst = atoi(argv[4]);
	if (argc < 4 || argc > 5 || atoi(argv[3]) <= 0 || burst < 1 ||
	    burst > MAX_BURST) {
		fprintf(stderr, "usage: nic-exchange IF_A IF_B N [BURST]\n");
		return 2;
	}
	a.name = argv[1];
	b.name = argv[2];
	n = atoi(argv[3]);
	printf("KTAP version 1\n1..2\n");
	if (open_port(&a) || open_port(&b)) {
		printf("not ok 1 %s -> %s\nnot ok 2 %s -> %s\n",
		       a.name, b.name, b.name, a.name);
		return 1;
	}
	ok1 = exchange(&a, &b, 1, n, burst);
	printf("%sok 1 %s -> %s\n", ok1 ? "" : "not ", a.name, b.name);
	ok2 = exchange(&b, &a, 2, n, burst);
	printf("%sok 2 %s -> %s\n", ok2 ? "" : "not ", b.name, a.name);
	return ok1 && ok2 ? 0 : 1;
}
