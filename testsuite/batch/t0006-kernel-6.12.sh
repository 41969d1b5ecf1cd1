# KERNEL=6.12 runs the same pipeline against the 6.12 workspace: e1000
# converts there too and compiles with the 6.12 tree's kbuild commands.
# timeout: 600
. "$TESTLIB"
[ -f "$BUILD/kbuild-6.12/.config" ] || skip "no 6.12 workspace (make workspaces)"
bin=$TEST_TMP/irqconv
cp "$IRQCONV" "$bin"
b=$TEST_TMP/b
out=$(make --no-print-directory -s batch KERNEL=6.12 BATCH="$b" BATCH_IRQCONV="$bin" \
	PATHS=drivers/net/ethernet/intel/e1000/e1000_main.c 2>&1) || fail "batch failed: $out"
r=$(cat "$b/results/drivers_net_ethernet_intel_e1000_e1000_main.txt")
expect_match "the 6.12 source" "^source: build/linux-6.12/drivers/net/ethernet/intel/e1000/e1000_main.c$" "$r"
expect_match "converted" "^converted: 1$" "$r"
expect_match "compiled" "^compile: ok$" "$r"
log=$b/out/drivers_net_ethernet_intel_e1000_e1000_main/results/0001-net-e1000-convert-to-a-threaded-interrupt-handler.compile.log
grep -q -- "-I *$BUILD/linux-6.12/include" "$log" || fail "not compiled with the 6.12 tree's flags"
! grep -q -- "$BUILD/linux-6.1/" "$log" || fail "6.1 paths in a 6.12 compile"
