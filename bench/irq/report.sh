#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Turns DIR/results.txt ("DRIVER VARIANT KEY VALUE...", see
# bench/irq/guest/bench-irq-lib.sh) into DIR/table.md (ratios against the
# original, then absolute figures) and DIR/plot.png (gnuplot).
#
# usage: report.sh DIR

set -euo pipefail

dir=$1
res=$dir/results.txt
[ -s "$res" ] || { echo "report: no results in $res" >&2; exit 1; }

# Stat keys carry "n p50 p99 max mean" in ns; the rest one value.
# METRICS: label, key, field (2 = p50, 3 = p99, 1 = the value), unit.
metrics() {
	cat <<'EOF'
hard-irq handler p50	handler	2	us
hard-irq handler p99	handler	3	us
hard-irq section p50	section	2	us
hard-irq section p99	section	3	us
longest irqs-off, median of 5 windows	irqsoff_med_us	1	us-raw
longest irqs-off, all windows	irqsoff_max_us	1	us-raw
irq to work done p50	latency	2	us
irq to work done p99	latency	3	us
user round trip p50	roundtrip	2	us
throughput	rate_per_s	1	per-s
not ours: handler p50	shared_foreign	2	us
not ours: thread run p50	shared_foreign_thread	2	us
shared line: section p50	shared_section	2	us
host load average at boot	host_load	1	load
EOF
}

value() {
	awk -v d="$1" -v v="$2" -v k="$3" -v f="$4" -v u="$5" '
	$1 == d && $2 == v && $3 == k {
		x = $(3 + f)
		if (x == "" || (u == "us" && $4 == 0)) exit
		if (u == "us") printf "%.2f", x / 1000
		else printf "%s", x
		exit
	}' "$res"
}

drivers=$(awk '{ print $1 }' "$res" | awk '!seen[$0]++')
variants="original threadirqs converted"
{
	echo "Ratios against the original driver (lower is better, except throughput):"
	echo
	echo "| driver | metric | threadirqs / original | converted / original |"
	echo "| --- | --- | --- | --- |"
	for d in $drivers; do
		while IFS=$'\t' read -r label key f unit; do
			o=$(value "$d" original "$key" "$f" "$unit")
			t=$(value "$d" threadirqs "$key" "$f" "$unit")
			c=$(value "$d" converted "$key" "$f" "$unit")
			if [ -z "$o" ] || [ "$unit" = load ]; then
				continue
			fi
			awk -v d="$d" -v l="$label" -v o="$o" -v t="$t" -v c="$c" 'BEGIN {
				r1 = (t == "" || o == 0) ? "-" : sprintf("%.2f", t / o)
				r2 = (c == "" || o == 0) ? "-" : sprintf("%.2f", c / o)
				printf "| %s | %s | %s | %s |\n", d, l, r1, r2
			}'
		done < <(metrics)
	done
	echo
	echo "Absolute figures (µs of emulated TCG time; throughput per second):"
	echo
	echo "| driver | metric | original | threadirqs | converted |"
	echo "| --- | --- | --- | --- | --- |"
	for d in $drivers; do
		while IFS=$'\t' read -r label key f unit; do
			row="| $d | $label |"
			any=
			for v in $variants; do
				x=$(value "$d" "$v" "$key" "$f" "$unit")
				[ -n "$x" ] && any=1
				row="$row ${x:--} |"
			done
			[ -n "$any" ] && echo "$row"
		done < <(metrics)
		row="| $d | interrupts traced (n) |"
		for v in $variants; do
			row="$row $(value "$d" "$v" handler 1 n) |"
		done
		echo "$row"
	done
	echo
	echo "Where the longest irqs-off section started and ended:"
	echo
	awk '$3 == "irqsoff_where" { $3 = ""; printf "- %s %s:%s\n", $1, $2, substr($0, length($1 $2) + 3) }' "$res"
} >"$dir/table.md"

# The plot: per driver, the converted and threadirqs ratios of the
# per-interrupt figures and of throughput.
awk -F'|' '/^Absolute/ { exit }
/^\| / && $3 ~ /handler p50|section p50|work done p50|throughput|not ours: handler/ {
	gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $3)
	gsub(/ +/, "", $4); gsub(/ +/, "", $5)
	if ($4 == "-" || $5 == "-") next
	sub(/hard-irq /, "", $3); sub(/irq to work done/, "latency", $3)
	sub(/not ours: handler/, "not ours", $3)
	sub(/shared line: section/, "shared section", $3)
	printf "\"%s %s\" %s %s\n", $2, $3, $4, $5
}' "$dir/table.md" >"$dir/plot.dat"
# run.sh writes run-info.txt first; the title says which kernel ran.
kernel=$(sed -n 's/^kernel \([a-z]*\) /\1 kernel /p' "$dir/run-info.txt" 2>/dev/null || true)
gnuplot <<EOF
set terminal pngcairo size 1100,520 noenhanced font ",10"
set output "$dir/plot.png"
set title "Interrupt cost against the original driver (QEMU TCG${kernel:+, $kernel}; ratio, 1 = original)"
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
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2
plot "$dir/plot.dat" using 2:xtic(1) title "threadirqs", '' using 3 title "converted"
EOF
