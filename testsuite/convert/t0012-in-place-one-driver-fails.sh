# --in-place writes each driver all or none, and says which were written.
# Two drivers in one run (two copies of edu, each its own module
# directory); writing the second one's file fails (IRQCONV_TEST_WRITE_FAIL:
# "No space left on device" halfway through the new file).  The first is
# converted with its file's mode kept, the second is left exactly as it
# was with nothing beside it, the table calls its site not_written and
# why, and the exit status is 2.
. "$TESTLIB"

for d in a b; do
	mkdir -p "$TEST_TMP/$d"
	cp examples/edu/edu.c examples/edu/Kbuild "$TEST_TMP/$d/"
done
chmod 0755 "$TEST_TMP/a/edu.c"
chmod 0600 "$TEST_TMP/b/edu.c"
status=0
IRQCONV_TEST_WRITE_FAIL=b/edu.c "$IRQCONV" convert --in-place \
	"$TEST_TMP/a" "$TEST_TMP/b" >"$TEST_TMP/table" 2>"$TEST_TMP/err" || status=$?
table=$(cat "$TEST_TMP/table")
expect_eq "exit status" 2 "$status"
expect_match "the error" "cannot write '.*/b/edu.c': No space left on device" "$(cat "$TEST_TMP/err")"
expect_match "a written" "/a/edu.c:[0-9]+ +edu_irq_handler +converted +split-mask" "$table"
expect_match "b not written" \
	"/b/edu.c:[0-9]+ +edu_irq_handler +not_written +converted \\(split-mask\\), but writing failed: no file of '.*/b' was changed" \
	"$table"
grep -q edu_irq_handler_thread "$TEST_TMP/a/edu.c" || fail "a/edu.c was not converted"
expect_eq "mode of a/edu.c" 755 "$(stat -c %a "$TEST_TMP/a/edu.c")"
cmp -s examples/edu/edu.c "$TEST_TMP/b/edu.c" || fail "b/edu.c was changed"
expect_eq "mode of b/edu.c" 600 "$(stat -c %a "$TEST_TMP/b/edu.c")"
expect_eq "nothing left beside b/edu.c" "$(printf 'Kbuild\nedu.c')" "$(LC_ALL=C ls -A "$TEST_TMP/b")"
expect_eq "nothing left beside a/edu.c" "$(printf 'Kbuild\nedu.c')" "$(LC_ALL=C ls -A "$TEST_TMP/a")"
# The unwritten site carries its own reason code.
json=$(IRQCONV_TEST_WRITE_FAIL=b/edu.c "$IRQCONV" convert --format=json --in-place \
	"$TEST_TMP/b/edu.c" 2>/dev/null || true)
expect_match "not_written has its code" '"verdict":"not_written".*"reason_code":"not-written"' "$json"
