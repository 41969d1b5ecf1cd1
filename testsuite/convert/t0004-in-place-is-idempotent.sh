# --in-place converts a copy of the edu driver; a second run finds nothing
# left to convert and changes nothing.
. "$TESTLIB"

dir=$TEST_TMP/edu
mkdir -p "$dir"
cp examples/edu/edu.c examples/edu/Kbuild "$dir/"
"$IRQCONV" convert --in-place "$dir/edu.c" >"$TEST_TMP/first" 2>&1 || fail "first run failed"
expect_match "first run" 'converted +split-mask' "$(cat "$TEST_TMP/first")"
grep -q 'edu_irq_handler_thread' "$dir/edu.c" || fail "the file was not converted"
cp "$dir/edu.c" "$TEST_TMP/after-first.c"
"$IRQCONV" convert --in-place "$dir/edu.c" >"$TEST_TMP/second" 2>&1 || fail "second run failed"
expect_match "second run" 'already_threaded' "$(cat "$TEST_TMP/second")"
cmp -s "$dir/edu.c" "$TEST_TMP/after-first.c" || fail "the second run changed the file"
