# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # sets and reads the caller's variables
#
# Which kernel a build script works on, from KERNEL_FLAVOUR; sourced by
# testsuite/kernel/build.sh and testsuite/boot/build-modules.sh after they
# set $top and $build.
#
#   test (default)  $build/testkernel, the debug kernel of the boot tests:
#                   its own patched source, testsuite/kernel/config/*.config
#   bench           $build/benchkernel, bench-irq's kernel: the test
#                   kernel's patched source (read only), the fragments that
#                   bench/irq/kernel.fragments lists
#
# Sets tk (the flavour's directory), src, obj and the array frags (the
# fragments, absolute paths, in merge order).

flavour=${KERNEL_FLAVOUR:-test}

# flavour_fragments LIST: the fragments LIST names, one a line; a line is
# a path or glob from $top, "-PATH" drops what the lines above brought in.
flavour_fragments() {
	local line f drop
	local -a all=()
	while IFS= read -r line; do
		case "$line" in
		'' | '#'*) ;;
		-*)
			drop=$top/${line#-}
			for f in "${!all[@]}"; do
				[ "${all[f]}" = "$drop" ] && unset 'all[f]'
			done
			;;
		*)
			for f in "$top"/$line; do
				[ -f "$f" ] ||
					{ echo "$1: no fragment $line" >&2; return 1; }
				all+=("$f")
			done
			;;
		esac
	done <"$1"
	printf '%s\n' "${all[@]}"
}

case "$flavour" in
test)
	tk=$build/testkernel
	src=$tk/src
	frags=("$top"/testsuite/kernel/config/*.config)
	;;
bench)
	tk=$build/benchkernel
	src=$build/testkernel/src
	flavour_list=$(flavour_fragments "$top/bench/irq/kernel.fragments") || exit 1
	mapfile -t frags <<<"$flavour_list"
	;;
*)
	echo "KERNEL_FLAVOUR must be test or bench, not '$flavour'" >&2
	exit 2
	;;
esac
obj=$tk/obj
