# SPDX-License-Identifier: GPL-2.0
#
# make bench-scan: whole drivers/ + sound/ scan wall time, cold and cached,
# beside clang-16 -fsyntax-only over the same files with the same flags.
# Not a test (no timing is asserted anywhere); results go in
# docs/benchmarks.md.  BENCH_JOBS (default: all CPUs) and BENCH_PATHS
# (default: drivers sound) tune it.

BENCH_JOBS ?= $(shell nproc)
BENCH_PATHS ?= drivers sound

.PHONY: bench-scan
bench-scan: irqconv workspace
	@JOBS=$(BENCH_JOBS) testsuite/scan/bench.sh $(BENCH_PATHS)
