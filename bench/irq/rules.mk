# SPDX-License-Identifier: GPL-2.0
#
# make bench-irq [ONLY="edu e1000"]: interrupt cost of the original, the
# threadirqs and the converted drivers inside QEMU (docs/benchmarks.md).
# A benchmark, not a test: it takes minutes and judges nothing but that it
# ran. Results in $(BUILD)/bench-irq/: results.txt, table.md, plot.png.
# make bench-irq-selftest checks its trace parser on recorded traces.

BENCH_IRQ := $(BUILD)/bench-irq
BENCH_IRQ_DRIVERS := edu e1000
BENCH_IRQ_SELECTED = $(if $(ONLY),$(ONLY),$(BENCH_IRQ_DRIVERS))

.PHONY: bench-irq
bench-irq:
	@$(if $(filter-out $(BENCH_IRQ_DRIVERS),$(ONLY)),echo "bench-irq: no driver '$(filter-out $(BENCH_IRQ_DRIVERS),$(ONLY))' ($(BENCH_IRQ_DRIVERS))" >&2; exit 2)
	@scripts/deps.sh
	@$(MAKE) --no-print-directory -s irqconv workspace
	@$(MAKE) --no-print-directory -s test-kernel initramfs $(BENCH_IRQ)/guest/bench.cpio \
		$(foreach d,edu $(BENCH_IRQ_SELECTED),$(BUILD)/boot/mod/$(d)/mods.cpio)
	@BUILD=$(BUILD) ONLY="$(ONLY)" bench/irq/run.sh $(BENCH_IRQ_SELECTED)

$(BENCH_IRQ)/guest/bench.cpio: $(wildcard bench/irq/guest/*) bench/irq/build.sh \
		$(BUILD)/testkernel/initramfs.cpio
	$(call quiet,CPIO,$@)BUILD=$(BUILD) bench/irq/build.sh

# The trace parser on recorded traces, on the host: seconds.
.PHONY: bench-irq-selftest
bench-irq-selftest:
	@bench/irq/selftest.sh
