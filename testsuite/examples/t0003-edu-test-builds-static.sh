# The guest test program builds as a static binary without a warning and,
# with no edu device present, says so in KTAP and exits 2.
. "$TESTLIB"

out=$(gcc -static -O2 -Wall -Wextra -Werror -o "$TEST_TMP/edu-test" \
	examples/edu/edu-test.c 2>&1) || fail "gcc: $out"
expect_eq "gcc output" "" "$out"
interp=$(readelf -l "$TEST_TMP/edu-test" | grep -c 'INTERP' || true)
expect_eq "program interpreter (dynamic loader) segments" 0 "$interp"
dyn=$(readelf -d "$TEST_TMP/edu-test" | grep -c NEEDED || true)
expect_eq "shared library dependencies" 0 "$dyn"

status=0
out=$("$TEST_TMP/edu-test" 97) || status=$?
expect_eq "exit status without a device" 2 "$status"
expect_eq "KTAP without a device" \
	"$(printf 'KTAP version 1\n1..0 # SKIP /dev/edu97: No such file or directory')" "$out"

status=0
"$TEST_TMP/edu-test" not-a-number >/dev/null 2>&1 || status=$?
expect_eq "exit status on a usage error" 2 "$status"
