# A driver the configuration does not build (pxa2xx-ac97-lib: its
# CONFIG_SND_PXA2XX_LIB_AC97 is not set under x86_64 allmodconfig, and the
# other trees, whose armv5 one builds it, are left out; snd-n64
# no longer converts, since nothing shows that its ack silences the device)
# is compiled with its nearest neighbour's flags, and
# its changed lines are not counted as compiled under the configuration.
# timeout: 600
. "$TESTLIB"
bin=$TEST_TMP/irqconv
cp "$IRQCONV" "$bin"
out=$(make --no-print-directory -s batch PATHS=sound/arm/pxa2xx-ac97-lib.c BATCH_OTHER_ARCHES=none \
	BATCH="$TEST_TMP/b" BATCH_IRQCONV="$bin" 2>&1) || fail "batch failed: $out"
r=$(cat "$TEST_TMP/b/results/sound_arm_pxa2xx-ac97-lib.txt")
expect_match "converted" "^converted: 1$" "$r"
expect_match "built with borrowed flags" "^compile: ok \(not in the configuration: built with a neighbour's flags\)$" "$r"
expect_match "no line counted" "^changed-lines-compiled: 0/[1-9][0-9]* \(not in the configuration\)$" "$r"
expect_match "summary" "compiled: +1 ok, 0 failed \(1 not in the configuration\), 0 not buildable here" "$out"
