#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/batch-unit.sh UNIT SRC: one unit of `make batch` (docs/batch.md).
#
#   convert  irqconv convert --all -o $BATCH/out/UNIT SRC (sites.json,
#            patches): the batch compiles and boots conversions, so no-gain
#            sites are emitted too and counted (no-gain: N)
#   compile  each converted patch applied to copies of the files it touches
#            in $BATCH/work/UNIT/tree (the pristine tree is never written),
#            every changed object compiled with kbuild's own command for it
#            (irqconv flags: `make -n` in the O= tree), through distcc when
#            DISTCC_HOSTS is set; the includes still resolve because the copy
#            sits first in the quote path and kbuild's -I names the original
#            directory; then `clang -E` of the patched object says which
#            changed lines the configuration compiles (line markers)
#   boot     for a unit the boot matrix covers (testsuite/boot/matrix: the
#            row converts this file or its directory), `make boot/ROW/converted`
#            on the 6.1 test kernel (BATCH_BOOT=no skips it); otherwise not
#            run, with the reason
#   results  $BATCH/results/UNIT.txt, and per patch
#            $BATCH/out/UNIT/results/NNNN-slug.txt for review and report,
#            each written atomically; $BATCH/done/UNIT when nothing failed.

set -uo pipefail

unit=$1
src=$2
: "${BATCH:?}" "${KSRC:?}" "${KOBJ:?}" "${IRQCONV:?}" "${KERNEL:?}"
CC=${BATCH_CC:-clang-16}
# The workspace options of every irqconv call: BATCH_OTHER_ARCHES=none keeps
# a file the x86 tree does not build on x86 flags instead of another
# architecture's tree's (a list, arm64,i386, asks only those);
# BATCH_ARM64=none leaves the arm64 tree out, DIR names another.
ws=(--kernel "$KSRC" --kbuild "$KOBJ" ${BATCH_ARM64:+--kbuild-arm64 "$BATCH_ARM64"}
	${BATCH_OTHER_ARCHES:+--other-arches "$BATCH_OTHER_ARCHES"})
out=$BATCH/out/$unit
work=$BATCH/work/$unit
res=$BATCH/results/$unit.txt
failed=0

rm -rf "$work" "$BATCH/done/$unit"
mkdir -p "$work/tree"
report=$work/results.txt
: >"$report"
say() {
	printf '%s\n' "$*" >>"$report"
}

# write_atomic DEST < data
write_atomic() {
	local tmp
	tmp=$1.tmp.$$
	cat >"$tmp" && mv -f "$tmp" "$1"
}

# The QEMU device model of a driver, if QEMU has one.
qemu_model() {
	case $(basename "$1" .c) in
	edu) echo edu ;;
	e1000_main) echo e1000 ;;
	8139cp | 8139too) echo rtl8139 ;;
	ne2k-pci) echo ne2k_pci ;;
	ens1370) echo ES1370 ;;
	intel8x0) echo AC97 ;;
	hda_intel) echo intel-hda ;;
	rtc-cmos) echo "the PC's CMOS RTC" ;;
	i8042) echo "the PC's i8042" ;;
	*) ;;
	esac
}

say "unit: $unit"
say "source: $src"
say "kernel: $KERNEL"
# convert, and scan's verdict per site from the same parse (--scan-json),
# beside convert's, so that the two can be compared.
"$IRQCONV" convert --all "${ws[@]}" --format=json \
	--author 'irqconv batch <batch@irqconv.invalid>' -o "$out" \
	--scan-json "$work/scan.json" "$src" \
	>"$work/sites.json" 2>"$work/convert.err"
status=$?
jq -r '"scan-site: \(.file | sub("^(\\.\\./)+"; "")):\(.line) \(.handler // "?")(): \(.verdict)" +
	if .verdict == "convertible" then " (\(.strategy))" else
	(if (.reasons // []) == [] then "" else ": " + (.reasons | join("; ")) end) end' \
	"$work/scan.json" 2>/dev/null >>"$report"
if [ $status -gt 1 ] || [ ! -f "$out/sites.json" ]; then
	say "convert: failed (exit $status): $(head -c 400 "$work/convert.err" | tr '\n' ' ')"
	failed=1
fi
for v in converted refused already_threaded; do
	say "$v: $(grep -c "\"verdict\":\"$v\"" "$work/sites.json")"
done
say "no-gain: $(grep -c '"benefit":\["no-gain"\]' "$work/sites.json")"
while read -r line; do
	[ -n "$line" ] || continue
	say "refused-site: $(jq -r '"\(.file):\(.line) \(.handler)(): \(.reason_code): \(.reason)"' <<<"$line")"
done < <(grep '"verdict":"refused"' "$work/sites.json")
# Sites where convert did what scan did not predict, or the other way round.
jq -rn --slurpfile s "$work/scan.json" --slurpfile c "$work/sites.json" '
	$c[] as $x | ($s[] | select(.line == $x.line and .handler == $x.handler)) as $y |
	select(($y.reason_codes[0] // "") | IN("no-gain", "per-queue", "tasklet-optional") | not) |
	select((($x.verdict == "converted") != ($y.verdict == "convertible")) or
	       ($x.verdict == "refused" and $x.reason_code != $y.reason_codes[0])) |
	"disagree: \($x.file):\($x.line) \($x.handler)(): convert \($x.verdict) \($x.reason_code), scan \($y.verdict) \($y.reason_codes[0])"' \
	2>/dev/null >>"$report"

compiled_total=0
compiled_ok=0
# compile_object PATCHDIR FILE: FILE relative to the tree (or to here).
compile_object() {
	local tree=$1 rel=$2 orig args line in_config arch obj log
	if [ -e "$KSRC/$rel" ]; then orig=$KSRC/$rel; else orig=$rel; fi
	line=$("$IRQCONV" flags "${ws[@]}" "$orig" 2>&1) || {
		echo "flags: $line"
		return 1
	}
	# The kbuild tree whose command it is: irqconv flags marks any but the
	# first (x86_64) one, whose -I and --target the arguments then carry.
	in_config=yes arch=x86_64
	case ${line%%: *} in
	*"(not in config)") in_config=no arch=none ;;
	*" ("*")") arch=${line%%)*} arch=${arch##*(} ;;
	esac
	args=${line#*: }
	obj=$tree/$rel.o
	log=$tree/$rel.log
	# shellcheck disable=SC2086
	eval "set -- $args"
	echo "${DISTCC_HOSTS:+distcc }$CC $args${DISTCC_HOSTS:+ -Wno-error} -c -o $obj $tree/$rel" >"$log"
	if [ -n "${DISTCC_HOSTS:-}" ]; then
		# distcc ships preprocessed source: clang then warns inside macro
		# expansions it can no longer see as such (-Wunused-value,
		# -Wconstant-logical-operand, ...), so warnings stay warnings.
		distcc "$CC" "$@" -Wno-error -c -o "$obj" "$tree/$rel" >>"$log" 2>&1
	else
		"$CC" "$@" -c -o "$obj" "$tree/$rel" >>"$log" 2>&1
	fi
	local st=$?
	"$CC" "$@" -E -o "$tree/$rel.i" "$tree/$rel" >>"$log" 2>&1
	# A file that does not build unpatched either (another architecture's
	# inline assembly under borrowed flags, a frame-size limit it already
	# exceeds) says nothing about the patch.
	if [ $st -ne 0 ] &&
		! "$CC" "$@" -c -o "$tree/$rel.unpatched.o" "$orig" >"$log.unpatched" 2>&1; then
		echo "$rel in_config=$in_config tree=$arch status=unbuildable"
		return 2
	fi
	echo "$rel in_config=$in_config tree=$arch status=$st"
	return $st
}

# The first boot-matrix row whose conversion covers SRC: the row converts
# the file itself or a directory it is in.
matrix_row_for() {
	awk -v s="$1" '!/^#/ && NF {
		n = split($8, p, ",")
		for (i = 1; i <= n; i++)
			if (s == p[i] || index(s, p[i] "/") == 1) { print $1; exit }
	}' testsuite/boot/matrix
}

# boot_unit: the boot of the converted driver, when the matrix has a row
# for it; one line for the results, "ok (...)", "failed (...)" or "not run
# (why)".  The row rebuilds its modules with what irqconv generates now,
# so the boot tests this unit's patch.
boot_unit() {
	local model row result

	model=$(qemu_model "$src")
	row=$(matrix_row_for "${src#"$KSRC"/}")
	if [ -z "$row" ]; then
		if [ -n "$model" ]; then
			echo "not run (QEMU has a model, $model, but testsuite/boot/matrix has no row for this driver)"
		else
			echo "not run (no QEMU model for this driver)"
		fi
		return 0
	fi
	if [ "$KERNEL" != 6.1 ]; then
		echo "not run (the boot matrix runs the 6.1 test kernel; row $row)"
		return 0
	fi
	if [ "${BATCH_BOOT:-yes}" = no ]; then
		echo "not run (BATCH_BOOT=no; row $row)"
		return 0
	fi
	make --no-print-directory -s "boot/$row/converted" >"$work/boot.log" 2>&1
	result=$(cat "build/boot/$row/converted.result" 2>/dev/null)
	case "$result" in
	pass) echo "ok (boot/$row/converted, console build/boot/$row/converted.console)" ;;
	skip*) echo "not run (boot/$row/converted: $result)" ;;
	*)
		echo "failed (boot/$row/converted: ${result:-no result, see $work/boot.log}; console build/boot/$row/converted.console)"
		return 1
		;;
	esac
}

mkdir -p "$out/results" 2>/dev/null
for patch in "$out"/[0-9][0-9][0-9][0-9]-*.patch; do
	[ -f "$patch" ] || continue
	case $patch in */0000-cover-letter.patch) continue ;; esac
	name=$(basename "$patch" .patch)
	tree=$work/tree/$name
	mkdir -p "$tree"
	mapfile -t files < <(sed -n 's|^diff --git a/\(.*\) b/.*|\1|p' "$patch")
	# An external module's patch names its files from the module's
	# directory (docs/convert.md): $moddir is that directory, from here.
	moddir=
	if [ -n "${files[0]:-}" ] && [ ! -e "$KSRC/${files[0]}" ]; then
		moddir=$src
		[ -d "$moddir" ] || moddir=$(dirname "$moddir")
		while [ ! -e "$moddir/Kbuild" ] && [ ! -e "$moddir/Makefile" ] &&
			[ "$moddir" != / ] && [ "$moddir" != . ]; do
			moddir=$(dirname "$moddir")
		done
		moddir=$(realpath --relative-base="$PWD" "$moddir")/
		files=("${files[@]/#/$moddir}")
	fi
	for f in "${files[@]}"; do
		mkdir -p "$tree/$(dirname "$f")"
		if [ -e "$KSRC/$f" ]; then cp "$KSRC/$f" "$tree/$f"; else cp "$f" "$tree/$f"; fi
		# The other headers of the directory too: a quote include in
		# one of them (ctxfi's cthw20k2.h includes cthardware.h) would
		# otherwise find the pristine file beside it, not the patched one.
		if [ -d "$KSRC/$(dirname "$f")" ]; then
			cp -n "$KSRC/$(dirname "$f")"/*.h "$tree/$(dirname "$f")/" 2>/dev/null
		fi
	done
	plog=$work/$name.compile.log
	if ! patch -p1 -F0 -s -f --no-backup-if-mismatch -d "$tree/$moddir" -i "$(realpath "$patch")" >"$plog" 2>&1; then
		say "patch $name: does not apply: $(head -c 300 "$plog" | tr '\n' ' ')"
		failed=1
		continue
	fi
	# Changed objects: touched .c files, and the .c files beside a touched
	# header that include it.
	objs=()
	for f in "${files[@]}"; do
		case $f in
		*.c) objs+=("$f") ;;
		*.h)
			d=$(dirname "$f")
			if [ -d "$KSRC/$d" ]; then base=$KSRC; else base=.; fi
			while read -r c; do
				objs+=("${c#"$base"/}")
			done < <(grep -l "#include \"$(basename "$f")\"" "$base/$d"/*.c 2>/dev/null)
			;;
		esac
	done
	mapfile -t objs < <(printf '%s\n' "${objs[@]}" | sort -u)
	cstat=ok
	configured=yes
	pre=()
	trees=()
	for o in "${objs[@]}"; do
		if [ ! -e "$tree/$o" ]; then
			mkdir -p "$tree/$(dirname "$o")"
			if [ -e "$KSRC/$o" ]; then cp "$KSRC/$o" "$tree/$o"; else cp "$o" "$tree/$o"; fi
		fi
		r=$(compile_object "$tree" "$o" 2>&1)
		st=$?
		echo "$r" >>"$plog"
		cat "$tree/$o.log" >>"$plog" 2>/dev/null
		compiled_total=$((compiled_total + 1))
		case $r in *in_config=no*) configured=no ;; esac
		trees+=("$(sed -n 's/.* tree=\([^ ]*\) .*/\1/p' <<<"$r")")
		if [ $st -eq 0 ]; then
			compiled_ok=$((compiled_ok + 1))
		elif [ $st -eq 2 ] && [ "$cstat" != failed ]; then
			cstat=unbuildable
		else
			cstat=failed
			failed=1
		fi
		[ -f "$tree/$o.i" ] && pre+=("$tree/$o.i")
	done
	if [ "$cstat" = ok ]; then
		boot=$(boot_unit) || failed=1
	elif [ "$cstat" = unbuildable ]; then
		boot="not run (the unpatched file does not compile either)"
		cstat="not buildable here (the unpatched file fails to compile too, with the same command)"
	else
		boot="not run (the patch does not compile)"
	fi
	lines=$(scripts/batch-lines.sh "$tree/$moddir" "$patch" "${pre[@]}")
	rm -f "${pre[@]}"
	[ $configured = no ] && [ "$cstat" = ok ] && cstat="ok (not in the configuration: built with a neighbour's flags)"
	# Preprocessed with borrowed flags says nothing about the configuration.
	[ $configured = no ] && lines="0/$(sed 's|^[0-9]*/\([0-9]*\).*|\1|' <<<"$lines") (not in the configuration)"
	cp "$plog" "$out/results/$name.compile.log"
	{
		echo "patch: $name.patch"
		echo "objects: ${objs[*]}"
		echo "compile: $cstat"
		echo "tree: $(printf '%s\n' "${trees[@]}" | sort -u | tr '\n' ' ' | sed 's/ $//')"
		echo "changed-lines-compiled: $lines"
		echo "boot: $boot"
		echo "log: $name.compile.log"
	} | tee -a "$report" | write_atomic "$out/results/$name.txt"
done
[ -f "$out/sites.json" ] && "$IRQCONV" report "$out" >/dev/null 2>>"$work/convert.err"

say "status: $([ $failed = 0 ] && echo done || echo failed)"
write_atomic "$res" <"$report"
done_nr=$(find "$BATCH/done" -type f | wc -l)
[ $failed = 0 ] && done_nr=$((done_nr + 1))
printf '  BATCH [%d/%s] %-40s %s converted, %s refused, %s already threaded%s\n' \
	"$done_nr" "${BATCH_TOTAL:-?}" "$unit" \
	"$(sed -n 's/^converted: //p' "$res")" "$(sed -n 's/^refused: //p' "$res")" \
	"$(sed -n 's/^already_threaded: //p' "$res")" \
	"$( [ $failed = 0 ] || echo ', FAILED (see '"$res"')')"
[ $failed = 0 ] && touch "$BATCH/done/$unit"
exit 0
