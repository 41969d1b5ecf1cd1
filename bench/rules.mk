# SPDX-License-Identifier: GPL-2.0
#
# Benchmarks (never part of make check): each bench/NAME/rules.mk brings
# its make target.
include $(sort $(wildcard bench/*/rules.mk))
