# SPDX-License-Identifier: GPL-2.0
#
# Sourced by testsuite/convert/cases and testsuite/convert/bless: the one
# recipe a convert golden is made with, and the form it is kept in.
#
# golden_convert NAME OUT: convert golden/NAME.paths (a line starting with
# `--` is an option) into the series directory OUT, dated and signed as
# the goldens are; the table goes to OUT.table.
# golden_refusals OUT: the .refused lines of the series OUT (from its
# sites.json, the records `convert --format=json` prints), on stdout.
# golden_keep OUT DIR: the series OUT as a golden directory DIR: every
# file but the checksums and the marker, with the version after each
# signature line ("-- ") replaced by VERSION, so that a new build of the
# same text compares equal.

golden_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/golden

golden_args() {
	mapfile -t paths < <(grep -v '^--' "$golden_dir/$1.paths")
	mapfile -t opts < <(grep '^--' "$golden_dir/$1.paths" || true)
}

golden_convert() {
	golden_args "$1"
	"$IRQCONV" convert --author 'irqconv test <irqconv@example.org>' \
		--date '2024-01-01 00:00:00 +0000' -o "$2" \
		${opts[@]+"${opts[@]}"} "${paths[@]}" >"$2.table" 2>&1
}

golden_refusals() {
	jq -r 'select(.verdict != "converted") |
		"\(.file):\(.line) \(.handler): \(.verdict): \(.reason_code)"' "$1/sites.json"
}

golden_keep() {
	local f
	rm -rf "$2"
	mkdir -p "$2"
	for f in "$1"/*; do
		case ${f##*/} in
		checksums) continue ;;
		esac
		sed '/^-- $/{n;s/^irqconv .*/irqconv VERSION/}' "$f" >"$2/${f##*/}"
	done
}

# golden_apply NAME DIR SERIES ROOT: ROOT/DIR, a pristine copy of DIR (of
# the kernel tree, or an external module under examples/ or testsuite/),
# with the patches of the series directory SERIES applied in order, as a
# maintainer would (git apply --check first); fails the test naming NAME
# when one does not apply.  golden_top is the directory they apply in: an
# external module's patch names its files from the module's directory.
golden_apply() {
	local name=$1 dir=$2 series=$3 root=$4 src patch
	case "$dir" in
	examples/*|testsuite/*) src=$TOP/$dir golden_top=$root/$dir ;;
	*) src=$KSRC/$dir golden_top=$root ;;
	esac
	mkdir -p "$root/$dir"
	cp -r "$src/." "$root/$dir/"
	rm -f "$root/$dir"/*.o "$root/$dir"/.*.cmd
	(cd "$golden_top" && git init -q) || fail "$name: git init failed"
	while read -r patch; do
		(cd "$golden_top" && git apply --check "$series/$patch" &&
			git apply "$series/$patch") ||
			fail "$name: $patch does not apply to a pristine copy"
	done <"$series/series"
}
