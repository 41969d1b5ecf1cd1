# SPDX-License-Identifier: GPL-2.0
#
# One target per unit (a driver .c file): $(BATCH)/done/UNIT, written by
# scripts/batch-unit.sh only when the unit ran to the end without failing.
# Run by scripts/batch.sh, which writes $(BATCH)/units.mk; `-j` runs units in
# parallel, a second run remakes only changed or failed units.

SHELL := /bin/bash
.DEFAULT_GOAL := all
UNITS :=
include $(BATCH)/units.mk

.PHONY: all
all: $(addprefix $(BATCH)/done/,$(UNITS))
