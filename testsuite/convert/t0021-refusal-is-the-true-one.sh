# Each site is declined or refused for the reason that holds, the one a
# maintainer would accept (real 6.1 drivers; docs/analysis.md "Reasons"):
# a lock before the check only where there is a check, the check's real
# shape where it is one the split cannot cut after, no gain before the
# rewrite's mechanics, and a tasklet scheduled twice kept, not folded
# twice.  scan says what convert does.
# timeout: 900
. "$TESTLIB"

files="drivers/char/sonypi.c drivers/mmc/host/dw_mmc.c sound/pci/cs4281.c
	drivers/misc/hpilo.c drivers/input/serio/i8042.c drivers/char/tlclk.c
	drivers/crypto/mxs-dcp.c drivers/tty/serial/imx.c
	drivers/i2c/busses/i2c-mxs.c drivers/dma/ep93xx_dma.c
	drivers/dma/xilinx/zynqmp_dma.c"
# shellcheck disable=SC2086
scan=$("$IRQCONV" scan --format=json $files 2>/dev/null) || fail "scan failed"
# shellcheck disable=SC2086
conv=$("$IRQCONV" convert --format=json $files 2>/dev/null) ||
	fail "convert failed"
# shellcheck disable=SC2086
all=$("$IRQCONV" convert --all --format=json -o "$TEST_TMP/all" $files \
	2>/dev/null) || fail "convert --all failed"
# HANDLER LINE: "verdict code" of scan, convert and convert --all
judged() {
	local q='select(.handler == $h and .line == ($l | tonumber)) |
		"\(.verdict) \(.reason_code // .reason_codes[0])"'
	printf '%s | %s | %s\n' \
		"$(jq -r --arg h "$1" --arg l "$2" "$q" <<<"$scan")" \
		"$(jq -r --arg h "$1" --arg l "$2" "$q" <<<"$conv")" \
		"$(jq -r --arg h "$1" --arg l "$2" "$q" <<<"$all")"
}
reason() {
	jq -r --arg h "$1" 'select(.handler == $h) | .reason' <<<"$conv" |
		head -1
}

# 1. sonypi and dw_mmc never return IRQ_NONE: there is no check for a
# lock to come before.  i8042 jumps to IRQ_RETVAL(0) after its lock: the
# lock does come before its check.
expect_eq "sonypi: no quick check" \
	"not_convertible no-quick-check | refused no-quick-check | refused no-quick-check" \
	"$(judged sonypi_irq 1254)"
expect_eq "dw_mmc: no quick check" \
	"not_convertible no-quick-check | refused no-quick-check | refused no-quick-check" \
	"$(judged dw_mci_interrupt 3538)"
expect_eq "i8042: the lock is taken before its check" \
	"not_convertible lock-before-check | refused lock-before-check | refused lock-before-check" \
	"$(judged i8042_interrupt 1477)"
# 1, 2. cs4281 writes its EOI, hpilo releases its lock before IRQ_NONE;
# hpilo reads the status through its inline get_device_outbound().
expect_eq "cs4281: its check does more than return" \
	"not_convertible check-nested | refused check-nested | refused check-nested" \
	"$(judged snd_cs4281_interrupt 1317)"
expect_match "cs4281: the sentence names its check" \
	"decides whose interrupt it is at line 1742, in an 'if' whose block does more before it returns IRQ_NONE" \
	"$(reason snd_cs4281_interrupt)"
expect_eq "hpilo: its check releases the lock itself" \
	"not_convertible check-nested | refused check-nested | refused check-nested" \
	"$(judged ilo_isr 831)"
expect_match "hpilo: the sentence names its check" \
	"ilo_isr\(\) decides whose interrupt it is at line 659, in an 'if' that releases the lock itself before it returns IRQ_NONE" \
	"$(reason ilo_isr)"

# 3. No gain first, with and without --all; the mechanical refusal after.
for site in "tlclk_interrupt 223" "mxs_dcp_irq 1001" "mxs_dcp_irq 1008" \
	"imx_uart_rxint 2497" "imx_uart_int 2521" "mxs_i2c_isr 820"; do
	# shellcheck disable=SC2086
	expect_eq "${site% *}:${site#* } declined no-gain" \
		"convertible no-gain | declined no-gain | declined no-gain" \
		"$(judged $site)"
done
expect_match "tlclk: besides, Coccinelle rewrites it differently" \
	"for nothing; and besides, the request at line 223 is rewritten differently by request_irq_to_threaded.cocci" \
	"$(reason tlclk_interrupt)"
expect_match "mxs-dcp: besides, it is requested twice" \
	"for nothing; and besides, mxs_dcp_irq\(\) is also requested at line 1008" \
	"$(reason mxs_dcp_irq)"
expect_match "imx: besides, the semantic patch finds no request" \
	"for nothing; and besides, the semantic patch found no request of imx_uart_rxint\(\)" \
	"$(reason imx_uart_rxint)"
expect_match "i2c-mxs: besides, a derived hand-over" \
	"for nothing; and besides, 'stat' is computed in the quick check" \
	"$(reason mxs_i2c_isr)"

# 4. ep93xx_dma and zynqmp_dma schedule their tasklet at two places: kept,
# the thread would only schedule it.  --all writes zynqmp_dma's conversion;
# ep93xx_dma's would have to bracket the raise inside its lock region,
# which has a return in it, so it stays declined.
expect_eq "ep93xx_dma: declined" \
	"convertible no-gain | declined no-gain | declined no-gain" \
	"$(judged ep93xx_dma_interrupt 904)"
expect_match "ep93xx_dma: besides, the bracket" \
	"for nothing; and besides, ep93xx_dma_interrupt\(\) raises a softirq in a statement that also returns" \
	"$(reason ep93xx_dma_interrupt)"
expect_eq "ep93xx_dma, zynqmp_dma: scan notes no tasklet fold" "null null" \
	"$(jq -r 'select(.handler | test("ep93xx|zynqmp")) | .tasklet_fold' <<<"$scan" |
		paste -sd ' ')"
expect_eq "zynqmp_dma: declined" \
	"convertible no-gain | declined no-gain | converted split-oneshot-whole" \
	"$(judged zynqmp_dma_irq_handler 940)"
zq=$(tr -s ' \n' ' ' <"$TEST_TMP/all/"*zynqmp*.patch)
expect_match "zynqmp_dma: the patch says why the tasklet stays" \
	"Tasklet kept: the handler schedules it at lines 726 and 735: a tasklet scheduled twice runs once" \
	"$zq"
expect_no_match "zynqmp_dma: its function is not retyped" \
	'\+static void zynqmp_dma_do_tasklet\(struct zynqmp_dma_chan' "$zq"
expect_eq "ep93xx_dma: no patch with --all" "" \
	"$(ls "$TEST_TMP/all" | grep ep93xx || true)"

# The same for a tasklet scheduled with the handler's lock held, whose
# function takes that lock (fixture taskfold/tf-locked), and one
# scheduled twice (tf-twice).
fix=$("$IRQCONV" convert --all --format=json -o "$TEST_TMP/fix" \
	testsuite/convert/fixtures/taskfold 2>/dev/null) ||
	fail "convert of the taskfold fixtures failed"
expect_eq "tf-locked, tf-twice: the tasklet is not folded" \
	"tf_locked_irq no-gain
tf_twice_irq no-gain" \
	"$(jq -r 'select(.handler | test("locked|twice")) |
		"\(.handler) \(.benefit | join(","))"' <<<"$fix")"
expect_match "tf-locked: the patch says why" \
	"Tasklet kept: the handler schedules it at line 46 with the lock it took with spin_lock\(\) at line 37 held" \
	"$(tr -s ' \n' ' ' <"$TEST_TMP/fix/"*tf-locked*.patch)"

# 5. A handler only another module defines (atmel-isc-base.c, linked as
# atmel-isc-common) is judged where it is defined, by convert as by scan:
# its stamp refuses it, not the place it is written in.
isc=drivers/media/platform/atmel/atmel-sama5d2-isc.c
expect_eq "atmel-isc: scan and convert give the stamp" \
	"timestamps-irq timestamps-irq" \
	"$("$IRQCONV" scan --format=json "$isc" 2>/dev/null |
		jq -r '.reason_codes[0]') $("$IRQCONV" convert --format=json \
		-o "$TEST_TMP/isc" "$isc" 2>/dev/null | jq -r '.reason_code')"
