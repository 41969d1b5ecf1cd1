# The fresh-machine self-check (scripts/selfcheck.sh, run by make deps,
# make check and make demo): with a tool hidden from PATH it stops with
# exit 2, naming the tool and the Debian package to install.  The OCaml
# compiler is the one a fresh Debian 12 lacked: spatch is there and
# cannot run the OCaml script rules of semantic-patches/ without it.
. "$TESTLIB"

. "$TOP/testsuite/errors/shadow-path.sh"

selfcheck() {
	PATH=$1 BUILD=$TEST_TMP/build "$TOP/scripts/selfcheck.sh" --force
}

out=$(selfcheck "$PATH" 2>&1) || fail "selfcheck fails with every tool there: $out"
[ -f "$TEST_TMP/build/selfcheck.ok" ] || fail "a passing selfcheck left no stamp"

shadow_path "$TEST_TMP/no-ocaml" ocamlopt ocamlopt.opt
status=0; out=$(selfcheck "$TEST_TMP/no-ocaml" 2>&1) || status=$?
expect_eq "without ocamlopt: exit status" 2 "$status"
expect_match "without ocamlopt: the tool" "spatch cannot run an OCaml script rule" "$out"
expect_match "without ocamlopt: the package" "install the Debian package ocaml:" "$out"

shadow_path "$TEST_TMP/no-qemu" qemu-system-x86_64
status=0; out=$(selfcheck "$TEST_TMP/no-qemu" 2>&1) || status=$?
expect_eq "without qemu: exit status" 2 "$status"
expect_match "without qemu: the tool" "qemu-system-x86_64 is not on PATH" "$out"
expect_match "without qemu: the package" "install the Debian package qemu-system-x86:" "$out"

# A failed check is not remembered as a pass: the stamp is the passing
# run's, for its PATH.
expect_match "stamp of the passing PATH" "^PATH=$PATH\$" "$(cat "$TEST_TMP/build/selfcheck.ok")"

# make deps installs what the self-check asks for.
listed=$(sed -n '/^packages=(/,/^)/p' "$TOP/scripts/deps.sh")
for pkg in ocaml qemu-system-x86; do
	expect_match "scripts/deps.sh installs $pkg" "[[:space:]]$pkg([[:space:]]|\$)" "$listed"
done
