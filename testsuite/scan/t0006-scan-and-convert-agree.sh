# scan's verdict and strategy are what convert then does, site by site, on
# real drivers whose silencing writes scan once got wrong: intel8x0 writes
# its status back only on the not-ours path and after the work (both
# refuse), vmw_pvscsi acknowledges through a wrapper of a wrapper
# (split-mask) and has an MSI handler without a check: scan says
# split-oneshot, convert refuses it since its completions raise
# BLOCK_SOFTIRQ through scsi_done() (the lock analysis follows callees and
# the kernel API table; scan does not: docs/analysis.md, "Scan against
# convert");
# edu, 8139cp and the ack fixture are the agreeing reference.  pic32-sqi
# (a labelled write a goto of the work jumps to), tsi148 and be2iscsi's
# be_isr (writes of values the work computes) have no write that may
# silence the device early.
# timeout: 900
. "$TESTLIB"

out=$(testsuite/scan/convert-cross-check.sh sound/pci/intel8x0.c \
	drivers/scsi/vmw_pvscsi.c examples/edu/edu.c \
	drivers/net/ethernet/realtek/8139cp.c testsuite/scan/fixtures/ack.c \
	drivers/spi/spi-pic32-sqi.c drivers/staging/vme_user/vme_tsi148.c \
	drivers/scsi/be2iscsi/be_main.c) ||
	fail "convert-cross-check.sh failed"
printf '%s\n' "$out"
expect_match "sites compared" "^== 12 sites, 11 agree, 1 disagree$" \
	"$(printf '%s\n' "$out" | grep '^==')"
expect_match "pvscsi_isr: the softirq down its calls is convert's only" \
	"^disagree convertible/split-oneshot=>refused drivers/scsi/vmw_pvscsi.c:1516 pvscsi_isr: .*but it raises a softirq" "$out"
expect_match "intel8x0 refused by both" \
	"^agree not_convertible/late-ack=>refused sound/pci/intel8x0.c:2590 " "$out"
expect_match "pvscsi_shared_isr split-mask on both sides" \
	"^agree convertible/split-mask=>converted/split-mask drivers/scsi/vmw_pvscsi.c:1520 " "$out"
expect_match "pic32-sqi's labelled write does not silence early" \
	"^agree convertible/split-oneshot=>converted/split-oneshot drivers/spi/spi-pic32-sqi.c:636 " "$out"
expect_match "tsi148 writes back what the work computed" \
	"^agree not_convertible/late-ack=>refused drivers/staging/vme_user/vme_tsi148.c:311 " "$out"
