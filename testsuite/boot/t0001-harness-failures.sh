# timeout: 400
# The matrix harness fails a boot, with the guest's reason, when the guest
# says FAIL, and when the guest does not power off in time; results go to
# the test's scratch directory (BOOT_OUT), not over the matrix's.
. "$TESTLIB"

make --no-print-directory -s -C "$TOP" build/boot/initrd/edu.cpio ||
	fail "could not build the edu row's initrd"
export BOOT_OUT=$TEST_TMP

st=0
BOOT_EXTRA_APPEND=irqconv.driver=nosuchrow \
	"$TOP/testsuite/boot/run.sh" edu original || st=$?
expect_eq "run.sh status for a guest FAIL" 1 "$st"
expect_eq "result" "fail no row 'nosuchrow' in the matrix" \
	"$(cat "$TEST_TMP/edu/original.result")"

st=0
BOOT_TIMEOUT=3 "$TOP/testsuite/boot/run.sh" edu converted || st=$?
expect_eq "run.sh status for a hang" 1 "$st"
expect_match "result" "^fail no power-off within 3s" \
	"$(cat "$TEST_TMP/edu/converted.result")"
pgrep -f "serial file:$TEST_TMP/edu/converted.console" >/dev/null &&
	fail "QEMU outlived its timeout"

st=0
"$TOP/testsuite/boot/run.sh" edu-msi nomsi || st=$?
expect_eq "run.sh status for a variant the row has not" 1 "$st"
expect_match "result" "^fail no variant nomsi in the row" \
	"$(cat "$TEST_TMP/edu-msi/nomsi.result")"
