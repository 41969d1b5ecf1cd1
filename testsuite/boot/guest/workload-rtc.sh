#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# RTC workload (rtc-cmos): five update interrupts read from /dev/rtc0
# after RTC_UIE_ON, one a second of RTC time.  With the HPET emulating the
# RTC interrupt (CONFIG_HPET_EMULATE_RTC, as on q35) the line is still
# IRQ 8 and the handler rtc-cmos's.
# shellcheck source=testsuite/boot/guest/workload-lib.sh
. /tests/workload-lib.sh

rtc_ready() {
	[ -c /dev/rtc0 ] && [ "$(cat /sys/class/rtc/rtc0/name 2>/dev/null)" != "" ]
}

wl_wait 10 rtc_ready || wl_fail "no /dev/rtc0"
echo "workload: rtc0 is $(cat /sys/class/rtc/rtc0/name)"
rtc-uie /dev/rtc0 5 || wl_fail "no update interrupts through /dev/rtc0"
