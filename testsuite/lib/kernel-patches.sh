# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for tests of a quilt series against a Debian linux-source
# tarball.  Sourced after test-lib.sh.
#
#   series_patches DIR        the patch files of DIR/series, in order
#   pristine_tree VER DIR DEST  linux-source-VER to patch and build in

series_patches() {
	local dir=$1
	[ -f "$dir/series" ] || fail "no series in $dir"
	sed -e '/^#/d' -e '/^[[:space:]]*$/d' -e 's/[[:space:]].*//' "$dir/series" |
		while read -r p; do echo "$dir/$p"; done
}

# pristine_tree VER DIR DEST: linux-source-VER in DEST, to apply DIR's series
# to and build out of tree: the workspace's extraction of the tarball
# (build/linux-VER) linked file by file, which takes seconds where
# unpacking the tarball again takes a minute and a gigabyte.  The files the
# series touches are copies, so that quilt writes none through a link; a
# build with O= writes nothing into its source tree.
pristine_tree() {
	local ver=$1 dir=$2 dest=$3 src=$BUILD/linux-$1 f
	[ -f "$src/.irqconv-extracted" ] ||
		fail "$src is not extracted (make workspaces)"
	mkdir -p "$dest"
	cp -rs "$src/." "$dest"
	rm -f "$dest/.irqconv-extracted"
	series_files "$dir" | while read -r f; do
		[ -L "$dest/$f" ] || continue
		rm "$dest/$f"
		cp "$src/$f" "$dest/$f"
	done
}

# series_files DIR: the files the patches of DIR/series touch, sorted.
series_files() {
	local patches
	mapfile -t patches < <(series_patches "$1")
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "${patches[@]}" | sort -u
}

# extract_touched VER DIR DEST: only the files DIR's series touches (the
# new ones do not exist yet), from linux-source-VER, in one pass over the
# tarball: tar reads all of it for each call, whatever it extracts.
extract_touched() {
	local ver=$1 dir=$2 dest=$3
	local -a files
	mkdir -p "$dest"
	[ -f "/usr/src/linux-source-$ver.tar.xz" ] || skip "linux-source-$ver not installed"
	mapfile -t files < <(series_files "$dir")
	tar -xmf "/usr/src/linux-source-$ver.tar.xz" -C "$dest" \
		--strip-components=1 "${files[@]/#/linux-source-$ver/}" \
		2>/dev/null || true
}
