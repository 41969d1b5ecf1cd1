#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host side of workload-serial: echo every byte the guest's port sends
# through chardev host0 back to it, until QEMU closes the socket.
set -euo pipefail
# shellcheck source=testsuite/boot/host/host-lib.sh
. "$(dirname "$0")/host-lib.sh"

chat=$(host_tool unix-chat)
exec "$chat" echo "$BOOT_CHARDEV" 600
