#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# One boot of the matrix: row NAME, variant VARIANT (make boot/NAME/VARIANT).
#
# Boots the test kernel with $BUILD/boot/initrd/NAME.cpio and
# irqconv.test=boot irqconv.driver=NAME irqconv.variant=VARIANT (plus
# threadirqs or pci=nomsi), with the row's machine and QEMU arguments, a
# monitor socket and the host0 chardev; runs the workloads' host sides
# (testsuite/boot/host/W.sh) while QEMU runs and W.post after.  Judges:
# irqconv's outcome against the row's expect field, guest result,
# power-off within the limit, clean console, host sides.
#
# Writes $BUILD/boot/NAME/VARIANT.result, one line: "pass", "skip REASON"
# or "fail REASON"; the console is VARIANT.console beside it.  Exit 0 for
# pass and skip, 1 for fail.
#
# usage: run.sh NAME VARIANT
# Environment: BOOT_TIMEOUT (seconds, default 300), BOOT_OUT (where
# NAME/VARIANT.* go, default $BUILD/boot), BOOT_MODS (where the rows'
# modules are, default $BUILD/boot/mod) and those of
# testsuite/lib/boot.sh.

set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac
export BUILD=$build
here=$top/testsuite/boot
# shellcheck source=testsuite/boot/matrix.sh
. "$here/matrix.sh"
# boot.sh wants test-lib's fail(); ours records the reason instead.
# shellcheck source=testsuite/lib/boot.sh
. "$top/testsuite/lib/boot.sh"

[ $# -eq 2 ] || { echo "usage: $0 NAME VARIANT" >&2; exit 2; }
name=$1
variant=$2
matrix_row "$name" || exit 1
dir=${BOOT_OUT:-$build/boot}/$name
log=$dir/$variant.console
result=$dir/$variant.result
limit=${BOOT_TIMEOUT:-300}
mkdir -p "$dir"
# Two makes may ask for the same boot: one at a time.
exec 9>"$dir/$variant.lock"
flock 9
rm -f "$result" "$log".*

# normal_expect EXPECT: refused:CODE,... with the codes sorted.
normal_expect() {
	case "$1" in
	refused:*) echo "refused:$(tr , '\n' <<<"${1#refused:}" | sort | paste -sd,)" ;;
	*) echo "$1" ;;
	esac
}

finish() {
	echo "$1" >"$result"
	echo "# boot/$name/$variant: $1${2:+ (${2}s)}"
	case "$1" in
	fail*)
		echo "# console: $log"
		exit 1
		;;
	esac
	exit 0
}

case ",$ROW_VARIANTS," in
*,"$variant",*) ;;
*) finish "fail no variant $variant in the row (it has $ROW_VARIANTS)" ;;
esac
mods=${BOOT_MODS:-$build/boot/mod}/$name
if ! status=$(cat "$mods/status" 2>/dev/null) ||
	! outcome=$(cat "$mods/outcome" 2>/dev/null); then
	finish "fail modules not built (make $build/boot/mod/$name/mods.cpio)"
fi
# The row's expect field pins what irqconv does with the driver: any other
# outcome fails every variant of the row, whichever way it changed.
if [ "$(normal_expect "$ROW_EXPECT")" != "$(normal_expect "$outcome")" ]; then
	why=
	case "$status" in refused*) why=" (${status#refused })" ;; esac
	finish "fail expect $ROW_EXPECT, but irqconv gives $outcome$why: check the driver, then fix irqconv or the row's expect"
fi
case "$variant:$status" in
converted:refused*|nomsi:refused*)
	finish "skip irqconv refused as expected: ${status#refused }"
	;;
esac

append="irqconv.test=boot irqconv.driver=$name irqconv.variant=$variant"
case "$variant" in
threadirqs) append="$append threadirqs" ;;
nomsi) append="$append pci=nomsi" ;;
esac

# Unix socket paths must fit in 108 bytes: short names in a short place.
sockdir=$(mktemp -d /tmp/irqconv-boot.XXXXXX)
trap 'rm -rf "$sockdir"' EXIT
export BOOT_MONITOR=$sockdir/monitor
export BOOT_CHARDEV=$sockdir/host0
export BOOT_WAV=$dir/$variant.wav
export BOOT_LOG=$log
rm -f "$BOOT_WAV"
qemu=()
for a in "${ROW_QEMU[@]}"; do
	a=${a//@CHARDEV@/$BOOT_CHARDEV}
	qemu+=("${a//@WAV@/$BOOT_WAV}")
done

workloads=()
IFS=+ read -r -a workloads <<<"$ROW_WORKLOAD"
hosts=()
for w in "${workloads[@]}"; do
	[ -f "$here/host/$w.sh" ] && hosts+=("$here/host/$w.sh")
done
BOOT_HOST_CMD=
if [ ${#hosts[@]} -gt 0 ]; then
	# Several host sides run side by side; the first to fail fails all.
	BOOT_HOST_CMD="st=0; for h in ${hosts[*]}; do bash \$h & done;"
	BOOT_HOST_CMD+=" while [ \$(jobs -pr | wc -l) -gt 0 ]; do wait -n || st=\$?; done; exit \$st"
fi
export BOOT_HOST_CMD

BOOT_MACHINE=$ROW_MACHINE
start=$(date +%s)
st=0
boot "$BOOT_KERNEL" "$build/boot/initrd/$name.cpio" "$append" "$limit" "$log" \
	-chardev "socket,id=host0,path=$BOOT_CHARDEV,server=on,wait=off" \
	"${qemu[@]}" 2>"$log.stderr" || st=$?
secs=$(($(date +%s) - start))

reason=$(tr -d '\r' <"$log" |
	sed -nE 's/^boot: FAIL: //p; s/^([a-z0-9-]+): FAIL: /\1: /p' | head -1)
[ $st -eq 124 ] && finish "fail no power-off within ${limit}s${reason:+ ($reason)}" $secs
[ $st -eq 0 ] || finish "fail qemu exited with $st: $(head -c 200 "$log.stderr")" $secs
[ -n "$reason" ] && finish "fail $reason" $secs
# Not tr | grep -q: grep leaving at the match would kill tr with SIGPIPE
# when the console goes on, and pipefail would call that a failure.
grep -q '^IRQCONV-RESULT: boot 0' <(tr -d '\r' <"$log") ||
	finish "fail guest did not report success: $(tr -d '\r' <"$log" |
		sed -n 's/^IRQCONV-RESULT: //p' | head -1)" $secs
console_check "$log" 2>"$log.check" ||
	finish "fail console: $(grep -v "^console: bad messages" "$log.check" | head -1 | sed "s/^console: //" | cut -c1-160)" $secs
case "${BOOT_HOST_STATUS:-}" in
'' | 0 | killed) ;;
*) finish "fail host side exited with $BOOT_HOST_STATUS, log $log.host" $secs ;;
esac
for w in "${workloads[@]}"; do
	[ -f "$here/host/$w.post" ] || continue
	bash "$here/host/$w.post" >"$log.$w.post" 2>&1 ||
		finish "fail $w.post: $(tail -1 "$log.$w.post"), log $log.$w.post" $secs
done
finish pass $secs
