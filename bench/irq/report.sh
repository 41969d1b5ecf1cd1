#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Turns DIR/results.txt and DIR/results-runN.txt (the runs after the
# first; "DRIVER VARIANT KEY VALUE...", see bench/irq/guest/bench-irq-lib.sh)
# into DIR/table.md (per driver: each figure of each variant in every run,
# the ratios against the original in run 1, and how far the runs are
# apart) and DIR/plot.png (gnuplot: the ratios of run 1).
#
# The clock (result key "clock") sets the unit: under icount the samples
# are trace-clock ticks at 10^9 per second of virtual time, which are
# instructions, and the irqsoff tracer's µs are 1000 ns of virtual time,
# so 1000 instructions; under tcg they are ns and µs of emulated time.
#
# usage: report.sh DIR

set -euo pipefail

dir=$1
res=$dir/results.txt
[ -s "$res" ] || { echo "report: no results in $res" >&2; exit 1; }
runs=("$res")
while read -r f; do
	runs+=("$f")
done < <(find "$dir" -maxdepth 1 -name 'results-run[0-9].txt' | sort)
clock=$(awk '$3 == "clock" { print $4; exit }' "$res")
clock=${clock:-tcg}
if [ "$clock" = icount ]; then
	unit="instructions"
	per="per 10^9 instructions of virtual time"
else
	unit="µs of emulated TCG time"
	per="per second"
fi

# Stat keys carry "n p50 p99 max mean" in ns (icount: instructions); the
# rest one value. METRICS: label, key, field (2 = p50, 3 = p99, 1 = the
# value), kind (t: a sample statistic, us: µs of the guest's clock, rate).
metrics() {
	cat <<'END'
hard-irq handler p50	handler	2	t
hard-irq handler p99	handler	3	t
hard-irq section p50	section	2	t
hard-irq section p99	section	3	t
longest irqs-off, median of the windows	irqsoff_med_us	1	us
longest irqs-off, all windows	irqsoff_max_us	1	us
irq to work done p50	latency	2	t
irq to work done p99	latency	3	t
user round trip p50	roundtrip	2	t
throughput	rate_per_s	1	rate
throughput, INTx	rate_intx_per_s	1	rate
not ours: handler p50	shared_foreign	2	t
not ours: thread run p50	shared_foreign_thread	2	t
shared line: section p50	shared_section	2	t
interrupts traced (n)	handler	1	n
END
}

# value FILE DRIVER VARIANT KEY FIELD KIND: the figure in the table's unit.
value() {
	awk -v d="$2" -v v="$3" -v k="$4" -v f="$5" -v kind="$6" -v c="$clock" '
	$1 == d && $2 == v && $3 == k {
		x = $(3 + f)
		if (x == "" || (kind == "t" && $4 == 0)) exit
		if (kind == "t" && c == "icount") printf "%d", x
		else if (kind == "t") printf "%.2f", x / 1000
		else if (kind == "us" && c == "icount") printf "%d", x * 1000
		else printf "%s", x
		exit
	}' "$1"
}

skipped() {
	awk -v d="$1" -v v="$2" '$1 == d && $2 == v && $3 == "skipped" {
		$1 = $2 = $3 = ""; sub(/^ +/, ""); print; exit }' "$res"
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "" || b == "" || b == 0) print "-"
		else printf "%.2f", a / b
	}'
}

# The largest difference between the runs of any variant, in % of run 1.
spread() {
	local d=$1 key=$2 f=$3 kind=$4 v r x list
	for v in original threadirqs converted; do
		list=
		for r in "${runs[@]}"; do
			x=$(value "$r" "$d" "$v" "$key" "$f" "$kind")
			list="$list ${x:-x}"
		done
		echo "$list"
	done | awk '{
		for (i = 2; i <= NF; i++) {
			if ($1 == "x" || $i == "x" || $1 == 0) continue
			p = ($i - $1) / $1 * 100
			if (p < 0) p = -p
			if (p > m) m = p
			seen = 1
		}
	}
	END { if (seen) printf "%.1f%%", m; else print "-" }'
}

drivers=$(awk '{ print $1 }' "$res" | awk '!seen[$0]++')
{
	echo "Per interrupt in $unit; throughput $per."
	echo "A cell with several figures has one per run (run 1 / run 2 ...);"
	echo "the ratios are run 1's; \"runs apart\" is the largest difference"
	echo "between the runs of any variant, in % of run 1."
	for d in $drivers; do
		echo
		echo "$d:"
		echo
		echo "| metric | original | threadirqs | converted | threadirqs / original | converted / original | runs apart |"
		echo "| --- | --- | --- | --- | --- | --- | --- |"
		while IFS=$'\t' read -r label key f kind; do
			row="| $label |"
			any=
			for v in original threadirqs converted; do
				cell=
				for r in "${runs[@]}"; do
					x=$(value "$r" "$d" "$v" "$key" "$f" "$kind")
					[ -n "$x" ] && any=1
					cell="${cell:+$cell / }${x:--}"
				done
				row="$row $cell |"
			done
			[ -n "$any" ] || continue
			o=$(value "$res" "$d" original "$key" "$f" "$kind")
			t=$(value "$res" "$d" threadirqs "$key" "$f" "$kind")
			c=$(value "$res" "$d" converted "$key" "$f" "$kind")
			if [ "$kind" = n ]; then
				row="$row | | |"
			else
				row="$row $(ratio "$t" "$o") | $(ratio "$c" "$o") | $(spread "$d" "$key" "$f" "$kind") |"
			fi
			echo "$row"
		done < <(metrics)
		why=$(skipped "$d" converted)
		[ -z "$why" ] || { echo; echo "converted: not booted, irqconv refused it: $why"; }
		for r in "${runs[@]}"; do
			awk -v d="$d" -v f="${r##*/}" '$1 == d && $3 == "failed" {
				printf "\n%s: the boot failed (%s, status %s): its figures are missing\n", $2, f, $5 }' "$r"
		done
	done
	echo
	echo "Where the longest irqs-off section started and ended (run 1):"
	echo
	awk '$3 == "irqsoff_where" { $3 = ""; printf "- %s %s:%s\n", $1, $2, substr($0, length($1 $2) + 3) }' "$res"
} >"$dir/table.md"

# The plot: per driver, the threadirqs and converted ratios of run 1 for
# the per-interrupt medians and throughput.
for d in $drivers; do
	while IFS=$'\t' read -r label key f kind; do
		case "$key/$f" in
		handler/2|section/2|latency/2|rate_per_s/1) ;;
		*) continue ;;
		esac
		o=$(value "$res" "$d" original "$key" "$f" "$kind")
		t=$(value "$res" "$d" threadirqs "$key" "$f" "$kind")
		c=$(value "$res" "$d" converted "$key" "$f" "$kind")
		[ -n "$o" ] || continue
		label=${label#hard-irq }
		label=${label/irq to work done/latency}
		t=$(ratio "$t" "$o")
		c=$(ratio "$c" "$o")
		echo "\"$d $label\" ${t/-/NaN} ${c/-/NaN}"
	done < <(metrics)
done >"$dir/plot.dat"
# One variant alone (make check's short runs) has no ratio to plot.
if ! grep -q '[0-9]$' "$dir/plot.dat" && ! grep -q '[0-9] NaN$' "$dir/plot.dat"; then
	rm -f "$dir/plot.png"
	exit 0
fi
kernel=$(sed -n 's/^kernel \([a-z]*\) /\1 kernel /p' "$dir/run-info.txt" 2>/dev/null || true)
gnuplot <<END
set terminal pngcairo size 1100,520 noenhanced font ",10"
set output "$dir/plot.png"
set title "Interrupt cost against the original driver (QEMU ${clock}${kernel:+, $kernel}; ratio, 1 = original)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set ylabel "ratio to original"
set xtics rotate by -35 scale 0
set bmargin 8
set grid ytics
set yrange [0:*]
set key top left
set datafile missing "NaN"
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2
plot "$dir/plot.dat" using 2:xtic(1) title "threadirqs", '' using 3 title "converted"
END
