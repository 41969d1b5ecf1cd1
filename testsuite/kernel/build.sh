#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds the test kernel and its initramfs, one step per call; the make
# rules in testsuite/kernel/rules.mk call the steps when their inputs change.
#
#   build.sh src        fresh linux-source-6.1 + `quilt push -a` of kernel-patches/
#   build.sh config     tinyconfig + testsuite/kernel/config/*.config, checked
#   build.sh kernel     bzImage and modules (gcc, ccache), modules installed
#   build.sh initramfs  busybox, our static helpers, modules, /init, tests
#   build.sh fragments  the configuration fragments, one a line, in order
#
# Everything lands in $BUILD/testkernel (default build/testkernel).
# KERNEL_FLAVOUR=bench builds bench-irq's kernel instead, in
# $BUILD/benchkernel, from the same source with the fragments that
# bench/irq/kernel.fragments lists (testsuite/kernel/flavour.sh).

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac
# shellcheck source=testsuite/kernel/flavour.sh
. "$top/testsuite/kernel/flavour.sh"
tarball=${TESTKERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
export CCACHE_DIR=${CCACHE_DIR:-$build/ccache}
jobs=${JOBS:-2}

if [ "${1:-}" = fragments ]; then
	printf '%s\n' "${frags[@]#"$top"/}"
	exit 0
fi

# One build at a time in build/testkernel: several tiers (and engineers)
# may ask for the test kernel at once.
mkdir -p "$tk"
exec 9>"$tk/.lock"
flock 9
# Another flavour builds from the test kernel's source without taking its
# lock, so that boot tests never wait for a benchmark kernel; a new series
# applied meanwhile (`build.sh src` replaces the directory) fails the step.
src_id() {
	stat -c %i "$src" 2>/dev/null || true
}
src_was=$(src_id)
if [ "$flavour" != test ] && [ -z "$src_was" ]; then
	echo "build.sh: no test kernel source in $src (make test-kernel-config)" >&2
	exit 1
fi

kmake() {
	make -s -C "$src" O="$obj" ARCH=x86_64 CC="ccache gcc" \
		HOSTCC="ccache gcc" -j"$jobs" "$@"
}

step_src() {
	[ "$flavour" = test ] || {
		echo "build.sh: the $flavour kernel builds from the test kernel's source" >&2
		exit 2
	}
	rm -rf "$src" "$tk/src.tmp"
	mkdir -p "$tk/src.tmp"
	# -m: fresh mtimes, so kbuild in the kept $obj recompiles every file
	# whose content may differ from the previous series (ccache makes
	# the unchanged ones cheap).
	tar -xmf "$tarball" -C "$tk/src.tmp"
	mv "$tk/src.tmp"/linux-source-* "$src"
	rmdir "$tk/src.tmp"
	(cd "$src" && QUILT_PATCHES="$top/kernel-patches" quilt push -a -q) ||
		{ echo "build.sh: the series does not apply" >&2; exit 1; }
}

# Every CONFIG_ line of a fragment must be in the final .config as written;
# "# CONFIG_X is not set" means X must be unset.  Catches typos and options
# whose dependencies are missing, which merge_config.sh only warns about.
check_config() {
	local frag line sym bad=0
	for frag in "$@"; do
		while IFS= read -r line; do
			case "$line" in
			CONFIG_*=*)
				grep -qxF -- "$line" "$obj/.config" && continue
				;;
			"# CONFIG_"*" is not set")
				sym=${line#\# }
				sym=${sym%% *}
				grep -q "^$sym=" "$obj/.config" || continue
				;;
			*) continue ;;
			esac
			echo "build.sh: ${frag#"$top"/}: '$line' did not survive" \
				"(now: $(grep -E "(^| )${line#\# }" "$obj/.config" | \
				head -1))" >&2
			bad=1
		done <"$frag"
	done
	return $bad
}

step_config() {
	mkdir -p "$obj"
	kmake tinyconfig >/dev/null
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" \
		"$obj/.config" "${frags[@]}" >"$tk/merge_config.log")
	kmake olddefconfig
	check_config "${frags[@]}"
}

step_kernel() {
	local release
	kmake bzImage modules
	release=$(kmake -s kernelrelease)
	rm -rf "$tk/modroot"
	kmake INSTALL_MOD_PATH="$tk/modroot" INSTALL_MOD_STRIP=1 \
		modules_install >/dev/null
	cp "$obj/arch/x86/boot/bzImage" "$tk/bzImage.tmp"
	echo "$release" >"$tk/release"
	mv "$tk/bzImage.tmp" "$tk/bzImage"
}

# gen_init_cpio list entries for a host directory tree, installed at DEST.
cpio_tree() {
	local from=$1 dest=$2 path rel
	(cd "$from" && find . -mindepth 1 | sort) | while read -r path; do
		rel=${path#./}
		if [ -d "$from/$rel" ]; then
			echo "dir $dest/$rel 755 0 0"
		else
			echo "file $dest/$rel $from/$rel 644 0 0"
		fi
	done
}

step_initramfs() {
	local ird=$top/testsuite/kernel/initramfs stage=$tk/initramfs.d
	local list=$tk/initramfs.list c applet d
	rm -rf "$stage"
	mkdir -p "$stage/bin"
	gcc -O2 -Wall -o "$tk/gen_init_cpio" "$src/usr/gen_init_cpio.c"
	for c in "$ird"/*.c; do
		[ -f "$c" ] || continue
		gcc -static -O2 -Wall -Werror -o "$stage/bin/$(basename "$c" .c)" "$c"
	done
	{
		for d in bin sbin usr usr/bin usr/sbin dev proc sys tmp run \
			 lib lib/modules tests sys/kernel/debug; do
			echo "dir /$d 755 0 0"
		done
		echo "nod /dev/console 600 0 0 c 5 1"
		echo "nod /dev/null 666 0 0 c 1 3"
		echo "file /bin/busybox /bin/busybox 755 0 0"
		/bin/busybox --list-full | while read -r applet; do
			[ "$applet" = bin/busybox ] && continue
			echo "slink /$applet /bin/busybox 777 0 0"
		done
		for c in "$stage"/bin/*; do
			[ -f "$c" ] || continue
			echo "file /bin/$(basename "$c") $c 755 0 0"
		done
		echo "file /init $ird/init 755 0 0"
		for c in "$ird"/tests/*; do
			[ -f "$c" ] || continue
			echo "file /tests/$(basename "$c") $c 755 0 0"
		done
		if [ -d "$tk/modroot/lib/modules" ]; then
			cpio_tree "$tk/modroot/lib/modules" /lib/modules
		fi
	} >"$list"
	"$tk/gen_init_cpio" "$list" >"$tk/initramfs.cpio.tmp"
	mv "$tk/initramfs.cpio.tmp" "$tk/initramfs.cpio"
}

case "${1:-}" in
src) step_src ;;
config) step_config ;;
kernel) step_kernel ;;
initramfs) step_initramfs ;;
*) echo "usage: $0 src|config|kernel|initramfs|fragments" >&2; exit 2 ;;
esac
if [ "$flavour" != test ] && [ "$(src_id)" != "$src_was" ]; then
	echo "build.sh: the test kernel's source was replaced during this" \
		"$flavour kernel step: run it again" >&2
	exit 1
fi
