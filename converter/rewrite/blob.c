// SPDX-License-Identifier: GPL-2.0
/*
 * SHA-1 (FIPS 180-4), only for git's blob ids: nothing else in irqconv
 * hashes for integrity, so a small local one beats linking a crypto library.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rewrite/blob.h"

struct sha1 {
	uint32_t h[5];
	uint64_t len;		/* bytes so far */
	unsigned char block[64];
	size_t used;
};

static uint32_t rol(uint32_t x, unsigned int n)
{
	return (x << n) | (x >> (32 - n));
}

static void sha1_block(struct sha1 *c, const unsigned char *p)
{
	uint32_t w[80], a, b, d, e, f, k, t, cc;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	a = c->h[0];
	b = c->h[1];
	cc = c->h[2];
	d = c->h[3];
	e = c->h[4];
	for (i = 0; i < 80; i++) {
		if (i < 20) {
			f = (b & cc) | (~b & d);
			k = 0x5a827999;
		} else if (i < 40) {
			f = b ^ cc ^ d;
			k = 0x6ed9eba1;
		} else if (i < 60) {
			f = (b & cc) | (b & d) | (cc & d);
			k = 0x8f1bbcdc;
		} else {
			f = b ^ cc ^ d;
			k = 0xca62c1d6;
		}
		t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = cc;
		cc = rol(b, 30);
		b = a;
		a = t;
	}
	c->h[0] += a;
	c->h[1] += b;
	c->h[2] += cc;
	c->h[3] += d;
	c->h[4] += e;
}

static void sha1_init(struct sha1 *c)
{
	static const uint32_t h0[5] = {
		0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
	};

	memcpy(c->h, h0, sizeof(h0));
	c->len = 0;
	c->used = 0;
}

static void sha1_update(struct sha1 *c, const void *data, size_t len)
{
	const unsigned char *p = data;

	c->len += len;
	while (len) {
		size_t n = 64 - c->used < len ? 64 - c->used : len;

		memcpy(c->block + c->used, p, n);
		c->used += n;
		p += n;
		len -= n;
		if (c->used == 64) {
			sha1_block(c, c->block);
			c->used = 0;
		}
	}
}

static void sha1_final(struct sha1 *c, unsigned char out[20])
{
	uint64_t bits = c->len * 8;
	unsigned char pad = 0x80, len[8];
	int i;

	sha1_update(c, &pad, 1);
	pad = 0;
	while (c->used != 56)
		sha1_update(c, &pad, 1);
	for (i = 0; i < 8; i++)
		len[i] = bits >> (56 - 8 * i);
	sha1_update(c, len, 8);
	for (i = 0; i < 20; i++)
		out[i] = c->h[i / 4] >> (24 - 8 * (i % 4));
}

void blob_id(const char *data, size_t len, char hex[BLOB_HEX_LEN + 1])
{
	struct sha1 c;
	unsigned char md[20];
	char head[32];
	int i, n;

	n = snprintf(head, sizeof(head), "blob %zu", len);
	sha1_init(&c);
	sha1_update(&c, head, n + 1);	/* the NUL too */
	sha1_update(&c, data, len);
	sha1_final(&c, md);
	for (i = 0; i < 20; i++)
		sprintf(hex + 2 * i, "%02x", md[i]);
}
