// SPDX-License-Identifier: GPL-2.0
/*
 * snd-unmute: turn every playback switch on and every playback volume to
 * its maximum on an ALSA card, through the control device's ioctls (no
 * alsa-lib).  A freshly probed HDA codec starts muted, and nothing else
 * in the initramfs restores a mixer state.
 *
 *   snd-unmute /dev/snd/controlCN
 *
 * Prints each control it changed; exit 1 when the card has no playback
 * control at all or a write fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <sound/asound.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int unmute_elem(int fd, struct snd_ctl_elem_id *id)
{
	struct snd_ctl_elem_info info;
	struct snd_ctl_elem_value val;
	unsigned int i;

	memset(&info, 0, sizeof(info));
	info.id = *id;
	if (ioctl(fd, SNDRV_CTL_IOCTL_ELEM_INFO, &info) < 0)
		return -1;
	if (!(info.access & SNDRV_CTL_ELEM_ACCESS_WRITE))
		return 0;
	memset(&val, 0, sizeof(val));
	val.id = *id;
	switch (info.type) {
	case SNDRV_CTL_ELEM_TYPE_BOOLEAN:
		for (i = 0; i < info.count && i < 128; i++)
			val.value.integer.value[i] = 1;
		break;
	case SNDRV_CTL_ELEM_TYPE_INTEGER:
		for (i = 0; i < info.count && i < 128; i++)
			val.value.integer.value[i] = info.value.integer.max;
		break;
	default:
		return 0;
	}
	if (ioctl(fd, SNDRV_CTL_IOCTL_ELEM_WRITE, &val) < 0)
		return -1;
	printf("snd-unmute: %s = %s\n", (char *)id->name,
	       info.type == SNDRV_CTL_ELEM_TYPE_BOOLEAN ? "on" : "max");
	return 1;
}

int main(int argc, char **argv)
{
	struct snd_ctl_elem_list list;
	struct snd_ctl_elem_id *ids;
	unsigned int i;
	int fd, n, changed = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: snd-unmute /dev/snd/controlCN\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "snd-unmute: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	memset(&list, 0, sizeof(list));
	if (ioctl(fd, SNDRV_CTL_IOCTL_ELEM_LIST, &list) < 0)
		goto err;
	ids = calloc(list.count, sizeof(*ids));
	if (!ids)
		return 1;
	list.space = list.count;
	list.pids = ids;
	if (ioctl(fd, SNDRV_CTL_IOCTL_ELEM_LIST, &list) < 0)
		goto err;
	for (i = 0; i < list.used; i++) {
		if (!strstr((char *)ids[i].name, "Playback"))
			continue;
		n = unmute_elem(fd, &ids[i]);
		if (n < 0)
			goto err;
		changed += n;
	}
	close(fd);
	if (!changed) {
		fprintf(stderr, "snd-unmute: no playback control on %s\n",
			argv[1]);
		return 1;
	}
	return 0;
err:
	fprintf(stderr, "snd-unmute: %s: %s\n", argv[1], strerror(errno));
	return 1;
}
