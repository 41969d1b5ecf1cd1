# Sites irqconv does not convert are refused with a reason a maintainer can
# check, in the table and in JSON, and no patch is written for them.  One
# real 6.1 driver per reason.
. "$TESTLIB"

json=$("$IRQCONV" convert --format=json sound/pci/ens1370.c sound/pci/es1968.c \
	sound/pci/emu10k1/emu10k1x.c drivers/char/ipmi/bt-bmc.c \
	drivers/input/serio/i8042.c drivers/net/ethernet/intel/e1000e/netdev.c \
	drivers/net/ethernet/dec/tulip/tulip_core.c drivers/usb/core/hcd.c \
	drivers/mmc/host/sdhci.c 2>/dev/null)
site() {
	printf '%s\n' "$json" | grep "\"handler\":\"$1\"" | head -1
}
# ens1370 acks by toggling enable bits in SERIAL: nothing proves it silences.
# Its MIDI loop drains the UART one byte a round until the status says it
# is empty (one FIFO's worth per interrupt): declined first, the refusal
# said besides; --all shows the refusal.
expect_match "ens1370: no write shown to silence the device" \
	'"verdict":"declined".*"reason_code":"no-gain".*and besides, .*none writes the status it read back to the device' \
	"$(site snd_audiopci_interrupt)"
expect_match "es1968: the quick check's write clears another register" \
	'"verdict":"refused".*none writes the status it read back to the device' \
	"$(site snd_es1968_interrupt)"
# Its loop walks 3 voices (a constant bound) to report periods: declined
# first, the refusal said besides.
expect_match "emu10k1x: the ack would overtake a drain" \
	'"verdict":"declined".*"reason_code":"no-gain".*and besides, .*the acknowledge would move ahead of a loop that reads the device' \
	"$(site snd_emu10k1x_interrupt)"
expect_match "bt-bmc: a thread would only wake a waiter" \
	'"verdict":"declined".*"reason_code":"no-gain","reason":"the thread would only wake a waiter' \
	"$(site bt_bmc_irq)"
expect_match "i8042: lock before the check" \
	'takes a lock before it knows the interrupt is its own' "$(site i8042_interrupt)"
expect_match "e1000e: shared line, no silencing write" \
	'"reason_code":"shared-no-silencing"' "$(site e1000_intr)"
expect_match "e1000e MSI-X: moved whole, but raises NAPI's softirq" \
	"e1000_intr_msix_rx\\(\\) has no ownership check, so it would move to the thread whole and unchanged, but it raises a softirq" \
	"$(site e1000_intr_msix_rx)"
# tulip_interrupt() is defined in interrupt.c, another object of tulip.ko:
# it is judged there, not refused for where it is, and the poll controller
# of tulip_core.c, poll_tulip(), counts: it runs the handler with
# interrupts off, and the handler frees transmitted skbs itself.
expect_match "tulip: handler in another file of the module, judged there" \
	'"reason_code":"netpoll-work","reason":"poll_tulip\(\) calls tulip_interrupt\(\) for netpoll.*dev_kfree_skb_irq' "$(site tulip_interrupt)"
expect_match "usb hcd: no device read before IRQ_NONE" \
	"usb_hcd_irq\(\) has no early 'return IRQ_NONE'" "$(site usb_hcd_irq)"
expect_match "sdhci: already threaded" '"verdict":"already_threaded"' \
	"$(printf '%s\n' "$json" | grep '"file":"drivers/mmc/host/sdhci.c"' | head -1)"
# e1000e's MSI-X "other" and MSI test handlers do move to the thread whole.
expect_no_match "nothing else converted" '"verdict":"converted"' \
	"$(printf '%s\n' "$json" | grep -v '"file":"drivers/net/ethernet/intel/e1000e/netdev.c"')"

out=$TEST_TMP/series
"$IRQCONV" convert --author 'T <t@example.org>' -o "$out" sound/pci/ens1370.c >/dev/null 2>&1 ||
	fail "convert with only refusals failed"
expect_eq "patches for refusals" "" "$(cat "$out/series")"
expect_match "cover letter lists the decline" 'snd_audiopci_interrupt\(\): declined' \
	"$(cat "$out/0000-cover-letter.patch")"
