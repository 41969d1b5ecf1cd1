# SPDX-License-Identifier: GPL-2.0
#
# The boot matrix (testsuite/boot/matrix, docs/boot-tests.md):
#
#   make boot/NAME/VARIANT      one boot, e.g. boot/e1000/converted
#   make check-boot [ONLY="NAME ..."] [BOOT_JOBS=N]
#                               every boot of the matrix (or of the rows
#                               named), BOOT_JOBS at a time: KTAP, a table
#                               row x variant, logs under build/boot/
#
# Files: $(BOOT)/mod/NAME/ the row's converted (and examples/ original)
# modules, $(BOOT)/common/ what every boot adds to the initramfs,
# $(BOOT)/initrd/NAME.cpio the three archives end to end, and
# $(BOOT)/NAME/VARIANT.{console,result} per boot.

BOOT := $(BUILD)/boot
BOOT_MATRIX := testsuite/boot/matrix
BOOT_JOBS ?= 2
BOOT_ROWS := $(shell awk '!/^\#/ && NF { print $$1 }' $(BOOT_MATRIX))
BOOT_TARGETS := $(shell . testsuite/boot/matrix.sh && matrix_targets)
BOOT_SELECTED = $(if $(ONLY),$(filter $(foreach n,$(ONLY),boot/$(n)/%),$(BOOT_TARGETS)),$(BOOT_TARGETS))
BOOT_TK := $(BUILD)/testkernel

.PHONY: check-boot boot-force $(BOOT_TARGETS)
.PRECIOUS: $(BOOT)/mod/%/mods.cpio $(BOOT)/initrd/%.cpio $(BOOT)/key/%
# The matrix is data: without this, make's built-in rule would make it
# from matrix.sh.
$(BOOT_MATRIX): ;

# The fields of a row that decide its modules, rewritten only when they
# change: editing a row's QEMU arguments rebuilds nothing.
$(BOOT)/key/%: boot-force
	@mkdir -p $(@D)
	@awk -v n=$* '!/^#/ && $$1 == n { print $$7, $$8, $$9 }' $(BOOT_MATRIX) >$@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

$(BOOT)/mod/%/mods.cpio: $(BOOT)/key/% $(IRQCONV) $(BOOT_TK)/bzImage \
		testsuite/boot/build-modules.sh testsuite/boot/matrix.sh \
		$(wildcard examples/*/* semantic-patches/*.cocci) \
		| $(BUILD)/kbuild-6.1/.irqconv-prepared
	@mkdir -p $(BOOT)/mod
	$(call quiet,MODULES,$@)BUILD=$(BUILD) testsuite/boot/build-modules.sh $* \
		>$(BOOT)/mod/$*.log 2>&1 || { tail -20 $(BOOT)/mod/$*.log; exit 1; }

$(BOOT)/common/common.cpio: $(wildcard testsuite/boot/guest/* testsuite/boot/guest-src/*) \
		examples/edu/edu-test.c $(BOOT_MATRIX) testsuite/boot/build-common.sh \
		$(BOOT_TK)/initramfs.cpio
	$(call quiet,CPIO,$@)BUILD=$(BUILD) testsuite/boot/build-common.sh

$(BOOT)/initrd/%.cpio: $(BOOT_TK)/initramfs.cpio $(BOOT)/common/common.cpio \
		$(BOOT)/mod/%/mods.cpio
	@mkdir -p $(@D)
	@cat $^ >$@.tmp && mv $@.tmp $@

define boot_row_rule
$(filter boot/$(1)/%,$(BOOT_TARGETS)): $(BOOT)/initrd/$(1).cpio
endef
$(foreach r,$(BOOT_ROWS),$(eval $(call boot_row_rule,$(r))))

$(BOOT_TARGETS):
	@BUILD=$(BUILD) testsuite/boot/run.sh $(word 2,$(subst /, ,$@)) $(word 3,$(subst /, ,$@))

check-boot:
	@$(if $(filter-out $(BOOT_ROWS),$(ONLY)),echo "check-boot: no row '$(filter-out $(BOOT_ROWS),$(ONLY))' in $(BOOT_MATRIX)" >&2; exit 2)
	@$(MAKE) --no-print-directory -s irqconv workspace
	@mkdir -p $(BOOT)
	@rm -f $(foreach t,$(BOOT_SELECTED),$(BOOT)/$(t:boot/%=%).result)
	-@$(MAKE) --no-print-directory -s -k -j$(BOOT_JOBS) $(BOOT_SELECTED) 2>&1 | \
		tee $(BOOT)/make.log | grep '^# boot/'
	@testsuite/boot/report.sh $(BOOT_SELECTED)
