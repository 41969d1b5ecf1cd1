#!/bin/bash
# kunit-plan-complete judges a console that goes on long after the suite:
# its plan is read to the end of the log, not up to the plan and out (that
# killed the reader's feeders with SIGPIPE when they still had output, and
# with pipefail the check failed without a message, now and then: the
# kunit-plan-complete "race").  The console is this tier's KUnit boot
# (cases list), with 128 KiB of its own boot messages after the suite: more
# than a pipe holds, so an early exit always hits a writer.
# timeout: 60
# shellcheck source=testsuite/lib/test-lib.sh
. "$TESTLIB"
# shellcheck source=testsuite/lib/boot.sh
. "$TOP/testsuite/lib/boot.sh"

real=$BUILD/tests/boot-kunit/kunit.console
[ -s "$real" ] || fail "no KUnit console $real (the tier's boot failed?)"
dir=$TEST_TMP/build/tests/boot-kunit
mkdir -p "$dir"
{
	cat "$real"
	i=0
	while [ $i -lt 64 ]; do
		sed -n '1,/KTAP version/p' "$real" | grep -v 'KTAP version'
		i=$((i + 1))
	done
} >"$dir/kunit.console"
size=$(stat -c %s "$dir/kunit.console")
[ "$size" -gt 131072 ] || fail "padded console only $size bytes"
ktap_results "$dir/kunit.console" >"$dir/kunit.results"
echo 0 >"$dir/kunit.status"

st=0
BUILD=$TEST_TMP/build "$TOP/testsuite/boot-kunit/cases" run kunit-plan-complete || st=$?
expect_eq "kunit-plan-complete on a long console" 0 "$st"

# And it still fails when a case result is missing.
grep -v ' ok 2 ' "$dir/kunit.console" >"$dir/kunit.console.new"
mv "$dir/kunit.console.new" "$dir/kunit.console"
ktap_results "$dir/kunit.console" >"$dir/kunit.results"
out=$(BUILD=$TEST_TMP/build "$TOP/testsuite/boot-kunit/cases" run kunit-plan-complete 2>&1) && st=0 || st=$?
expect_eq "kunit-plan-complete with a case missing: status" 1 "$st"
expect_match "the reason" "cases reported against the plan: expected '[0-9]+', got" "$out"
