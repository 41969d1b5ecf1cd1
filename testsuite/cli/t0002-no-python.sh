# The toolkit is free of Python: no Python file, no build or test script that calls it.
. "$TESTLIB"

py=$(git ls-files | grep -E '\.py$' || true)
expect_eq "tracked Python files" "" "$py"
# The interpreter's name is spelt in two halves so that this test, which
# looks for it, does not itself look like a caller.
interp="pyt""hon"
calls=$(git grep -nE "\\b${interp}[23]?\\b" -- '*Makefile' '*.mk' '*.sh' '.ci/*' |
	grep -vE '^[^:]*:[0-9]+:\s*#' || true)
expect_eq "Python calls in scripts" "" "$calls"
