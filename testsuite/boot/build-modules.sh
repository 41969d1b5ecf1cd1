#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Builds the modules one matrix row boots with, besides the test kernel's
# own, into $BUILD/boot/mod/NAME/:
#
#   convert/        `irqconv convert --all -o` of the row's convert paths, as
#                   is (no-gain sites too: the row boots a conversion)
#   converted/      the row's moddir (from the test kernel's source, or
#                   examples/DIR) with that patch applied, built M= against
#                   the test kernel; its .ko files and modules.deps
#   original/       for examples/DIR only: the directory as written, built
#                   the same way (in-tree drivers boot the kernel's modules)
#   status          "converted", or "refused REASONS" when irqconv made no
#                   patch (the converted variants are then skipped)
#   outcome         what irqconv does with the row, in the terms of the
#                   matrix's expect field: "converts", "converts:no-gain"
#                   (every converted site is one irqconv declines as no-gain
#                   without --all) or "refused:CODE,..." (the reason codes
#                   of the sites not converted, sorted)
#   mods.cpio       the .ko sets under /lib/modules/irqconv/NAME/
#
# usage: build-modules.sh NAME
#
# Environment: MODS_DIR (default $BUILD/boot/mod) for another place,
# KERNEL_FLAVOUR=bench to build against bench-irq's kernel instead of the
# test kernel (testsuite/kernel/flavour.sh).

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
case "$build" in /*) ;; *) build=$top/$build ;; esac
# shellcheck source=testsuite/kernel/flavour.sh
. "$top/testsuite/kernel/flavour.sh"
mods=${MODS_DIR:-$build/boot/mod}
case "$mods" in /*) ;; *) mods=$top/$mods ;; esac
irqconv=${IRQCONV:-$build/bin/irqconv}
export CCACHE_DIR=${CCACHE_DIR:-$build/ccache}
# shellcheck source=testsuite/boot/matrix.sh
. "$top/testsuite/boot/matrix.sh"

[ $# -eq 1 ] || { echo "usage: $0 NAME" >&2; exit 2; }
matrix_row "$1"
out=$mods/$ROW_NAME
tmp=$out.tmp
# One build of a row at a time: two makes may ask for it at once.
mkdir -p "$mods"
exec 9>"$out.lock"
flock 9

die() {
	echo "build-modules: $ROW_NAME: $*" >&2
	exit 1
}

# Where a path of the matrix lives: examples/ in this repository, the rest
# in the pristine 6.1 tree (for irqconv) or the test kernel's (to build).
in_tree() {
	case "$1" in
	--*) echo "$1" ;;	# an option for irqconv convert (--strategy=...)
	examples/*) echo "$top/$1" ;;
	*) echo "$2/$1" ;;
	esac
}

# A patch names the files of an external module (examples/DIR) from its
# directory, the others from the top of the kernel tree (docs/convert.md).
case "$ROW_MODDIR" in
examples/*) patch_prefix= ;;
*) patch_prefix=$ROW_MODDIR/ ;;
esac

# Every file the patch touches must be inside the directory we rebuild.
patch_inside_moddir() {
	local p=$1 bad
	bad=$(sed -n 's|^+++ b/||p; s|^--- a/||p' "$p" | sort -u |
		if [ -n "$patch_prefix" ]; then grep -v "^$patch_prefix"
		else grep -E '^/|(^|/)\.\.(/|$)'; fi || true)
	[ -z "$bad" ] || die "$(basename "$p") changes files outside $ROW_MODDIR: $bad"
}

# build_dir SRC SET: the directory SRC is built with its own Makefile or
# Kbuild, which picks its modules from the test kernel's configuration; the
# modules land in SET, with name, file and dependencies of each in
# SET/modules.deps for the guest to load them in order.
build_dir() {
	local dir=$1 set=$2 ko name deps inc=
	# A copy of a kernel directory keeps the includes it makes relative to
	# its place in the tree (libata-eh.c: "../scsi/scsi_transport_api.h").
	if [ -d "$src/$ROW_MODDIR" ]; then
		inc=-I$src/$ROW_MODDIR
	fi
	mkdir -p "$set"
	make -s -C "$src" O="$obj" ARCH=x86_64 CC="ccache gcc" \
		${inc:+KCFLAGS="$inc"} M="$dir" modules >"$dir.log" 2>&1 ||
		{ cat "$dir.log" >&2; die "module build in $dir failed"; }
	: >"$set/modules.deps"
	while read -r ko; do
		[ ! -e "$set/${ko##*/}" ] ||
			die "two modules named ${ko##*/} in $ROW_MODDIR"
		strip --strip-debug -o "$set/${ko##*/}" "$ko"
		name=$(modinfo -F name "$ko")
		deps=$(modinfo -F depends "$ko" | tr ',' ' ')
		echo "${name//-/_} ${ko##*/} ${deps//-/_}" >>"$set/modules.deps"
	done < <(find "$dir" -name '*.ko' | sort)
	[ -s "$set/modules.deps" ] || die "no module built in $dir"
}

# outcome SITES.JSON: the row's outcome line (see the top of this file).
outcome() {
	jq -rs '[.[] | select(.verdict == "converted")] as $c |
		if ($c | length) == 0 then
			"refused:" + ([.[].reason_code] | unique | join(","))
		elif all($c[]; (.benefit // []) | index("no-gain")) then
			"converts:no-gain"
		else "converts" end' "$1"
}

convert_row() {
	local paths=() p patch strip
	IFS=, read -r -a paths <<<"$ROW_CONVERT"
	for p in "${!paths[@]}"; do
		paths[p]=$(in_tree "${paths[p]}" "$build/linux-6.1")
	done
	# --all: the row boots a conversion, gainful or not (e1000, e100, ...).
	"$irqconv" convert --all -o "$tmp/convert" "${paths[@]}" >"$tmp/convert.txt" ||
		die "irqconv convert failed: $(tail -3 "$tmp/convert.txt")"
	cat "$tmp/convert.txt"
	outcome "$tmp/convert/sites.json" >"$tmp/outcome"
	patch=$(grep -v '^0000-' "$tmp/convert/series" || true)
	if [ -z "$patch" ]; then
		# One line, each distinct reason once with its handlers: the skip
		# reason.
		echo "refused $(jq -r 'select(.verdict != "converted") |
			[.handler, .reason] | @tsv' "$tmp/convert/sites.json" |
			awk -F '\t' '
			{
				r = $2
				i = index(r, $1 "()")
				if (i)
					r = substr(r, 1, i - 1) "the handler" \
					    substr(r, i + length($1) + 2)
				if (!(r in who)) { order[++n] = r; who[r] = $1 }
				else if (index(", " who[r] ", ", ", " $1 ", ") == 0)
					who[r] = who[r] ", " $1
			}
			END {
				for (i = 1; i <= n; i++)
					printf "%s%s: %s", (i > 1 ? "; " : ""), who[order[i]], order[i]
			}')" >"$tmp/status"
		return 0
	fi
	[ "$(wc -l <<<"$patch")" -eq 1 ] ||
		die "irqconv made several patches, expected one for $ROW_MODDIR: $patch"
	patch=$tmp/convert/$patch
	patch_inside_moddir "$patch"
	cp -r "$(in_tree "$ROW_MODDIR" "$src")" "$tmp/converted.src"
	strip=$(($(tr -cd / <<<"$patch_prefix" | wc -c) + 1))
	patch -s -p"$strip" -d "$tmp/converted.src" --no-backup-if-mismatch <"$patch" ||
		die "$(basename "$patch") does not apply to $ROW_MODDIR of the test kernel"
	build_dir "$tmp/converted.src" "$tmp/converted"
	echo converted >"$tmp/status"
}

cpio_list() {
	local set f
	echo "dir /lib 755 0 0"
	echo "dir /lib/modules 755 0 0"
	echo "dir /lib/modules/irqconv 755 0 0"
	echo "dir /lib/modules/irqconv/$ROW_NAME 755 0 0"
	for set in original converted; do
		[ -d "$tmp/$set" ] || continue
		echo "dir /lib/modules/irqconv/$ROW_NAME/$set 755 0 0"
		echo "file /lib/modules/irqconv/$ROW_NAME/$set/modules.deps $out/$set/modules.deps 644 0 0"
		while read -r f; do
			echo "file /lib/modules/irqconv/$ROW_NAME/$set/$f $out/$set/$f 644 0 0"
		done < <(awk '{ print $2 }' "$tmp/$set/modules.deps")
	done
}

rm -rf "$tmp"
mkdir -p "$tmp"
[ -x "$irqconv" ] || die "no $irqconv (make irqconv)"
[ -f "$obj/Module.symvers" ] || die "no $flavour kernel in $tk (make test-kernel or bench-kernel)"
case "$ROW_MODDIR" in
examples/*)
	cp -r "$top/$ROW_MODDIR" "$tmp/original.src"
	build_dir "$tmp/original.src" "$tmp/original"
	;;
esac
convert_row
cpio_list | sed "s|$out/|$tmp/|" >"$tmp/mods.list"
"$tk/gen_init_cpio" "$tmp/mods.list" >"$tmp/mods.cpio"
sed -i "s|$tmp/|$out/|" "$tmp/mods.list"
rm -rf "$out"
mv "$tmp" "$out"
