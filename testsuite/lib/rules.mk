# SPDX-License-Identifier: GPL-2.0
#
# make test-commands: the kbuild command caches of the 6.1 trees filled
# for the goldens' files in one make per tree (testsuite/lib/prime-commands.sh);
# the convert, scan and judge tiers need it.

.PHONY: test-commands
test-commands: irqconv workspace
	@testsuite/lib/prime-commands.sh
