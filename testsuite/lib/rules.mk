# SPDX-License-Identifier: GPL-2.0
#
# make test-commands: the kbuild command caches of the 6.1 trees filled,
# in one make per tree, for every kernel file the convert, scan and judge
# tests name (testsuite/lib/prime-commands.sh); those tiers need it.

.PHONY: test-commands
test-commands: irqconv workspace
	@testsuite/lib/prime-commands.sh
