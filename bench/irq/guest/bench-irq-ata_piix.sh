# SPDX-License-Identifier: GPL-2.0
#
# ata_piix in PIO mode under the benchmark. The host gives machine pc's
# PIIX3 IDE with one null-co disk on the first channel (legacy IRQ 14).
# libata loads with dma=0, so every sector moves by port I/O: libata-sff's
# ata_sff_interrupt() transfers each DRQ block in hard-irq context
# (ata_sff_hsm_move(), ata_pio_sectors()) and completes the command,
# whose end runs in BLOCK_SOFTIRQ. Reads of one sector, one at a time,
# O_DIRECT: one interrupt per request. The legacy line is an ISA edge
# interrupt that no other device can share: no shared-line figures.
. /tests/bench-irq-lib.sh
DRIVER=ata_piix
BLOCK_SOFTIRQ=4
bench_init
N=${N:-$BENCH_N}

load_mod libata dma=0
load_mod ata_piix
load_mod sd_mod
for t in $(seq 150); do
	[ -b /dev/sda ] && break
	sleep 0.2
done
[ -b /dev/sda ] || die "no disk behind ata_piix"
mode=$(cat /sys/class/ata_device/dev1.0/xfer_mode 2>/dev/null)
case "$mode" in
*PIO*) say "disk in $mode" ;;
*) die "the disk is not in a PIO mode: '$mode'" ;;
esac
irq=$(awk '/ ata_piix$/ { sub(":", "", $1); print $1; exit }' /proc/interrupts)
[ -n "$irq" ] || die "no ata_piix line in /proc/interrupts"
grep -E "^ *$irq:" /proc/interrupts
tick_hz
result threads "$(irq_threads "$irq" | wc -l)"

# Throughput: completed reads of one sector per second, nothing traced.
rate=$(disk-load /dev/sda $RATE_SECS 512) || die "disk-load failed"
say "$rate"
rate=${rate#io_per_s=}
result rate_per_s "${rate%% *}"
irqsoff_max $WINDOWS disk-load /dev/sda $IRQSOFF_SECS 512

# Per interrupt, from the trace: one sector, one interrupt, one request.
trace_events "$irq" $BLOCK_SOFTIRQ
touch $SAMPLES/handler
tries=0
while [ "$(wc -l <$SAMPLES/handler)" -lt "$N" ]; do
	tries=$((tries + 1))
	[ $tries -le 30 ] || die "too few interrupts in the trace"
	trace_chunk disk-load /dev/sda $CHUNK_SECS 512 >/dev/null
	say "chunk: $(irqtrace -H "$hz" -i "$irq" -v $BLOCK_SOFTIRQ -t irq/ \
		-o $SAMPLES <$T/trace)"
done
result_stat handler $SAMPLES/handler
result_stat section $SAMPLES/section
result_stat latency $SAMPLES/latency
echo 0 >$T/events/enable
