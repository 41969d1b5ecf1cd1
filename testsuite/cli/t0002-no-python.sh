# The toolkit is free of Python: no Python file, no build or test script that calls it.
. "$TESTLIB"

py=$(git ls-files | grep -E '\.py$' || true)
expect_eq "tracked Python files" "" "$py"
calls=$(git grep -nE '\bpython[23]?\b' -- '*Makefile' '*.mk' '*.sh' '.ci/*' \
	':!testsuite/cli/t0002-no-python.sh' | grep -vE '^[^:]*:[0-9]+:\s*#' || true)
expect_eq "Python calls in scripts" "" "$calls"
