# Every judged site says what converting it gains ("benefit" and "moved" in
# its JSON record and in sites.json); a site whose thread would only defer
# work that is deferred anyway (bt-bmc: a wake_up()) is declined as no-gain,
# listed in the cover letter with its reason and emitted only with --all;
# plx_dma folds its tasklet and is converted; a loop still run with
# interrupts off gains nothing.
. "$TESTLIB"

json=$("$IRQCONV" convert --format=json drivers/char/ipmi/bt-bmc.c \
	drivers/dma/plx_dma.c 2>/dev/null) || fail "convert failed"
bt=$(printf '%s\n' "$json" | grep '"handler":"bt_bmc_irq"')
plx=$(printf '%s\n' "$json" | grep '"handler":"plx_dma_isr"')
expect_eq "bt-bmc declined" "declined no-gain" \
	"$(jq -r '"\(.verdict) \(.benefit | join(","))"' <<<"$bt")"
expect_eq "bt-bmc figures" "2 0 0" \
	"$(jq -r '"\(.moved.statements) \(.moved.loops) \(.moved.device_accesses)"' <<<"$bt")"
expect_match "bt-bmc reason" '^no-gain the thread would only wake a waiter \(__wake_up\(\)\)' \
	"$(jq -r '"\(.reason_code) \(.reason)"' <<<"$bt")"
expect_eq "plx_dma converted" "converted split-mask tasklet-folded" \
	"$(jq -r '"\(.verdict) \(.strategy) \(.benefit | join(","))"' <<<"$plx")"

out=$("$IRQCONV" convert --all --format=json drivers/char/ipmi/bt-bmc.c 2>/dev/null) ||
	fail "convert --all failed"
expect_eq "--all emits no-gain" "converted split-mask no-gain" \
	"$(jq -r '"\(.verdict) \(.strategy) \(.benefit | join(","))"' <<<"$out")"

"$IRQCONV" convert --author 'T <t@example.org>' -o "$TEST_TMP/s" \
	drivers/char/ipmi/bt-bmc.c drivers/dma/plx_dma.c >/dev/null 2>&1 ||
	fail "convert -o failed"
expect_eq "only plx_dma is a patch" "0001-dmaengine-plx_dma-convert-to-a-threaded-interrupt-ha.patch" \
	"$(cat "$TEST_TMP/s/series")"
cover=$(tr -s ' \n' ' ' <"$TEST_TMP/s/0000-cover-letter.patch")
expect_match "cover letter lists the decline" 'bt_bmc_irq\(\): declined: the thread would only wake a waiter' "$cover"
expect_match "cover letter says how to emit it" 'irqconv convert --all` emits those that can be converted' "$cover"
expect_match "sites.json carries the benefit" '"benefit":\["no-gain"\],"moved":\{"statements":2,' \
	"$(cat "$TEST_TMP/s/sites.json")"
expect_match "the patch says what it gains" "What the driver gains: the thread calls the function of the tasklet" \
	"$(cat "$TEST_TMP/s/0001-"*.patch)"

# dma-axi-dmac acknowledges IRQ_PENDING and then drains the partial
# transfer FIFO (axi_dmac_dequeue_partial_xfers()): the acknowledge is no
# silencing evidence, but the line is a platform irq that only this driver
# requests, so the handler could move whole (oneshot-shared-agreed); that
# drain reads the FIFO until the device says it is empty, bounded by the
# FIFO, so the site gains nothing and is declined.  spi-qcom-qspi's PIO
# write loop, under a plain spin_lock() in a whole move, writes min() of
# the FIFO's room (read from PIO_XFER_STATUS) and the bytes left: one
# FIFO's worth per interrupt, so it is declined too (t0022).
axi=$("$IRQCONV" convert --format=json drivers/dma/dma-axi-dmac.c 2>/dev/null) ||
	fail "convert dma-axi-dmac failed"
expect_eq "dma-axi-dmac declined" "declined no-gain 1" \
	"$(jq -r '"\(.verdict) \(.reason_code) \(.moved.device_loops_drain)"' <<<"$axi")"
expect_match "dma-axi-dmac reason" '1 draining a FIFO or handling events until the device reports none' \
	"$(jq -r .reason <<<"$axi")"
qspi=$("$IRQCONV" convert --format=json drivers/spi/spi-qcom-qspi.c 2>/dev/null) ||
	fail "convert spi-qcom-qspi failed"
expect_eq "spi-qcom-qspi moves a FIFO's worth" "declined no-gain 1 0" \
	"$(jq -r '"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_fifo) \(.moved.device_loops_irqs_off)"' <<<"$qspi")"

# Which loops and delays count (docs/convert.md): sun8i-ce's loop over its
# MAXFLOW (4) flows is bounded by a constant, altera_ps2's FIFO drain hands
# each byte to serio_interrupt(), pc110pad's two udelay(2) are 4 us per
# run: declined.  rtc-armada38x's two udelay(5) are in rtc_delayed_write(),
# which set_time also calls under spin_lock_irqsave(): no worst case gets
# shorter, declined.  rtc-tegra polls its busy bit: converted.
real=$("$IRQCONV" convert --format=json \
	drivers/crypto/allwinner/sun8i-ce/sun8i-ce-core.c \
	drivers/input/serio/altera_ps2.c drivers/input/mouse/pc110pad.c \
	drivers/rtc/rtc-armada38x.c drivers/rtc/rtc-tegra.c 2>/dev/null) ||
	fail "convert of the real drivers failed"
judged() {
	jq -r --arg h "$1" 'select(.handler == $h) |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops) \(.moved.device_loops_constant) \(.moved.device_loops_events) \(.moved.delays) \(.moved.delays_in_polls) \(.moved.delay_us)"' <<<"$real"
}
expect_eq "sun8i-ce: a constant-bound loop" "declined no-gain 0 1 0 0 0 0" \
	"$(judged ce_irq_handler)"
expect_eq "altera_ps2: a FIFO drain into serio_interrupt()" \
	"declined no-gain 0 0 1 0 0 0" "$(judged altera_ps2_rxint)"
expect_eq "pc110pad: 4 us of delays" "declined no-gain 0 0 0 2 0 4" \
	"$(judged pc110pad_interrupt)"
expect_eq "rtc-armada38x: delays also run with interrupts off" \
	"declined no-gain 0 0 0 1 0 0 1" \
	"$(judged armada38x_rtc_alarm_irq) $(jq -r 'select(.handler == "armada38x_rtc_alarm_irq") | .moved.delays_irqs_off_elsewhere' <<<"$real")"
expect_match "rtc-armada38x: the reason names the caller" \
	"rtc_delayed_write\(\), which armada38x_rtc_set_time\(\) also calls with interrupts off" \
	"$(jq -r 'select(.handler == "armada38x_rtc_alarm_irq") | .reason' <<<"$real")"
expect_eq "rtc-tegra: a busy poll with a delay in it" \
	"converted hardirq-loop-moved,delay-moved 1 0 0 1 1 0" \
	"$(judged tegra_rtc_irq_handler)"

# An ndelay() is a settle time, never a poll, and a length decided at
# run time outside a loop counts nothing: i2c-s3c2410's ndelay(tx_setup)
# (50 ns a byte) moves no delay worth a thread; i2c-pnx's mdelay(1) polls
# for the STOP condition still do.
s3c=$("$IRQCONV" convert --format=json drivers/i2c/busses/i2c-s3c2410.c 2>/dev/null) ||
	fail "convert i2c-s3c2410 failed"
expect_eq "i2c-s3c2410 declined" "declined no-gain 0 0" \
	"$(jq -r '"\(.verdict) \(.reason_code) \(.moved.delays_in_polls) \(.moved.delay_us)"' <<<"$s3c")"
pnx=$("$IRQCONV" convert --format=json drivers/i2c/busses/i2c-pnx.c 2>/dev/null) ||
	fail "convert i2c-pnx failed"
expect_match "i2c-pnx polls" "delay-moved" \
	"$(jq -r '.benefit | join(",")' <<<"$pnx")"
