#!/bin/bash
# The test kernel boots to /init and powers off with a clean console, and
# KUnit stays off unless asked for: driver boots are not slowed down.
# timeout: 200
. "$TESTLIB"
. "$TOP/testsuite/lib/boot.sh"

boot_test none 150
log=$BOOT_LOGDIR/none.console
expect_no_match "KUnit output" "KTAP version|# Subtest:" "$(cat "$log")"
expect_match "init reached" "^IRQCONV-INIT: 6\.1\." "$(tr -d '\r' <"$log")"
