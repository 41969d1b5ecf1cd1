# The examples/edu conversion (split-mask, read-to-clear status handed over,
# tasklet folded) is exactly the reviewed patch in expected/edu.patch.
. "$TESTLIB"

out=$TEST_TMP/series
"$IRQCONV" convert --author 'irqconv test <irqconv@example.org>' -o "$out" \
	examples/edu/edu.c >"$TEST_TMP/table" 2>&1 || fail "convert failed: $(cat "$TEST_TMP/table")"
expect_match "table" 'edu_irq_handler +converted +split-mask' "$(cat "$TEST_TMP/table")"
expect_eq "series file" "0001-edu-convert-to-a-threaded-interrupt-handler.patch" "$(cat "$out/series")"
[ -f "$out/0000-cover-letter.patch" ] || fail "no cover letter"
# The signature names the irqconv version; everything above it is golden.
sed '/^-- $/,$d' "$out/0001-edu-convert-to-a-threaded-interrupt-handler.patch" >"$TEST_TMP/got.patch"
sed '/^-- $/,$d' testsuite/convert/expected/edu.patch >"$TEST_TMP/want.patch"
diff -u "$TEST_TMP/want.patch" "$TEST_TMP/got.patch" || fail "edu patch differs from the golden one"
