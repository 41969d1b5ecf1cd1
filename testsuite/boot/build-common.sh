#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds $BUILD/boot/common.cpio, what every matrix boot adds to the test
# initramfs:
#   /tests/*.sh         testsuite/boot/guest/ (boot.sh, boot-lib.sh,
#                       workload-NAME.sh)
#   /tests/boot-matrix  testsuite/boot/matrix, which boot.sh reads
#   /bin/PROG           testsuite/boot/guest-src/PROG.c and
#                       examples/edu/edu-test.c, static
# The kernel unpacks concatenated archives in order, so a row's initrd is
# the test initramfs, this archive and the row's modules, end to end.

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac
here=$top/testsuite/boot
out=$build/boot/common
tmp=$out.tmp
mkdir -p "$build/boot"
exec 9>"$out.lock"
flock 9

rm -rf "$tmp"
mkdir -p "$tmp/bin"
for c in "$here"/guest-src/*.c "$top/examples/edu/edu-test.c"; do
	[ -f "$c" ] || continue
	gcc -static -O2 -Wall -Werror -o "$tmp/bin/$(basename "$c" .c)" "$c"
done
{
	echo "dir /bin 755 0 0"
	echo "dir /tests 755 0 0"
	for c in "$tmp"/bin/*; do
		echo "file /bin/$(basename "$c") $out/bin/$(basename "$c") 755 0 0"
	done
	for c in "$here"/guest/*.sh; do
		echo "file /tests/$(basename "$c") $c 755 0 0"
	done
	echo "file /tests/boot-matrix $here/matrix 644 0 0"
} >"$tmp/common.list"
sed "s|$out/|$tmp/|" "$tmp/common.list" >"$tmp/build.list"
"$build/testkernel/gen_init_cpio" "$tmp/build.list" >"$tmp/common.cpio"
rm -rf "$out"
mv "$tmp" "$out"
