# A unit the boot matrix covers (e1000_main.c, row e1000) is boot-tested:
# batch runs `make boot/e1000/converted` on the 6.1 test kernel and writes
# its result beside the compile result; with BATCH_BOOT=no it says why it
# did not boot; a driver with no row says so.
# timeout: 900
. "$TESTLIB"
bin=$TEST_TMP/irqconv
cp "$IRQCONV" "$bin"
e1000=drivers/net/ethernet/intel/e1000/e1000_main.c
out=$(BATCH_BOOT=yes make --no-print-directory -s batch PATHS="$e1000" \
	BATCH="$TEST_TMP/b" BATCH_IRQCONV="$bin" 2>&1) || fail "batch failed: $out"
r=$(cat "$TEST_TMP/b/results/drivers_net_ethernet_intel_e1000_e1000_main.txt")
expect_match "compiled" "^compile: ok$" "$r"
expect_match "booted" "^boot: ok \(boot/e1000/converted, console build/boot/e1000/converted.console\)$" "$r"
expect_eq "the boot's own result" pass "$(cat "$BUILD/boot/e1000/converted.result")"
expect_match "summary counts it" "boot-tested: +1 " "$out"

out=$(BATCH_BOOT=no make --no-print-directory -s batch PATHS="$e1000" \
	BATCH="$TEST_TMP/n" BATCH_IRQCONV="$bin" 2>&1) || fail "batch failed: $out"
r=$(cat "$TEST_TMP/n/results/drivers_net_ethernet_intel_e1000_e1000_main.txt")
expect_match "not booted on request" "^boot: not run \(BATCH_BOOT=no; row e1000\)$" "$r"

out=$(make --no-print-directory -s batch PATHS=drivers/dma/plx_dma.c \
	BATCH="$TEST_TMP/r" BATCH_IRQCONV="$bin" 2>&1) || fail "batch failed: $out"
r=$(cat "$TEST_TMP/r/results/drivers_dma_plx_dma.txt")
expect_match "no model, no boot" "^boot: not run \(no QEMU model for this driver\)$" "$r"
