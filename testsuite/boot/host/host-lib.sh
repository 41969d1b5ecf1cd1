# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Sourced by the host sides of the workloads (testsuite/boot/host/*.sh,
# *.post).  host_tool NAME prints the path of the host build of NAME.c
# (testsuite/boot/host-src/ or guest-src/), compiling it first when the
# source is newer; boots run in parallel, so the binary appears by rename.

host_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
host_bin=${BUILD:-$host_top/build}/boot-host

host_tool() {
	local name=$1 src bin
	src=$host_top/testsuite/boot/host-src/$name.c
	[ -f "$src" ] || src=$host_top/testsuite/boot/guest-src/$name.c
	bin=$host_bin/$name
	if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
		mkdir -p "$host_bin"
		gcc -O2 -Wall -Werror -o "$bin.$$" "$src" || return 1
		mv -f "$bin.$$" "$bin"
	fi
	echo "$bin"
}

# host_wait_log SECONDS TEXT: wait until the console log shows TEXT.
host_wait_log() {
	local left=$(($1 * 5))
	while ! grep -qF -- "$2" "$BOOT_LOG" 2>/dev/null; do
		left=$((left - 1))
		[ $left -gt 0 ] || return 1
		sleep 0.2
	done
}
