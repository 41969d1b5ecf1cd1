# Once set up, the workspaces and dependencies are not set up again.
. "$TESTLIB"

make -s -q workspaces || fail "'make workspaces' has work left to do after setup"
out=$(make -s -n workspaces)
expect_eq "make -n workspaces" "" "$out"
out=$(scripts/deps.sh 2>&1) || fail "deps.sh failed: $out"
expect_eq "deps.sh with everything installed" "" "$out"
