#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fill the kbuild command caches of the 6.1 trees for every kernel C file
# the convert, scan and judge tiers name (their scripts, goldens and
# expectations, and the boot matrix judge compares), with one `irqconv
# flags` run: it asks each tree for all their directories in one
# `make -n`, where the tests, one golden at a time, would pay kbuild's few
# seconds of start-up per directory and tree.  Only a matter of time: a
# test finds the same commands either way (the cache is what the test
# would have written).
#
# usage: prime-commands.sh   (IRQCONV: the binary; default build/bin/irqconv)

set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
irqconv=${IRQCONV:-$top/build/bin/irqconv}
t=$top/testsuite

mapfile -t files < <(
	grep -rhoE '\b(drivers|sound)/[A-Za-z0-9_./-]+\.c\b' \
		"$t"/convert/*.sh "$t"/convert/golden/*.paths "$t"/scan/*.sh \
		"$t"/scan/expected "$t"/judge "$t"/boot/matrix | sort -u)
[ ${#files[@]} -gt 0 ] || exit 0
# A file no tree builds, or none at all, says so on stderr: its test judges.
"$irqconv" flags "${files[@]}" >/dev/null || true
