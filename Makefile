# SPDX-License-Identifier: GPL-2.0
#
# irqconv: top-level build.  `make help` lists the targets.
#
# Each part of the project brings its own rules in a rules.mk next to its
# sources (converter/rules.mk, testsuite/*/rules.mk, ...); this file only
# holds what they share.

SHELL := /bin/bash
.DEFAULT_GOAL := all
BUILD := build
KERNEL_VERSIONS := 6.1 6.12
# Versions that also get analysis trees of other architectures
# (build/kbuild-VER-ARCH): SoC, embedded and ISA drivers the x86_64
# allmodconfig does not build.
OTHER_ARCH_KERNEL_VERSIONS := 6.1
OTHER_ARCHES := arm64 arm armv5 powerpc ppc32 mips i386

# `make V=1` shows full commands; `make -s` shows none.
ifneq ($(V)$(findstring s,$(firstword -$(MAKEFLAGS))),)
quiet =
else
quiet = @printf '  %-7s %s\n' '$(1)' '$(2)';
endif

.PHONY: all help deps workspace workspaces clean clean-kernel distclean \
	check demo
all: irqconv

help:
	@echo 'irqconv targets:'
	@echo '  make               build build/bin/irqconv'
	@echo '  make deps          install missing Debian packages (root), then run each tool once (scripts/selfcheck.sh)'
	@echo '  make workspace     6.1 source + clang-16 allmodconfig kbuild trees (x86_64, $(OTHER_ARCHES)) in build/'
	@echo '  make workspaces    the same for every kernel ($(KERNEL_VERSIONS); other architectures: $(OTHER_ARCH_KERNEL_VERSIONS))'
	@echo '  make demo          scan and convert the bundled drivers'
	@echo '  make check [T=testsuite/TIER[/TEST]]   run the tests (KTAP)'
	@echo '  make check-boot [ONLY="NAME ..."]   the QEMU boot matrix (testsuite/boot/matrix)'
	@echo '  make boot/NAME/VARIANT                one boot of it, e.g. boot/e1000/converted'
	@echo '  make batch PATHS="drivers/net ..." [KERNEL=6.1|6.12]   scan, convert, compile, boot: resumable'
	@echo '  make bench-scan    scan vs clang -fsyntax-only vs spatch (docs/benchmarks.md)'
	@echo '  make bench-irq [ONLY=edu] [BENCH_KERNEL=test] [BENCH_CLOCK=tcg]   interrupt cost in QEMU (instructions under -icount): original, threadirqs, converted'
	@echo '  make bench-kernel  the lockdep-free kernel bench-irq boots (build/benchkernel)'
	@echo '  make fuzz          run every libFuzzer target for a while (fuzz/rules.mk)'
	@echo '  make check-asan    the scan and convert tiers with an ASan+UBSan irqconv'
	@echo '  make clean         remove build outputs but the kernel trees'
	@echo '  make clean-kernel  remove the kernel trees'

deps:
	@scripts/deps.sh

# Workspaces: the stamp files inside each tree are the make targets, so a
# second run is a no-op.
$(BUILD)/linux-%/.irqconv-extracted:
	@BUILD=$(BUILD) scripts/workspace.sh extract $*

$(BUILD)/kbuild-%/.irqconv-prepared: $(BUILD)/linux-%/.irqconv-extracted
	@rm -f $@
	@BUILD=$(BUILD) scripts/workspace.sh prepare $*

# The trees of other architectures of a version (build/kbuild-VER-ARCH);
# make takes these rules over the one above for them because their stems
# are the shorter.
define arch_tree_rule
$$(BUILD)/kbuild-%-$(1)/.irqconv-prepared: $$(BUILD)/linux-%/.irqconv-extracted
	@rm -f $$@
	@BUILD=$$(BUILD) scripts/workspace.sh prepare $$* $(1)
endef
$(foreach a,$(OTHER_ARCHES),$(eval $(call arch_tree_rule,$(a))))
arch_trees = $(foreach a,$(OTHER_ARCHES),$(BUILD)/kbuild-$(1)-$(a)/.irqconv-prepared)

# Without this make would delete the extraction stamps as intermediate files.
.SECONDARY: $(foreach v,$(KERNEL_VERSIONS),$(BUILD)/linux-$(v)/.irqconv-extracted)

workspace: $(BUILD)/kbuild-6.1/.irqconv-prepared $(call arch_trees,6.1)
workspaces: $(foreach v,$(KERNEL_VERSIONS),$(BUILD)/kbuild-$(v)/.irqconv-prepared) \
	$(foreach v,$(OTHER_ARCH_KERNEL_VERSIONS),$(call arch_trees,$(v)))

include $(sort $(wildcard */rules.mk testsuite/*/rules.mk))

# The tests set up what they need (deps, workspaces, the converter) first;
# scripts/deps.sh ends with the tool self-check, so a missing tool stops
# them before any work with a message naming its package.  The kernel trees
# are prepared side by side: each prepare leaves a CPU idle much of the time.
check:
	@scripts/deps.sh
	@$(MAKE) --no-print-directory -s -j$$(nproc) all workspaces
	@testsuite/run.sh $(T)

demo:
	@scripts/deps.sh
	@$(MAKE) --no-print-directory -s -j$$(nproc) all workspace
	@scripts/demo.sh

clean:
	rm -rf $(BUILD)/bin $(BUILD)/converter $(BUILD)/tests $(BUILD)/demo \
		$(BUILD)/fuzz $(BUILD)/asan

clean-kernel:
	rm -rf $(foreach v,$(KERNEL_VERSIONS),$(BUILD)/linux-$(v) $(BUILD)/kbuild-$(v)) \
		$(foreach v,$(OTHER_ARCH_KERNEL_VERSIONS),$(foreach a,$(OTHER_ARCHES),$(BUILD)/kbuild-$(v)-$(a)))

distclean:
	rm -rf $(BUILD)
