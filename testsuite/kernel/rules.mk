# SPDX-License-Identifier: GPL-2.0
#
# The test kernel (linux-source-6.1 + kernel-patches/series, configured from
# testsuite/kernel/config/*.config) and its initramfs, for the boot tests.
# Each step is redone only when its inputs change:
#
#   make test-kernel-config  build/testkernel/obj/.config (patched tree, configured)
#   make test-kernel   build/testkernel/bzImage (+ modules in modroot/)
#   make initramfs     build/testkernel/initramfs.cpio
#
# Steps live in testsuite/kernel/build.sh.

TK := $(BUILD)/testkernel
TK_SCRIPT := testsuite/kernel/build.sh
TK_PATCHES := $(addprefix kernel-patches/,$(shell sed -e '/^\#/d' -e 's/[ \t].*//' kernel-patches/series 2>/dev/null))
TK_FRAGMENTS := $(sort $(wildcard testsuite/kernel/config/*.config))
TK_INITRAMFS_IN := $(sort $(wildcard testsuite/kernel/initramfs/* testsuite/kernel/initramfs/tests/*))

.PHONY: test-kernel test-kernel-config initramfs clean-test-kernel

test-kernel: $(TK)/bzImage
test-kernel-config: $(TK)/.configured
initramfs: $(TK)/initramfs.cpio

$(TK)/.src-applied: kernel-patches/series $(TK_PATCHES)
	$(call quiet,QUILT,$(TK)/src)BUILD=$(BUILD) $(TK_SCRIPT) src
	@touch $@

$(TK)/.configured: $(TK)/.src-applied $(TK_FRAGMENTS)
	$(call quiet,CONFIG,$(TK)/obj/.config)BUILD=$(BUILD) $(TK_SCRIPT) config
	@touch $@

$(TK)/bzImage: $(TK)/.configured
	$(call quiet,KERNEL,$@)BUILD=$(BUILD) $(TK_SCRIPT) kernel

$(TK)/initramfs.cpio: $(TK)/bzImage $(TK_INITRAMFS_IN) $(TK_SCRIPT)
	$(call quiet,CPIO,$@)BUILD=$(BUILD) $(TK_SCRIPT) initramfs

clean-test-kernel:
	rm -rf $(TK)
