# SPDX-License-Identifier: GPL-2.0
#
# make bench-scan: whole drivers/ + sound/ scan wall time, cold and cached,
# beside clang-16 -fsyntax-only over the same files with the same flags.
# Not a test (no timing is asserted anywhere); results go in
# docs/benchmarks.md.  BENCH_JOBS (default: all CPUs), BENCH_PATHS
# (default: drivers sound), BENCH_STEPS (default: cold cached syntax
# spatch) and BENCH_IRQCONV (a binary kept aside, so that a rebuild during
# a long run does not change what is measured or void the cache) tune it.

BENCH_JOBS ?= $(shell nproc)
BENCH_PATHS ?= drivers sound
BENCH_STEPS ?= cold cached syntax spatch
BENCH_IRQCONV ?= $(CURDIR)/build/bin/irqconv

.PHONY: bench-scan
bench-scan: irqconv workspace
	@JOBS=$(BENCH_JOBS) STEPS="$(BENCH_STEPS)" IRQCONV=$(BENCH_IRQCONV) testsuite/scan/bench.sh $(BENCH_PATHS)
