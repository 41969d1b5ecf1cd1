# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Sourced by the error tests.  shadow_path DIR HIDDEN...: fill DIR with a
# link to every command of PATH but the HIDDEN ones, so that PATH=DIR is the
# machine without them.
shadow_path() {
	local dir=$1 d f name dirs
	shift
	mkdir -p "$dir"
	IFS=: read -ra dirs <<<"$PATH"
	for d in "${dirs[@]}"; do
		for f in "$d"/*; do
			name=${f##*/}
			[[ " $* " == *" $name "* ]] && continue
			[ -e "$dir/$name" ] || [ -L "$dir/$name" ] || ln -s "$f" "$dir/$name"
		done
	done
}
