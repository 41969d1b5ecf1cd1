# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for tests of a quilt series against a Debian linux-source
# tarball.  Sourced after test-lib.sh.
#
#   series_patches DIR        the patch files of DIR/series, in order
#   extract_pristine VER DEST linux-source-VER from /usr/src into DEST
#                             (mtimes fresh), optionally only PATHS...

series_patches() {
	local dir=$1
	[ -f "$dir/series" ] || fail "no series in $dir"
	sed -e '/^#/d' -e '/^[[:space:]]*$/d' -e 's/[[:space:]].*//' "$dir/series" |
		while read -r p; do echo "$dir/$p"; done
}

extract_pristine() {
	local ver=$1 dest=$2 tarball=/usr/src/linux-source-$1.tar.xz
	shift 2
	[ -f "$tarball" ] || skip "$tarball not installed"
	mkdir -p "$dest"
	tar -xmf "$tarball" -C "$dest" --strip-components=1 \
		${1:+--wildcards} "${@/#/linux-source-$ver/}"
}

# series_files DIR: the files the patches of DIR/series touch, sorted.
series_files() {
	local patches
	mapfile -t patches < <(series_patches "$1")
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "${patches[@]}" | sort -u
}

# extract_touched VER DIR DEST: only the files DIR's series touches (the
# new ones do not exist yet), from linux-source-VER.
extract_touched() {
	local ver=$1 dir=$2 dest=$3 f
	mkdir -p "$dest"
	[ -f "/usr/src/linux-source-$ver.tar.xz" ] || skip "linux-source-$ver not installed"
	series_files "$dir" | while read -r f; do
		tar -xmf "/usr/src/linux-source-$ver.tar.xz" -C "$dest" \
			--strip-components=1 "linux-source-$ver/$f" 2>/dev/null || true
	done
}
