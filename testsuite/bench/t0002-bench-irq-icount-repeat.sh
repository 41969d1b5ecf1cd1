# timeout: 900
# bench-irq's method under -icount (docs/benchmarks.md): the edu benchmark
# in its short mode (a few hundred interrupts, original driver), booted
# twice on the test kernel through bench/irq/run.sh. Each boot must give
# every per-interrupt figure, in instructions, and the two boots the same
# figures exactly: under icount shift=0,sleep=off nothing of the host
# reaches the guest's clock, so a difference is a leak of host time into
# the method (a clock that is not the instruction counter, a second vCPU,
# host timing in the workload). Nothing is timed: the figures are counts.
. "$TESTLIB"

for f in bzImage initramfs.cpio; do
	[ -f "$BUILD/testkernel/$f" ] ||
		fail "no $f in $BUILD/testkernel (make test-kernel initramfs)"
done
# The targets as the Makefile names them (BUILD := build), not $BUILD.
make --no-print-directory -s -C "$TOP" build/bench-irq/guest/bench.cpio \
	build/boot/mod/edu/mods.cpio ||
	fail "could not build the benchmark's archive or the edu modules"

out=$TEST_TMP/bench
st=0
BENCH_KERNEL=test BENCH_CLOCK=icount BENCH_RUNS=2 BENCH_SHORT=1 \
	BENCH_VARIANTS=original BENCH_OUT=$out BENCH_TIMEOUT=400 \
	"$TOP/bench/irq/run.sh" edu >"$TEST_TMP/run.log" 2>&1 || st=$?
sed 's/^/# /' "$TEST_TMP/run.log"
expect_eq "bench/irq/run.sh status" 0 "$st"

# The per-interrupt figures: "edu original KEY n p50 p99 max mean".
figures() {
	grep -E '^edu original (handler|section|latency|roundtrip|shared_foreign|shared_section) ' "$1"
}

for r in "$out/results.txt" "$out/results-run2.txt"; do
	[ -s "$r" ] || fail "no results in $r"
	expect_match "clock of $r" '^edu original clock icount$' "$(cat "$r")"
	# The TSC (the trace clock) must run at one tick per ns of virtual
	# time, that is per instruction; unscaled TCG runs it at the host's
	# rate. The rate is the guest's own, counted in instructions.
	hz=$(awk '$3 == "tsc_hz" { print $4 }' "$r")
	awk -v h="${hz:-0}" 'BEGIN { exit !(h > 0.99e9 && h < 1.01e9) }' ||
		fail "$r: the guest's TSC runs at '$hz' Hz, not 10^9 (icount shift=0)"
	f=$(figures "$r")
	expect_eq "per-interrupt figures in $r" 6 "$(wc -l <<<"$f")"
	bad=$(awk '{
		min = ($3 ~ /^shared/) ? 100 : 200
		if ($3 == "latency" || $3 == "roundtrip") min = 1
		if (NF != 8 || $4 < min) { print; next }
		for (i = 4; i <= 8; i++) if ($i !~ /^[0-9]+$/ || $i == 0) { print; next }
		if (!($5 <= $6 && $6 <= $7)) print
	}' <<<"$f")
	[ -z "$bad" ] || fail "$r: figures missing, too few or not counts: $bad"
done
diff -u <(figures "$out/results.txt") <(figures "$out/results-run2.txt") ||
	fail "two runs of the same build gave different instruction counts"
expect_match "table unit" 'in instructions' "$(cat "$out/table.md")"
expect_match "table: runs apart" '^\| hard-irq section p50 \| [0-9]+ / [0-9]+ \|.*\| 0\.0% \|$' \
	"$(cat "$out/table.md")"
