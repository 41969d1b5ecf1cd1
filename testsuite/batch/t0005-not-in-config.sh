# A driver the configuration does not build (snd-n64, MIPS only, under
# x86_64 allmodconfig) is compiled with its nearest neighbour's flags, and
# its changed lines are not counted as compiled under the configuration.
# timeout: 600
. "$TESTLIB"
bin=$TEST_TMP/irqconv
cp "$IRQCONV" "$bin"
out=$(make --no-print-directory -s batch PATHS=sound/mips/snd-n64.c \
	BATCH="$TEST_TMP/b" BATCH_IRQCONV="$bin" 2>&1) || fail "batch failed: $out"
r=$(cat "$TEST_TMP/b/results/sound_mips_snd-n64.txt")
expect_match "converted" "^converted: 1$" "$r"
expect_match "built with borrowed flags" "^compile: ok \(not in the configuration: built with a neighbour's flags\)$" "$r"
expect_match "no line counted" "^changed-lines-compiled: 0/[1-9][0-9]* \(not in the configuration\)$" "$r"
expect_match "summary" "compiled: +1 ok, 0 failed \(1 not in the configuration\), 0 not buildable here" "$out"
