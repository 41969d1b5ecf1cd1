# SPDX-License-Identifier: GPL-2.0
#
# make bench-irq [ONLY="edu e1000"] [BENCH_KERNEL=bench|test]
# [BENCH_CLOCK=icount|tcg] [BENCH_RUNS=N]: interrupt cost of the original,
# the threadirqs and the converted drivers inside QEMU, in instructions
# under -icount (the default, each boot twice) or in emulated time
# (docs/benchmarks.md). A benchmark, not a test: it takes minutes and
# judges nothing but that it ran. Results in $(BUILD)/bench-irq/KERNEL/:
# results.txt, table.md, plot.png.
#
# BENCH_KERNEL=bench (the default) boots the benchmark kernel, made by
# make bench-kernel in $(BUILD)/benchkernel: the test kernel's patched
# source and configuration fragments without the debug ones
# (bench/irq/kernel.fragments), with the drivers' modules built against it
# in $(BUILD)/bench-irq/mod/. BENCH_KERNEL=test boots the debug test kernel
# (lockdep...) with the boot matrix's modules.
# make bench-irq-selftest checks its trace parser on recorded traces.

BENCH_IRQ := $(BUILD)/bench-irq
BENCH_IRQ_DRIVERS := edu e1000 pvscsi ne2k-pci ata_piix
BENCH_IRQ_SELECTED = $(if $(ONLY),$(ONLY),$(BENCH_IRQ_DRIVERS))
BENCH_KERNEL ?= bench
BK := $(BUILD)/benchkernel
BK_FRAGMENTS := $(shell KERNEL_FLAVOUR=bench testsuite/kernel/build.sh fragments)
BK_INITRAMFS_IN := $(sort $(wildcard testsuite/kernel/initramfs/* testsuite/kernel/initramfs/tests/*))

ifeq ($(BENCH_KERNEL),test)
BENCH_IRQ_KERNEL := test-kernel initramfs
BENCH_IRQ_MODS := $(BUILD)/boot/mod
else
BENCH_IRQ_KERNEL := bench-kernel
BENCH_IRQ_MODS := $(BENCH_IRQ)/mod
endif

.PHONY: bench-irq bench-kernel
bench-irq:
	@$(if $(filter-out $(BENCH_IRQ_DRIVERS),$(ONLY)),echo "bench-irq: no driver '$(filter-out $(BENCH_IRQ_DRIVERS),$(ONLY))' ($(BENCH_IRQ_DRIVERS))" >&2; exit 2)
	@$(if $(filter-out bench test,$(BENCH_KERNEL)),echo "bench-irq: BENCH_KERNEL is bench or test: '$(BENCH_KERNEL)' is neither" >&2; exit 2)
	@scripts/deps.sh
	@$(MAKE) --no-print-directory -s irqconv workspace
	@$(MAKE) --no-print-directory -s $(BENCH_IRQ_KERNEL) $(BENCH_IRQ)/guest/bench.cpio \
		$(foreach d,edu $(BENCH_IRQ_SELECTED),$(BENCH_IRQ_MODS)/$(d)/mods.cpio)
	@BUILD=$(BUILD) ONLY="$(ONLY)" BENCH_KERNEL=$(BENCH_KERNEL) bench/irq/run.sh $(BENCH_IRQ_SELECTED)

$(BENCH_IRQ)/guest/bench.cpio: $(wildcard bench/irq/guest/*) bench/irq/build.sh \
		$(BUILD)/testkernel/.src-applied
	$(call quiet,CPIO,$@)BUILD=$(BUILD) bench/irq/build.sh

# The benchmark kernel: testsuite/kernel/build.sh's steps, KERNEL_FLAVOUR=bench.
bench-kernel: $(BK)/bzImage $(BK)/initramfs.cpio

$(BK)/.configured: $(BUILD)/testkernel/.src-applied $(BK_FRAGMENTS) \
		bench/irq/kernel.fragments
	$(call quiet,CONFIG,$(BK)/obj/.config)KERNEL_FLAVOUR=bench BUILD=$(BUILD) testsuite/kernel/build.sh config
	@touch $@

$(BK)/bzImage: $(BK)/.configured
	$(call quiet,KERNEL,$@)KERNEL_FLAVOUR=bench BUILD=$(BUILD) testsuite/kernel/build.sh kernel

$(BK)/initramfs.cpio: $(BK)/bzImage $(BK_INITRAMFS_IN) testsuite/kernel/build.sh
	$(call quiet,CPIO,$@)KERNEL_FLAVOUR=bench BUILD=$(BUILD) testsuite/kernel/build.sh initramfs

# A driver's modules against the benchmark kernel: its boot matrix row,
# built as for the boot tests (testsuite/boot/rules.mk) but elsewhere.
.PRECIOUS: $(BENCH_IRQ)/mod/%/mods.cpio
$(BENCH_IRQ)/mod/%/mods.cpio: $(BUILD)/boot/key/% $(BUILD)/bin/irqconv $(BK)/bzImage \
		testsuite/boot/build-modules.sh testsuite/boot/matrix.sh \
		$(wildcard examples/*/* semantic-patches/*.cocci) \
		| $(BUILD)/kbuild-6.1/.irqconv-prepared
	@mkdir -p $(BENCH_IRQ)/mod
	$(call quiet,MODULES,$@)KERNEL_FLAVOUR=bench MODS_DIR=$(BENCH_IRQ)/mod BUILD=$(BUILD) \
		testsuite/boot/build-modules.sh $* >$(BENCH_IRQ)/mod/$*.log 2>&1 || \
		{ tail -20 $(BENCH_IRQ)/mod/$*.log; exit 1; }

# The trace parser on recorded traces, on the host: seconds.
.PHONY: bench-irq-selftest
bench-irq-selftest:
	@bench/irq/selftest.sh
