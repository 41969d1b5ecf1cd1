# spatch that cannot run (no OCaml compiler, or no spatch) is an
# environment error: convert stops with exit 2 and a message naming spatch
# and the fix, writes nothing (no series, the tree untouched), and refuses
# no site for it.
. "$TESTLIB"
. "$TOP/testsuite/errors/shadow-path.sh"

cp -r examples/edu "$TEST_TMP/edu"
cp "$TEST_TMP/edu/edu.c" "$TEST_TMP/edu.c.orig"
author='irqconv test <test@irqconv.invalid>'

# The same conversion works with every tool there.
out=$("$IRQCONV" convert --author "$author" -o "$TEST_TMP/ok" "$TEST_TMP/edu" 2>&1) ||
	fail "convert of edu fails with every tool there: $out"
expect_match "with spatch: converted" "edu_irq_handler +converted" "$out"

for hidden in "ocamlopt ocamlopt.opt" "spatch"; do
	dir=$TEST_TMP/path-${hidden%% *}
	# shellcheck disable=SC2086
	shadow_path "$dir" $hidden
	status=0
	PATH=$dir "$IRQCONV" convert --author "$author" -o "$TEST_TMP/out" \
		"$TEST_TMP/edu" >"$TEST_TMP/stdout" 2>"$TEST_TMP/stderr" || status=$?
	err=$(cat "$TEST_TMP/stderr")
	expect_eq "without $hidden: exit status" 2 "$status"
	expect_match "without $hidden: names spatch" "fatal: spatch cannot run '[^']*request_irq_to_threaded.cocci' on '[^']*edu.c'" "$err"
	expect_match "without $hidden: the fix" "run 'make deps'" "$err"
	[ ! -e "$TEST_TMP/out" ] || fail "without $hidden: wrote $TEST_TMP/out"
	expect_no_match "without $hidden: no site refused" "refused" "$(cat "$TEST_TMP/stdout" "$TEST_TMP/stderr")"

	status=0
	PATH=$dir "$IRQCONV" convert --in-place "$TEST_TMP/edu" >/dev/null 2>&1 || status=$?
	expect_eq "without $hidden, --in-place: exit status" 2 "$status"
	cmp -s "$TEST_TMP/edu/edu.c" "$TEST_TMP/edu.c.orig" ||
		fail "without $hidden: --in-place changed edu.c"
done
