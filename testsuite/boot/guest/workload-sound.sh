#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Audio workload (snd-ens1370, snd-hda-intel): with the card's playback
# controls unmuted and at full volume, two seconds of a 440 Hz tone
# through the OSS emulation's /dev/dsp (snd-pcm-oss), drained before
# the program exits.  QEMU writes what the device played to a wav file;
# the host's sound.post demands non-silent samples in it.
# shellcheck source=testsuite/boot/guest/workload-lib.sh
. /tests/workload-lib.sh

# HDA probes the codec in a work item, after the module has loaded.
wl_wait 20 test -c /dev/dsp || wl_fail "no /dev/dsp"
echo "workload: $(head -n 2 /proc/asound/cards | tr -s ' \n' ' ')"
# An HDA codec comes up muted; no alsactl here to restore a mixer.
snd-unmute /dev/snd/controlC0 || wl_fail "could not unmute the card"
snd-sine /dev/dsp 2000 || wl_fail "playing through /dev/dsp failed"
