# The words of a patch are true of its driver, read from the code and not
# assumed (docs/convert.md, "What a patch says"), and its subject prefix
# is the one the subsystem uses (subjects.def, "Subjects"), on real 6.1
# drivers:
# - thunderx-mmc requests cvm_mmc_interrupt() on MSI-X vectors only: the
#   core drops IRQF_ONESHOT there, so no masked line is promised;
# - amd-xgbe's ecc irq is an MSI-X vector when xgbe-pci.c, another file of
#   the module, probes the device: the text says it may be one;
# - clps711x's TX handler calls disable_irq_nosync() of its line;
# - rtc-davinci's handler is `if (irq_flg) { ... }`, a test that decides
#   its IRQ_NONE, not "no early check";
# - hisi_sas_v1_hw completes through task->task_done(), which the kernel
#   API table knows to end in scsi_done() (BLOCK_SOFTIRQ): its locked loop
#   is bracketed with local_bh_disable(), and no "raises no softirq";
# - prefixes: cavium (the core object thunderx-mmc shares with octeon-mmc),
#   moxart (the -mmc suffix), hisi_sas (hisi_sas_main is the core module of
#   its directory), davinci (_mmc), mxc_v2 (a version is not a family),
#   clps711x and davinci of rtc, mpfs (mailbox-mpfs: the mailbox- prefix),
#   mtk-devapc (drivers/soc/mediatek: "soc: mediatek:").
. "$TESTLIB"

"$IRQCONV" convert --all --author 'T <t@example.org>' -o "$TEST_TMP/s" \
	drivers/mmc/host/cavium-thunderx.c drivers/mmc/host/moxart-mmc.c \
	drivers/scsi/hisi_sas/hisi_sas_v1_hw.c drivers/mmc/host/davinci_mmc.c \
	drivers/rtc/rtc-mxc_v2.c drivers/tty/serial/clps711x.c \
	drivers/rtc/rtc-davinci.c drivers/net/ethernet/amd/xgbe/xgbe-drv.c \
	drivers/mailbox/mailbox-mpfs.c drivers/soc/mediatek/mtk-devapc.c \
	>"$TEST_TMP/out" 2>&1 ||
	fail "convert failed: $(tail -n 5 "$TEST_TMP/out")"

# The description of the patch whose subject starts with $1, unwrapped.
body_of() {
	local p
	p=$(grep -l "^Subject: \[PATCH [0-9]*/[0-9]*\] $1" "$TEST_TMP/s"/0*.patch) ||
		fail "no patch is titled '$1'"
	sed -n '/^Subject/,/^---$/p' "$p" | tr -s ' \n' ' '
}

subjects=$(grep -h '^Subject: \[PATCH [1-9]' "$TEST_TMP/s"/0*.patch |
	sed 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //; s/ convert to .*//' | sort)
expect_eq "subject prefixes" "$(printf '%s\n' 'mailbox: mpfs:' 'mmc: cavium:' \
	'mmc: davinci:' 'mmc: moxart:' 'net: amd-xgbe:' 'rtc: davinci:' 'rtc: mxc_v2:' \
	'scsi: hisi_sas:' 'serial: clps711x:' 'soc: mediatek: mtk-devapc:')" "$subjects"

msi=$(body_of 'mmc: cavium:')
expect_no_match "MSI-X: no masked line promised" 'keeps the line masked' "$msi"
expect_match "MSI-X: the core drops IRQF_ONESHOT" \
	'requested on MSI-X vectors only \(pci_irq_vector\(\) of the vectors pci_alloc_irq_vectors\(\) allocates with no INTx fallback\), whose PCI/MSI irq chip is one-shot safe, so the core drops IRQF_ONESHOT' \
	"$msi"
expect_no_match "MSI-X only: no INTx to test" 'pci=nomsi' "$msi"

xgbe=$(body_of 'net: amd-xgbe:')
expect_match "amd-xgbe: MSI-X enabled in another file of the module" \
	'on an MSI vector, which the driver may use \(xgbe-pci.c calls pci_alloc_irq_vectors\(\)\), the core drops IRQF_ONESHOT' \
	"$xgbe"

clps=$(body_of 'serial: clps711x:')
expect_no_match "clps711x: no false line claim" 'does not disable its own line' "$clps"
expect_match "clps711x: its disable_irq_nosync() named" \
	'its disable_irq_nosync\(port->irq\) does not wait for the line.s handler' "$clps"
expect_match "clps711x: the RX handler touches no line" \
	'uart_clps711x_int_rx\(\) itself is unchanged.* it neither disables nor waits for an irq line' "$clps"

rtc=$(body_of 'rtc: davinci:')
expect_no_match "rtc-davinci: not 'no early check'" 'no early check' "$rtc"
expect_match "rtc-davinci: its test named" \
	'own test, `if \(irq_flg\)`, which decides whether it returns IRQ_NONE, moves to the thread' "$rtc"

sas=$(body_of 'scsi: hisi_sas:')
expect_match "hisi_sas_v1_hw: task_done() raises, bracketed" \
	'Softirq work the thread raises would otherwise wait for ksoftirqd: the code that raises it is bracketed with local_bh_disable\(\)/local_bh_enable\(\)' \
	"$sas"
expect_no_match "hisi_sas_v1_hw: no softirq denied" 'raises no softirq' "$sas"
expect_match "hisi_sas_v1_hw: no IRQ_NONE" \
	'cq_interrupt_v1_hw\(\) has no check of whose interrupt it is: it always returns IRQ_HANDLED' "$sas"
