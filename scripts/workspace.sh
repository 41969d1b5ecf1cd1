#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Kernel workspaces under build/:
#   build/linux-VER/          Debian's linux-source-VER tarball, extracted, pristine
#   build/kbuild-VER/         its O= tree, x86_64 allmodconfig with clang-16, prepared
#   build/kbuild-VER-ARCH/    the same for arm64, arm, armv5, powerpc, ppc32 and
#                             mips, with the LLVM toolchain (LLVM=-16: clang-16,
#                             ld.lld-16, llvm-*-16), no cross gcc; and for i386
#                             (CC=clang-16)
#
# Each step leaves a stamp file inside the tree it made and is skipped when the
# stamp is there, so a second run costs nothing.  A step works in a temporary
# directory and renames it into place, so an interrupted run leaves no
# half-made tree behind.

set -euo pipefail

usage() {
	cat <<USAGE
usage: workspace.sh extract VER            extract /usr/src/linux-source-VER.tar.xz
       workspace.sh prepare VER [ARCH]     configure and prepare the O= tree
       workspace.sh check VER [ARCH]       exit 0 when both steps are done
VER is 6.1 or 6.12; ARCH is x86_64 (default, build/kbuild-VER), arm64, arm,
armv5, powerpc, ppc32, mips or i386 (build/kbuild-VER-ARCH); armv5 and
ppc32 are arm and powerpc configured for ARMv4/v5 and 32-bit platforms.  BUILD (default: build) is
where the trees go.
USAGE
}

die() {
	echo "workspace: $*" >&2
	exit 1
}

# The kernel's make runs with a -j of its own: the jobserver and variables
# of a parent make (`make -j2 workspaces`, as make check runs it) are not
# for it.
unset MAKEFLAGS MFLAGS MAKEOVERRIDES

BUILD=${BUILD:-build}
CLANG=${CLANG:-clang-16}

[ $# -eq 2 ] || [ $# -eq 3 ] || { usage >&2; exit 2; }
cmd=$1
ver=$2
arch=${3:-x86_64}
case "$ver" in
6.1|6.12) ;;
*) die "unknown kernel version '$ver' (6.1 or 6.12)" ;;
esac

src=$BUILD/linux-$ver
obj=$BUILD/kbuild-$ver
# Every kbuild invocation on the analysis tree must use the same make
# arguments as the one that configured it; the converter reads them back from
# .irqconv-make-args.  The other architectures need a linker and binutils of
# their own too (a vdso is linked at prepare time): LLVM=-16 gives clang-16
# and its tools; i386 shares x86_64's.
allconfig=

case "$arch" in
x86_64) make_args="ARCH=x86_64 CC=$CLANG" ;;
arm64|arm|powerpc|mips)
	obj=$obj-$arch
	make_args="ARCH=$arch LLVM=-${CLANG#clang-}"
	;;
i386)
	obj=$obj-$arch
	make_args="ARCH=i386 CC=$CLANG"
	;;
# Variants of an architecture: allmodconfig with the choice another
# platform family needs (ARMv4/v5 SoCs, 32-bit PowerPC), named apart.
armv5)
	obj=$obj-$arch
	make_args="ARCH=arm LLVM=-${CLANG#clang-}"
	allconfig="CONFIG_ARCH_MULTI_V7=n CONFIG_ARCH_MULTI_V6=n CONFIG_ARCH_MULTI_V5=y CONFIG_ARCH_MULTI_V4T=y CONFIG_ARCH_MULTI_V4=y"
	;;
ppc32)
	obj=$obj-$arch
	make_args="ARCH=powerpc LLVM=-${CLANG#clang-}"
	allconfig="CONFIG_PPC64=n"
	;;
*) die "unknown architecture '$arch' (x86_64, arm64, arm, armv5, powerpc, ppc32, mips or i386)" ;;
esac
tarball=/usr/src/linux-source-$ver.tar.xz

kernel_version() {
	awk '/^VERSION =/ { v = $3 } /^PATCHLEVEL =/ { p = $3 }
	     END { if (v != "") print v "." p }' "$1/Makefile"
}

extract() {
	[ -f "$src/.irqconv-extracted" ] && return 0
	[ -f "$tarball" ] || die "$tarball is missing (apt-get install linux-source-$ver, or 'make deps')"
	mkdir -p "$BUILD"
	local tmp
	tmp=$(mktemp -d "$BUILD/.extract-$ver.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	echo "  EXTRACT $tarball -> $src" >&2
	tar -C "$tmp" -xf "$tarball"
	local top
	top=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)
	[ -f "$top/Makefile" ] || die "$tarball: no kernel Makefile at its top"
	local got
	got=$(kernel_version "$top")
	[ "$got" = "$ver" ] || die "$tarball: Makefile says version $got, expected $ver"
	rm -rf "$src"
	mv "$top" "$src"
	touch "$src/.irqconv-extracted"
	rm -rf "$tmp"
	trap - EXIT
}

prepare() {
	[ -f "$obj/.irqconv-prepared" ] && return 0
	[ -f "$src/.irqconv-extracted" ] || die "$src is not extracted (run: make workspace)"
	command -v "$CLANG" >/dev/null || die "$CLANG not found (make deps)"
	local abs_src abs_obj
	abs_src=$(cd "$src" && pwd)
	# Prepared in place: kbuild records the absolute O= path, so a tree
	# prepared elsewhere and moved is prepared again.  Until the stamp is
	# written last, irqconv refuses the tree and the next run starts over.
	rm -rf "$obj" "$obj.tmp"
	mkdir -p "$obj"
	abs_obj=$(cd "$obj" && pwd)
	echo "  KBUILD  $obj: allmodconfig${allconfig:+ ($allconfig)}, $make_args, prepare" >&2
	if [ -n "$allconfig" ]; then
		tr ' ' '\n' <<<"$allconfig" >"$abs_obj/.irqconv-allconfig"
		KCONFIG_ALLCONFIG="$abs_obj/.irqconv-allconfig" \
			make -s -C "$abs_src" O="$abs_obj" $make_args allmodconfig >/dev/null
	else
		make -s -C "$abs_src" O="$abs_obj" $make_args allmodconfig >/dev/null
	fi
	make -s -C "$abs_src" O="$abs_obj" $make_args \
		-j"${JOBS:-$(nproc)}" prepare >/dev/null
	printf '%s\n' "$make_args" > "$obj/.irqconv-make-args"
	printf '%s\n' "$arch" > "$obj/.irqconv-arch"
	touch "$obj/.irqconv-prepared"
}

case "$cmd" in
extract) extract ;;
prepare) prepare ;;
check) [ -f "$src/.irqconv-extracted" ] && [ -f "$obj/.irqconv-prepared" ] ;;
*) usage >&2; exit 2 ;;
esac
