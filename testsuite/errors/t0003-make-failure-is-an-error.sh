# kbuild's `make -n` that cannot run is an environment error for scan and
# convert alike: exit 2, a message naming make and the fix, no output.
. "$TESTLIB"
. "$TOP/testsuite/errors/shadow-path.sh"

# A directory of its own, so that no cached compile command spares make.
cp -r examples/edu "$TEST_TMP/edu"
shadow_path "$TEST_TMP/no-make" make

status=0
PATH=$TEST_TMP/no-make "$IRQCONV" scan "$TEST_TMP/edu" \
	>"$TEST_TMP/stdout" 2>"$TEST_TMP/stderr" || status=$?
expect_eq "scan without make: exit status" 2 "$status"
expect_match "scan without make: message" \
	"fatal: make -n M=$TEST_TMP/edu in the kbuild tree '[^']*' failed \(exit status 127.*check that 'make' runs \(make deps\)" \
	"$(cat "$TEST_TMP/stderr")"
expect_eq "scan without make: no sites" "" "$(cat "$TEST_TMP/stdout")"

status=0
PATH=$TEST_TMP/no-make "$IRQCONV" convert --author 'a <a@b.invalid>' \
	-o "$TEST_TMP/out" "$TEST_TMP/edu" >"$TEST_TMP/stdout" 2>"$TEST_TMP/stderr" ||
	status=$?
expect_eq "convert without make: exit status" 2 "$status"
expect_match "convert without make: message" "fatal: make -n M=.*failed" \
	"$(cat "$TEST_TMP/stderr")"
expect_no_match "convert without make: no site refused" "refused" "$(cat "$TEST_TMP/stdout")"
[ ! -e "$TEST_TMP/out" ] || fail "convert without make wrote $TEST_TMP/out"

# With make, the same directory scans.
out=$("$IRQCONV" scan "$TEST_TMP/edu" 2>&1) || fail "scan with make: $out"
expect_match "scan with make" "edu_irq_handler" "$out"
