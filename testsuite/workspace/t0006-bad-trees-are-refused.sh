# Wrong or unprepared trees give exit status 2 and say what to do.
. "$TESTLIB"

file=drivers/net/ethernet/intel/e1000/e1000_main.c
out=$("$IRQCONV" parse --kernel /nonexistent "$file" 2>&1) && fail "accepted a missing tree"
expect_match "missing tree" "kernel tree '/nonexistent'" "$out"
status=0; "$IRQCONV" parse --kernel "$TEST_TMP" "$file" >/dev/null 2>&1 || status=$?
expect_eq "not a kernel" 2 $status
out=$("$IRQCONV" parse --kernel "$TEST_TMP" "$file" 2>&1) || true
expect_match "not a kernel" "is not a kernel source tree" "$out"
out=$("$IRQCONV" parse --kbuild "$TEST_TMP" "$file" 2>&1) && fail "accepted an empty kbuild tree"
expect_match "unprepared" "not configured and prepared \(run 'make workspace'\)" "$out"
out=$("$IRQCONV" parse drivers/no/such.c 2>&1) && fail "accepted a missing file"
expect_match "missing file" "'drivers/no/such.c': no such file" "$out"
