// SPDX-License-Identifier: GPL-2.0
/*
 * snd-sine: play a tone through the OSS PCM emulation (snd-pcm-oss), so
 * the host can find it in the wav file its audiodev writes.
 *
 *   snd-sine DEVICE MILLISECONDS
 *
 * 16-bit little-endian stereo, 440 Hz at three quarters of full scale, at
 * whatever rate near 48 kHz the driver grants; waits for the driver to
 * drain (SNDCTL_DSP_SYNC), so every sample has gone through the device's
 * DMA and its interrupts before the program exits.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/soundcard.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define FRAMES	1024
#define PI	3.14159265358979323846
#define AMPLITUDE	(0.75 * 32767)

/* cos() for small angles without libm: the Taylor series converges fast */
static double small_cos(double x)
{
	double term = 1, sum = 1;
	int i;

	for (i = 1; i < 12; i++) {
		term *= -x * x / ((2 * i - 1) * (2 * i));
		sum += term;
	}
	return sum;
}

static double small_sin(double x)
{
	double term = x, sum = x;
	int i;

	for (i = 1; i < 12; i++) {
		term *= -x * x / ((2 * i) * (2 * i + 1));
		sum += term;
	}
	return sum;
}

static int dsp_set(int fd, unsigned long req, int val, const char *what)
{
	if (ioctl(fd, req, &val) < 0) {
		fprintf(stderr, "snd-sine: %s: %s\n", what, strerror(errno));
		return -1;
	}
	return val;
}

int main(int argc, char **argv)
{
	int16_t buf[FRAMES * 2];
	double k, y0, y1, y2;
	long frames, done;
	int fd, fmt, rate, i;

	if (argc != 3) {
		fprintf(stderr, "usage: snd-sine DEVICE MILLISECONDS\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "snd-sine: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	fmt = dsp_set(fd, SNDCTL_DSP_SETFMT, AFMT_S16_LE, "SETFMT");
	if (fmt != AFMT_S16_LE ||
	    dsp_set(fd, SNDCTL_DSP_CHANNELS, 2, "CHANNELS") != 2) {
		fprintf(stderr, "snd-sine: no 16-bit stereo\n");
		return 1;
	}
	rate = dsp_set(fd, SNDCTL_DSP_SPEED, 48000, "SPEED");
	if (rate < 8000)
		return 1;
	/* y[n] = 2 cos(w) y[n-1] - y[n-2] traces sin(n w) */
	k = 2 * small_cos(2 * PI * 440 / rate);
	y1 = 0;
	y2 = -AMPLITUDE * small_sin(2 * PI * 440 / rate);
	frames = (long)rate * atol(argv[2]) / 1000;
	for (done = 0; done < frames; done += FRAMES) {
		for (i = 0; i < FRAMES; i++) {
			y0 = k * y1 - y2;
			y2 = y1;
			y1 = y0;
			buf[2 * i] = buf[2 * i + 1] = (int16_t)y0;
		}
		if (write(fd, buf, sizeof(buf)) != sizeof(buf)) {
			fprintf(stderr, "snd-sine: write: %s\n", strerror(errno));
			return 1;
		}
	}
	if (ioctl(fd, SNDCTL_DSP_SYNC, 0) < 0) {
		fprintf(stderr, "snd-sine: SYNC: %s\n", strerror(errno));
		return 1;
	}
	close(fd);
	printf("snd-sine: %ld frames of 440 Hz at %d Hz played\n", done, rate);
	return 0;
}
