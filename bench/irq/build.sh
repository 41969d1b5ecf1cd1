#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds the benchmark's own archive, build/bench-irq/bench.cpio:
#   /bin/{irqtrace,irqstat,edu-load,net-load}   bench/irq/guest/*.c, static
#   /tests/bench-irq-*.sh                       bench/irq/guest/
# The modules come from the boot matrix's rows (testsuite/boot/build-modules.sh,
# /lib/modules/irqconv/NAME/{original,converted}/), built against the kernel
# that boots; bench/irq/run.sh puts the archives end to end after that
# kernel's initramfs.

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac
out=$build/bench-irq
tmp=$out/guest.tmp

rm -rf "$tmp"
mkdir -p "$tmp/bin"
for c in "$top"/bench/irq/guest/*.c; do
	gcc -static -O2 -Wall -Werror -o "$tmp/bin/$(basename "$c" .c)" "$c"
done
{
	echo "dir /bin 755 0 0"
	echo "dir /tests 755 0 0"
	for b in "$tmp"/bin/*; do
		echo "file /bin/$(basename "$b") $b 755 0 0"
	done
	for t in "$top"/bench/irq/guest/*.sh; do
		echo "file /tests/$(basename "$t") $t 755 0 0"
	done
} >"$tmp/bench.list"
# The kernel's own archiver, from the patched source both kernels share:
# this archive does not depend on which kernel boots it.
gcc -O2 -Wall -o "$tmp/gen_init_cpio" "$build/testkernel/src/usr/gen_init_cpio.c"
"$tmp/gen_init_cpio" "$tmp/bench.list" >"$tmp/bench.cpio"
rm -rf "$out/guest"
mv "$tmp" "$out/guest"
