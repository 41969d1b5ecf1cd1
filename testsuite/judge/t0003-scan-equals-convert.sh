# One judge: scan's verdict, strategy and reason code are what convert
# does, site by site, on the golden paths, the boot matrix's drivers and
# real drivers whose silencing scan once got wrong (intel8x0, pvscsi,
# pic32-sqi, tsi148, be2iscsi) or that only convert refused while writing
# the rewrite (fsl-edma: its handler is called in a condition; it gains
# nothing, so both decline it first).  A site the validators veto
# (cocci-disagrees, edits-overlap) is listed, not failed.
#
# A golden of one path and no option holds convert's records for that path
# in its sites.json, which the convert tier checks byte for byte against
# the binary: those stand in for a second convert of the same file here.
# timeout: 1500
. "$TESTLIB"

mapfile -t paths < <({
	grep -hv '^--' "$TOP"/testsuite/convert/golden/*.paths
	awk '!/^#/ && NF >= 10 { print $8 }' "$TOP/testsuite/boot/matrix" |
		tr , '\n' | grep -v '^--' | grep -v '^-$'
	printf '%s\n' sound/pci/intel8x0.c drivers/scsi/vmw_pvscsi.c \
		drivers/spi/spi-pic32-sqi.c drivers/staging/vme_user/vme_tsi148.c \
		drivers/scsi/be2iscsi/be_main.c drivers/dma/fsl-edma.c
} | sort -u)
[ ${#paths[@]} -gt 20 ] || fail "too few paths to compare: ${paths[*]}"

cache=$TEST_TMP/convert-records
mkdir -p "$cache"
for p in "$TOP"/testsuite/convert/golden/*.paths; do
	[ "$(wc -l <"$p")" -eq 1 ] && ! grep -q '^--' "$p" || continue
	f=$(tr / _ <"$p")
	cp "${p%.paths}.out/sites.json" "$cache/$f.json"
done
out=$(testsuite/scan/convert-cross-check.sh -c "$cache" -j "$(nproc)" \
	"${paths[@]}") ||
	fail "convert-cross-check.sh failed"
printf '%s\n' "$out"
summary=$(grep '^==' <<<"$out")
expect_match "no disagreement" " 0 disagree$" "$summary"
n=$(sed -n 's/^== \([0-9]*\) sites.*/\1/p' <<<"$summary")
[ "${n:-0}" -ge 40 ] || fail "only ${n:-0} sites compared"
expect_match "intel8x0 refused by both, one code" \
	"^agree not_convertible/shared-no-silencing=>refused/shared-no-silencing sound/pci/intel8x0.c:2590 " "$out"
expect_match "pvscsi_shared_isr declined by both: it only completes commands" \
	"^agree declined/no-gain=>declined/no-gain drivers/scsi/vmw_pvscsi.c:1520 " "$out"
expect_match "fsl-edma declined by both: it gains nothing (besides, fsl_edma_irq_handler() calls its handler in a condition)" \
	"^agree declined/no-gain=>declined/no-gain drivers/dma/fsl-edma.c:208 " "$out"
expect_match "plx_dma converted by both: its tasklet is folded" \
	"^agree convertible/split-mask=>converted/split-mask drivers/dma/plx_dma.c:" "$out"
