# Results are the same with one worker or two, in path order; a second
# run takes every file from the cache; --no-cache parses again.
. "$TESTLIB"

# A private directory: another `make check` may share TEST_TMP.
TEST_TMP=$(mktemp -d "$TEST_TMP/run.XXXXXX")

fx=testsuite/scan/fixtures
files="$fx/res-direct.c $fx/nmi.c $fx/res-address.c $fx/timer.c"
"$IRQCONV" scan --no-cache --stats -j 1 --format=json $files \
	>"$TEST_TMP/one.json" 2>"$TEST_TMP/one.err" || fail "scan -j 1 failed"
expect_match "first run parses" "4 parsed, 0 from cache" "$(cat "$TEST_TMP/one.err")"
"$IRQCONV" scan --stats -j 2 --format=json $files \
	>"$TEST_TMP/two.json" 2>"$TEST_TMP/two.err" || fail "scan -j 2 failed"
expect_match "second run is cached" "0 parsed, 4 from cache" "$(cat "$TEST_TMP/two.err")"
cmp -s "$TEST_TMP/one.json" "$TEST_TMP/two.json" ||
	fail "cached -j 2 output differs from -j 1 output"
"$IRQCONV" scan --no-cache --stats -j 2 --format=json $files \
	>"$TEST_TMP/three.json" 2>"$TEST_TMP/three.err" || fail "scan failed"
expect_match "--no-cache parses" "4 parsed" "$(cat "$TEST_TMP/three.err")"
cmp -s "$TEST_TMP/one.json" "$TEST_TMP/three.json" ||
	fail "-j 2 output differs from -j 1 output"
order=$(jq -r .file "$TEST_TMP/three.json" | sed 's|.*/||' | tr '\n' ' ')
expect_eq "records in path order" "res-direct.c nmi.c res-address.c timer.c " "$order"
# Every JSON line has the documented fields.
jq -e 'has("file") and has("line") and has("call") and has("handler") and
	has("handler_file") and has("handler_line") and has("flags") and
	has("shared") and has("verdict") and has("strategy") and
	has("reasons") and has("facts")' "$TEST_TMP/three.json" >/dev/null ||
	fail "a record lacks a documented field"
