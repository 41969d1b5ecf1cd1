# Loops and delays that only an error, a reset, a failure status bit, a
# hardware quirk or the I2C target role reaches do not pay for a
# thread (docs/convert.md, "Which loops and delays count":
# device_loops_error, delays_error), wrappers another file of the module
# defines are device accesses, and a converted patch names the loops and
# delays it counts ("Counted:", sites.json moved.where).  Real 6.1 drivers:
# - i2c-mv64xxx: the errata udelay(5) of mv64xxx_i2c_hw_init(), called
#   from the fsm's default case that logs with dev_err() and sets -EAGAIN;
# - hclge: mdelay(5) when the reset cause is an IMP reset;
# - i2c-nomadik: init_hw()'s FIFO flush poll, reached from the cases that
#   set dev->result = -EIO;
# - i2c-at91-master: its receive loop drains the holding register until
#   at91_twi_read(), defined in i2c-at91-core.c, says it is empty;
# - i2c-pxa: the SCL poll of i2c_pxa_slave_start() runs only for the I2C
#   target role (its arm reaches i2c_slave_event());
# - i2c-cadence: the hold quirk's spin, under cdns_is_holdquirk(), and the
#   target role's receive loop;
# - i2c-npcm7xx: the bus-release poll under `FIELD_GET(NPCM_I2CST_NEGACK,
#   i2cst)`, a condition naming only a failure bit;
# - i2c-pnx: still converted, and the patch says which loops and delays
#   it counts;
# - mtk-cmdq-mailbox: for_each_clear_bit() over a status word already read
#   is bounded by the word's bits, like for_each_set_bit();
# - rcar_canfd: for_each_set_bit() over `gpriv->channels_mask`, a field
#   only probing sets (its address passed to find_next_bit() is a read);
# - qman_ccsr: its error interrupt logs each error with dev_err_ratelimited()
#   (a macro: read from the file), so the EDATA dump loop of
#   log_edata_bits() under it is an error path;
# - kmb_platform: its loops index a local `u32 isr[4]` with their counter,
#   so they run at most 4 rounds whatever `config->chan_nr / 2` says.
# - e1000e: __ew32()'s udelay(50) poll for the PCIM2PCI arbiter runs under
#   `flags2 & FLAG2_PCIM2PCI_ARBITER_WA`, one part's workaround (WA);
# - octeontx2 otx2_pf: its queue error interrupt walks `qset.cq_cnt`
#   queues, a count only otx2_open(), its `.ndo_open`, and
#   otx2_set_channels() of otx2_ethtool.c, its ethtool `.set_channels`, set;
# - ste_dma40 (arm tree): its `for (;;)` ends when `chan =
#   find_next_bit(regs, BITS_PER_LONG * il_size, chan + 1)` reaches the
#   search's size, il_size a configuration count: as many rounds as bits.
# - nicvf (arm64 tree): its RBDR interrupt walks `qs->rbdr_cnt` rings, a
#   count set from a constant in nicvf_queues.c, which nicvf_probe() calls
#   into: a configuration count of the module, not of the file.
. "$TESTLIB"

out=$TEST_TMP/out
json=$("$IRQCONV" convert --format=json -o "$out" \
	drivers/i2c/busses/i2c-mv64xxx.c \
	drivers/net/ethernet/hisilicon/hns3/hns3pf/hclge_main.c \
	drivers/i2c/busses/i2c-nomadik.c drivers/i2c/busses/i2c-at91-master.c \
	drivers/i2c/busses/i2c-pxa.c sound/soc/intel/keembay/kmb_platform.c \
	drivers/i2c/busses/i2c-cadence.c drivers/i2c/busses/i2c-npcm7xx.c \
	drivers/i2c/busses/i2c-pnx.c \
	drivers/dma/ste_dma40.c \
	drivers/net/ethernet/intel/e1000e/netdev.c \
	drivers/net/ethernet/marvell/octeontx2/nic/otx2_pf.c \
	drivers/mailbox/mtk-cmdq-mailbox.c \
	drivers/net/can/rcar/rcar_canfd.c \
	drivers/soc/fsl/qbman/qman_ccsr.c \
	drivers/net/ethernet/cavium/thunder/nicvf_main.c \
	2>/dev/null) ||
	fail "convert of the real drivers failed"
judged() {
	jq -r --arg h "$1" 'select(.handler == $h) |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_error // 0) \(.moved.delays_error // 0)"' <<<"$json"
}
where() {
	jq -r --arg h "$1" 'select(.handler == $h) | .moved.where // [] | join("; ")' <<<"$json"
}

expect_match "i2c-mv64xxx: the reset's delay is on an error path" \
	"^declined no-gain 0 [1-9]" "$(judged mv64xxx_i2c_intr)"
expect_no_match "i2c-mv64xxx: mv64xxx_i2c_hw_init()'s delay is not counted" \
	"mv64xxx_i2c_hw_init" "$(where mv64xxx_i2c_intr)"
expect_match "hclge: the IMP reset's mdelay(5) is on a reset path" \
	"^declined no-gain 0 [1-9]" "$(judged hclge_misc_irq_handle)"
expect_match "i2c-nomadik: init_hw()'s flush poll is on an error path" \
	" 1 0$" "$(judged i2c_irq_handler)"
expect_no_match "i2c-nomadik: flush_i2c_fifo() is not counted" \
	"flush_i2c_fifo" "$(where i2c_irq_handler)"
expect_eq "i2c-at91-master: a drain through at91_twi_read()" \
	"declined no-gain 1" \
	"$(jq -r 'select(.handler == "atmel_twi_interrupt") |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_drain // 0)"' <<<"$json")"

expect_eq "i2c-pxa: the SCL poll serves the target role" "declined no-gain 1 0" \
	"$(judged i2c_pxa_handler)"
expect_eq "i2c-cadence: the hold quirk and the target role" "declined no-gain 2 0" \
	"$(judged cdns_i2c_isr)"
expect_eq "i2c-npcm7xx: the NACK arm's bus-release poll" "declined no-gain 1 2" \
	"$(judged npcm_i2c_bus_irq)"

expect_match "i2c-pnx: still converted" "^converted hardirq-loop-moved" \
	"$(judged i2c_pnx_interrupt)"
expect_match "i2c-pnx: where the counted loops are" \
	"^the loop at line 99 in wait_timeout\(\); the delay at line 101 in wait_timeout\(\); " \
	"$(where i2c_pnx_interrupt)"
patch=$(grep -l 'i2c_pnx_interrupt' "$out"/0*-i2c-pnx-*.patch 2>/dev/null | head -n1)
[ -n "$patch" ] || fail "no patch for i2c-pnx in $out"
expect_match "the i2c-pnx patch names the loop" \
	"Counted: the loop at line 99 in wait_timeout\(\), the delay at line 101 in wait_timeout\(\)," \
	"$(tr '\n' ' ' <"$patch" | tr -s ' ')"

expect_eq "kmb_platform: loops bounded by a local array of 4" "declined no-gain 2" \
	"$(jq -r 'select(.handler == "kmb_i2s_irq_handler") |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_constant)"' <<<"$json")"
expect_eq "mtk-cmdq-mailbox: for_each_clear_bit() over the status word" \
	"declined no-gain 1" \
	"$(jq -r 'select(.handler == "cmdq_irq_handler") |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_width // 0)"' <<<"$json")"
expect_eq "rcar_canfd: for_each_set_bit() over the probed channel mask" \
	"declined no-gain 1" \
	"$(jq -r 'select(.handler == "rcar_canfd_global_err_interrupt") |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_width // 0)"' <<<"$json")"
expect_eq "qman_ccsr: the dump under dev_err_ratelimited() is an error path" \
	"declined no-gain 1 0" "$(judged qman_isr)"
expect_eq "ste_dma40: a bit search bounded by its size" "declined no-gain 1" \
	"$(jq -r 'select(.handler == "d40_handle_interrupt") |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_width // 0)"' <<<"$json")"
expect_eq "e1000e: the arbiter workaround's poll, other vector" \
	"declined no-gain 1 1" "$(judged e1000_msix_other)"
expect_eq "otx2_pf: queues counted when the interface opens" \
	"declined no-gain 1" \
	"$(jq -r 'select(.handler == "otx2_q_intr_handler") |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_width // 0)"' <<<"$json")"
expect_eq "nicvf: the RBDR count is set at probe, in another file of the module" \
	"declined no-gain 1" \
	"$(jq -r 'select(.handler == "nicvf_rbdr_intr_handler") |
		"\(.verdict) \(.benefit | join(",")) \(.moved.device_loops_width // 0)"' <<<"$json")"
