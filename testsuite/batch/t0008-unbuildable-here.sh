# A file that does not compile unpatched either (sunxi-rsb: arm inline
# assembly, built for x86 with a neighbour's flags, the other trees left out
# with BATCH_OTHER_ARCHES=none) is "not buildable
# here": the patch cannot be judged, so it is neither ok nor a failure.
# timeout: 600
. "$TESTLIB"
bin=$TEST_TMP/irqconv
cp "$IRQCONV" "$bin"
out=$(make --no-print-directory -s batch PATHS=drivers/bus/sunxi-rsb.c BATCH_OTHER_ARCHES=none \
	BATCH="$TEST_TMP/b" BATCH_IRQCONV="$bin" 2>&1) || fail "batch failed: $out"
r=$(cat "$TEST_TMP/b/results/drivers_bus_sunxi-rsb.txt")
expect_match "converted" "^converted: 1$" "$r"
expect_match "not buildable" "^compile: not buildable here \(the unpatched file fails to compile too" "$r"
expect_match "no boot" "^boot: not run \(the unpatched file does not compile either\)$" "$r"
expect_match "unit done" "^status: done$" "$r"
expect_match "summary" "compiled: +0 ok, 0 failed \(0 not in the configuration\), 1 not buildable here" "$out"
log=$(cat "$TEST_TMP"/b/work/drivers_bus_sunxi-rsb/tree/*/drivers/bus/sunxi-rsb.c.log.unpatched)
expect_match "the unpatched file's own error" "error:" "$log"
expect_no_match "the unit script complained" "batch-unit.sh: line" "$out"
