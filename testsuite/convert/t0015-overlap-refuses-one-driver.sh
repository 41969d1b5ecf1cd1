# One driver whose conversion edits overlap (ep93xx_dma: its handler
# schedules its tasklet twice, and the fold plans the same edit for each)
# is refused with edits-overlap; the other drivers of the run still get
# their patches, and the exit status (1) says something was left alone.
. "$TESTLIB"

st=0
"$IRQCONV" convert --format=json -o "$TEST_TMP/s" drivers/dma/ep93xx_dma.c \
	drivers/dma/plx_dma.c >"$TEST_TMP/sites" 2>"$TEST_TMP/err" || st=$?
expect_eq "exit status" 1 "$st"
expect_eq "verdicts" "ep93xx_dma_interrupt refused edits-overlap
plx_dma_isr converted split-mask" \
	"$(jq -r '"\(.handler) \(.verdict) \(.reason_code)"' "$TEST_TMP/sites" | sort)"
expect_eq "series" "0001-dmaengine-plx_dma-convert-to-a-threaded-interrupt-ha.patch" \
	"$(cat "$TEST_TMP/s/series")"
expect_match "the overlap is named" "ep93xx_dma.c: edits .* overlap" "$(cat "$TEST_TMP/err")"
