# SPDX-License-Identifier: GPL-2.0
#
# make batch PATHS="drivers/net sound/pci" [KERNEL=6.1|6.12] [-jN]:
# scan -> convert -> compile -> report over many drivers (docs/batch.md).
# The + passes make's jobserver down to scripts/batch.mk.

KERNEL ?= 6.1

.PHONY: batch
batch: irqconv
	+@PATHS="$(PATHS)" KERNEL=$(KERNEL) MAKE="$(MAKE)" scripts/batch.sh
