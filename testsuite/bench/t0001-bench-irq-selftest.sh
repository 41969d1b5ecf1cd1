# bench-irq's own checks (make bench-irq-selftest): the trace parser and
# statistics on recorded traces (TCG and -icount ticks), the report on
# recorded results of two runs, the benchmark kernel's fragment choice and
# the lock that keeps two runs apart.  No QEMU, no kernel build.
. "$TESTLIB"

out=$("$TOP/bench/irq/selftest.sh" 2>&1) || fail "bench/irq/selftest.sh failed: $out"
echo "$out" | sed 's/^/# /'
expect_match "selftest cases" "ok second-run-refused" "$out"
expect_match "the icount tick case" "^ok icount-ticks$" "$out"
expect_match "the report case" "^ok report-icount$" "$out"
if echo "$out" | grep -q '^not ok'; then
	fail "a selftest case failed"
fi
