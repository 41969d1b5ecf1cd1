# Facts of the subsystem, not of the driver's code, that decide whether a
# loop or a delay pays for a thread (docs/convert.md, "Which loops and
# delays count"):
# - an SPI controller clocks the bus, so it receives only what it sent
#   from its transmit FIFO: the data loops of spi-qup (block mode: "while
#   the next block is available") and of sp7021's master handler (the
#   bytes still in flight at the end of a transfer) move a FIFO's worth
#   per interrupt (device_loops_bus), and both are declined no-gain;
#   sp7021's slave handler moves no data and stays declined as before;
# - an ALSA PCM's trigger runs with interrupts off: snd_ps3's period
#   interrupt restarts the DMA through snd_ps3_program_dma(), whose
#   DMA-stop poll its trigger runs too, so moving it shortens no worst
#   case (powerpc tree), and the reason names the PCM operation.
# - a shared line its requesters agree on (the irq from firmware, one
#   request in the module) takes a handler with no check of whose
#   interrupt it is whole into the thread, as omap-mailbox's maintainers
#   converted it: by default it is declined, since the thread would still
#   queue its receive work (golden omap-mailbox pins the patch, --all).
#   spi-microchip-core-qspi's handler returns `ret`, IRQ_NONE until a
#   status bit is found: it is not one that claims every interrupt, and
#   stays refused no-quick-check.
# The made-up twins, busctl and pcmops, are goldens.
. "$TESTLIB"

json=$("$IRQCONV" convert --format=json drivers/spi/spi-qup.c \
	drivers/spi/spi-sunplus-sp7021.c sound/ppc/snd_ps3.c \
	drivers/mailbox/omap-mailbox.c drivers/spi/spi-microchip-core-qspi.c \
	2>/dev/null) ||
	fail "convert of the real drivers failed"
judged() {
	jq -r --arg h "$1" 'select(.handler == $h) |
		"\(.verdict) \(.reason_code) \(.moved.device_loops) \(.moved.device_loops_bus // 0)"' <<<"$json"
}

expect_eq "spi-qup: its block loops move what the bus clocked" \
	"declined no-gain 0 2" "$(judged spi_qup_qup_irq)"
expect_eq "sp7021: the bytes in flight at the end of a transfer" \
	"declined no-gain 0 1" "$(judged sp7021_spi_master_irq)"
expect_eq "sp7021: the slave handler moves no data" \
	"declined no-gain 0 0" "$(judged sp7021_spi_slave_irq)"
expect_match "the reason says what the loops move" \
	"moving the bytes of a transfer an SPI or I2C controller clocks itself" \
	"$(jq -r 'select(.handler == "spi_qup_qup_irq") | .reason' <<<"$json")"

expect_eq "snd_ps3: the DMA-stop poll is the trigger's too" \
	"declined no-gain 0 0" "$(judged snd_ps3_interrupt)"
expect_match "the reason names the PCM operation" \
	"snd_ps3_program_dma\(\), which the ALSA PCM operation snd_ps3_pcm_trigger\(\) also calls with interrupts off" \
	"$(jq -r 'select(.handler == "snd_ps3_interrupt") | .reason' <<<"$json")"
expect_eq "snd_ps3: its delay is counted as one the trigger also runs" \
	"1 1" "$(jq -r 'select(.handler == "snd_ps3_interrupt") |
		"\(.moved.delays) \(.moved.delays_irqs_off_elsewhere // 0)"' <<<"$json")"

expect_eq "omap-mailbox: whole on its agreed line, declined for its work" \
	"declined no-gain split-oneshot" "$(jq -r 'select(.handler == "mbox_interrupt") |
		"\(.verdict) \(.reason_code) \(.strategy)"' <<<"$json")"
expect_match "the reason names the work item kept" \
	"queueing the work item 'mbox->rxq->work'" \
	"$(jq -r 'select(.handler == "mbox_interrupt") | .reason' <<<"$json")"
expect_eq "microchip-core-qspi: it may return IRQ_NONE, so not whole" \
	"refused no-quick-check" "$(jq -r 'select(.handler == "mchp_coreqspi_isr") |
		"\(.verdict) \(.reason_code)"' <<<"$json")"
