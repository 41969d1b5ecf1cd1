# One driver whose conversion edits overlap (fixture overlap: its two
# handlers each fold their own tasklet, whose setups are a blank line apart
# at the top of a block, and each removal takes that blank line) is refused
# with edits-overlap; the other drivers of the run still get their
# patches, and the exit status (1) says something was left alone.
. "$TESTLIB"

st=0
"$IRQCONV" convert --format=json -o "$TEST_TMP/s" \
	testsuite/convert/fixtures/overlap drivers/dma/plx_dma.c \
	>"$TEST_TMP/sites" 2>"$TEST_TMP/err" || st=$?
expect_eq "exit status" 1 "$st"
expect_eq "verdicts" "ov_rx_irq refused edits-overlap
ov_tx_irq refused edits-overlap
plx_dma_isr converted split-mask" \
	"$(jq -r '"\(.handler) \(.verdict) \(.reason_code)"' "$TEST_TMP/sites" | sort)"
expect_eq "series" "0001-dmaengine-plx_dma-convert-to-a-threaded-interrupt-ha.patch" \
	"$(cat "$TEST_TMP/s/series")"
expect_match "the overlap is named" "ov.c: edits .* overlap" "$(cat "$TEST_TMP/err")"
