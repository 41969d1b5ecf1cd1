# Usage and environment errors exit 2 with a message saying what to do.
. "$TESTLIB"

out=$("$IRQCONV" scan --help)
expect_match "help" "^usage: irqconv scan" "$out"
expect_match "help lists --format" "--format=FMT" "$out"

expect_status "no path" 2 "$IRQCONV" scan
expect_status "bad -j" 2 "$IRQCONV" scan -j 0 drivers/rtc/rtc-cmos.c
expect_status "bad format" 2 "$IRQCONV" scan --format=xml drivers/rtc/rtc-cmos.c

out=$("$IRQCONV" scan /etc 2>&1) && fail "a path outside the tree was accepted"
expect_match "outside the tree" "'/etc' is not a path inside the kernel tree" "$out"
status=0; "$IRQCONV" scan /etc >/dev/null 2>&1 || status=$?
expect_eq "outside the tree status" 2 $status

out=$("$IRQCONV" scan drivers/no/such.c 2>&1) && fail "a missing file was accepted"
expect_match "missing file" "drivers/no/such.c" "$out"

status=0
out=$("$IRQCONV" scan --kbuild "$TEST_TMP/nothing" drivers/rtc/rtc-cmos.c 2>&1) ||
	status=$?
expect_eq "missing kbuild status" 2 $status
expect_match "missing kbuild says what to do" "make workspace" "$out"

mkdir -p "$TEST_TMP/unprepared"
status=0
out=$("$IRQCONV" scan --kbuild "$TEST_TMP/unprepared" drivers/rtc/rtc-cmos.c 2>&1) ||
	status=$?
expect_eq "unprepared kbuild status" 2 $status
expect_match "unprepared kbuild" "not configured and prepared" "$out"
