// SPDX-License-Identifier: GPL-2.0
/*
 * rtc-uie: the RTC delivers update interrupts through /dev/rtcN.
 *
 *   rtc-uie DEVICE COUNT
 *
 * Turns update interrupts on (RTC_UIE_ON) and read()s COUNT of them, each
 * within 3 seconds; every value read must carry RTC_UF, and the RTC's time
 * must have advanced by at least COUNT - 1 seconds meanwhile, so the
 * interrupts are the once-a-second updates and not a stuck line.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/rtc.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static long rtc_seconds(int fd)
{
	struct rtc_time tm;

	if (ioctl(fd, RTC_RD_TIME, &tm) < 0)
		return -1;
	/* not calendar-exact: only differences of a few seconds matter */
	return ((((long)tm.tm_year * 12 + tm.tm_mon) * 31 + tm.tm_mday) * 24 +
		tm.tm_hour) * 3600 +
	       tm.tm_min * 60 + tm.tm_sec;
}

int main(int argc, char **argv)
{
	struct pollfd pfd;
	unsigned long data;
	long start, end;
	int count, fd, i, n;

	if (argc != 3) {
		fprintf(stderr, "usage: rtc-uie DEVICE COUNT\n");
		return 2;
	}
	count = atoi(argv[2]);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "rtc-uie: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	start = rtc_seconds(fd);
	if (start < 0 || ioctl(fd, RTC_UIE_ON, 0) < 0) {
		fprintf(stderr, "rtc-uie: RTC_RD_TIME/RTC_UIE_ON: %s\n",
			strerror(errno));
		return 1;
	}
	for (i = 0; i < count; i++) {
		pfd.fd = fd;
		pfd.events = POLLIN;
		n = poll(&pfd, 1, 3000);
		if (n <= 0) {
			fprintf(stderr, "rtc-uie: no update interrupt %d within 3 s\n",
				i + 1);
			return 1;
		}
		if (read(fd, &data, sizeof(data)) != sizeof(data)) {
			fprintf(stderr, "rtc-uie: read: %s\n", strerror(errno));
			return 1;
		}
		if (!(data & RTC_UF)) {
			fprintf(stderr, "rtc-uie: event %#lx without RTC_UF\n",
				data);
			return 1;
		}
	}
	ioctl(fd, RTC_UIE_OFF, 0);
	end = rtc_seconds(fd);
	if (end - start < count - 1) {
		fprintf(stderr, "rtc-uie: %d updates in %ld RTC seconds\n",
			count, end - start);
		return 1;
	}
	printf("rtc-uie: %d update interrupts over %ld RTC seconds\n", count,
	       end - start);
	close(fd);
	return 0;
}
