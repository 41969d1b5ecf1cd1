# The edu driver is clean for checkpatch --strict.
. "$TESTLIB"

out=$("$KSRC/scripts/checkpatch.pl" --no-tree --strict --show-types \
	-f examples/edu/edu.c 2>&1) || fail "checkpatch: $out"
expect_match "checkpatch summary" \
	'^total: 0 errors, 0 warnings, 0 checks, [0-9]+ lines checked$' "$out"
