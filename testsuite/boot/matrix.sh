# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Reads testsuite/boot/matrix (its header says what each field is).
# Sourced by the boot harness's scripts; bash.
#
#   matrix_rows                    the row names, in matrix order
#   matrix_targets [NAME...]       boot/NAME/VARIANT for each variant
#   matrix_row NAME                sets ROW_NAME ROW_MACHINE ROW_VARIANTS
#                                  ROW_BIND ROW_IRQ ROW_THREAD ROW_MODULES
#                                  ROW_CONVERT ROW_MODDIR ROW_WORKLOAD
#                                  ROW_EXPECT and
#                                  the array ROW_QEMU; fails for no such row

MATRIX=${MATRIX:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/matrix}

matrix_rows() {
	awk '!/^#/ && NF { print $1 }' "$MATRIX"
}

matrix_targets() {
	awk -v only=" $* " '
	!/^#/ && NF && (only ~ /^ *$/ || index(only, " " $1 " ")) {
		n = split($3, v, ",")
		for (i = 1; i <= n; i++)
			print "boot/" $1 "/" v[i]
	}' "$MATRIX"
}

# shellcheck disable=SC2034 # the ROW_ variables are for the caller
matrix_row() {
	local line f
	line=$(awk -v n="$1" '!/^#/ && $1 == n' "$MATRIX")
	[ -n "$line" ] || { echo "matrix: no row '$1' in $MATRIX" >&2; return 1; }
	# Fields hold regular expressions: no globbing while splitting.
	set -f
	# shellcheck disable=SC2206
	f=($line)
	set +f
	ROW_NAME=${f[0]}
	ROW_MACHINE=${f[1]}
	ROW_VARIANTS=${f[2]}
	ROW_BIND=${f[3]}
	ROW_IRQ=${f[4]}
	ROW_THREAD=${f[5]}
	[ "$ROW_THREAD" = = ] && ROW_THREAD=$ROW_IRQ
	ROW_MODULES=${f[6]}
	ROW_CONVERT=${f[7]}
	ROW_MODDIR=${f[8]}
	ROW_WORKLOAD=${f[9]}
	ROW_EXPECT=${f[10]}
	ROW_QEMU=("${f[@]:11}")
}
