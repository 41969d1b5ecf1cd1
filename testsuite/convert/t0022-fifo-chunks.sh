# SPI and I2C PIO handlers that fill or drain a FIFO once per interrupt
# gain nothing from a thread: their loops are bounded by the FIFO
# (docs/convert.md, "Which loops and delays count": device_loops_fifo) and
# the sites are declined no-gain.  Drivers whose handler moves a whole
# transfer per interrupt (davinci_mmc: chunk after chunk while the card is
# ready) or polls the device (pxamci, i2c-pnx) stay converted.  A delay in
# a loop that moves data is no poll: i2c-mv64xxx's errata udelay(5) in its
# IFLG event loop.  A register the
# driver programs and reads back is bounded by what it writes there
# (i2c-nomadik drains the RX threshold it reads from I2C_RFTR, written
# only with 0 and the probed `dev->rft`; arm64 tree, whose readl() is a
# statement expression; its end-of-transfer loop, `while (!(readl(RISR) &
# RXFE))` with a break on the count, is a drain the device ends, not a
# chunk: two FIFO chunks).
# mvsdio (arm tree): its RX tail loop runs `while (s >= 4 && ...)`, s
# lowered by 4 a round under `if (s <= 32)`, each round storing two
# halfwords with put_unaligned() (a store in the macro's own body).
# spi-fsl-espi (ppc32 tree): `rx_fifo_avail >= min(4U, rx_left)`, the FIFO
# level read from the event word lowered by what each round takes.
. "$TESTLIB"

json=$("$IRQCONV" convert --format=json drivers/spi/spi-qcom-qspi.c \
	drivers/spi/spi-sun6i.c drivers/spi/spi-axi-spi-engine.c \
	drivers/i2c/busses/i2c-exynos5.c drivers/i2c/busses/i2c-owl.c \
	drivers/mmc/host/davinci_mmc.c drivers/mmc/host/pxamci.c \
	drivers/spi/spi-cadence.c drivers/i2c/busses/i2c-pnx.c \
	drivers/i2c/busses/i2c-mv64xxx.c drivers/i2c/busses/i2c-nomadik.c \
	drivers/mmc/host/mvsdio.c \
	drivers/spi/spi-fsl-espi.c \
	2>/dev/null) ||
	fail "convert of the real drivers failed"
judged() {
	jq -r --arg h "$1" 'select(.handler == $h) |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops) \(.moved.device_loops_fifo // 0)"' <<<"$json"
}

# min(FIFO room read from the device, bytes left); a FIFO level read
# from the device; the room a register says the FIFO has; the FIFO level
# masked out of a status word, or the variant's FIFO depth minus it,
# min()ed with the bytes left by hand; the FIFO status flag together
# with the bytes left.
expect_eq "spi-qcom-qspi" "declined no-gain 0 1" "$(judged qcom_qspi_irq)"
expect_eq "spi-sun6i" "declined no-gain 0 2" "$(judged sun6i_spi_handler)"
expect_eq "spi-axi-spi-engine" "declined no-gain 0 6" "$(judged spi_engine_irq)"
expect_eq "i2c-exynos5" "declined no-gain 0 2" "$(judged exynos5_i2c_irq)"
expect_eq "i2c-owl" "declined no-gain 0 2" "$(judged owl_i2c_interrupt)"
expect_match "the reason says the loops are FIFO chunks" \
	"2 loops \(2 moving one FIFO's worth of a transfer per interrupt\)" \
	"$(jq -r 'select(.handler == "sun6i_spi_handler") | .reason' <<<"$json")"

# davinci_mmc's outer loop moves rw_threshold bytes a round while the
# device says it is ready: a whole transfer per interrupt.
# (Its 60 us of delays are davinci_abort_data()'s, on error arms only:
# golden davinci_mmc, delays_error.)
expect_eq "davinci_mmc" "converted hardirq-loop-moved 3 0" \
	"$(judged mmc_davinci_irq)"
# pxamci is the armv5 tree's, whose udelay() calls arm_delay_ops.udelay().
expect_match "pxamci polls its clock" \
	"^converted hardirq-loop-moved,delay-moved " "$(judged pxamci_irq)"
# spi-cadence's RX loop reads the bytes in flight (rx_bytes - tx_bytes),
# which the code does not bound by the FIFO; its fill loop is bounded by
# tx_fifo_depth and waits 10 us before a byte while the FIFO is full.  An
# SPI controller receives only what it clocked out of that FIFO: the RX
# loop is a chunk too, and the wait one between its bytes.
expect_eq "spi-cadence" "declined no-gain 0 1" "$(judged cdns_spi_irq)"
expect_match "i2c-pnx polls with mdelay(1)" \
	"^converted hardirq-loop-moved,delay-moved" "$(judged i2c_pnx_interrupt)"

mv=$(jq -r 'select(.handler == "mv64xxx_i2c_intr") |
	"\(.moved.delays_in_polls) \(.moved.delay_us)"' <<<"$json")
# Its errata udelay(5)s, under `if (drv_data->errata_delay)`, are one
# SoC's workaround (mv78230 at 100 kHz): no poll, and on a quirk's arm.
expect_eq "i2c-mv64xxx: its udelay(5)s are no polls, and a quirk's" "0 1" "$mv"
expect_eq "i2c-nomadik: the threshold read back from I2C_RFTR" \
	"declined no-gain 0 2" "$(judged i2c_irq_handler)"
expect_eq "mvsdio: FIFO chunks stored with put_unaligned()" \
	"declined no-gain 0 3" "$(judged mvsd_irq)"
expect_eq "spi-fsl-espi: the FIFO level lowered against a round's take" \
	"declined no-gain 0 2" "$(judged fsl_espi_irq)"
