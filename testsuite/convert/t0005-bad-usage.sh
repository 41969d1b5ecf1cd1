# Bad input: exit status 2, a message, and nothing written.
. "$TESTLIB"

status=0; "$IRQCONV" convert -o "$TEST_TMP/x" --in-place examples/edu/edu.c >/dev/null 2>&1 || status=$?
expect_eq "-o with --in-place" 2 $status
[ ! -e "$TEST_TMP/x" ] || fail "-o with --in-place wrote output"
status=0; out=$("$IRQCONV" convert -o "$TEST_TMP/y" drivers/no/such.c 2>&1) || status=$?
expect_eq "missing path" 2 $status
expect_match "missing path message" "'drivers/no/such.c': no such file" "$out"
[ ! -e "$TEST_TMP/y" ] || fail "a missing path wrote output"
status=0; out=$("$IRQCONV" convert --strategy foo examples/edu/edu.c 2>&1) || status=$?
expect_eq "bad --strategy" 2 $status
expect_match "bad --strategy message" 'want SITE=split-mask' "$out"
