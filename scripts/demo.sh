#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: the main job on the bundled default.  For now it shows that
# the drivers with QEMU models parse with kbuild's flags; scan and convert
# take over as they land.
set -euo pipefail
cd "$(dirname "$0")/.."

drivers=(
	drivers/net/ethernet/intel/e1000/e1000_main.c
	drivers/net/ethernet/realtek/8139cp.c
	drivers/net/ethernet/8390/ne2k-pci.c
	drivers/rtc/rtc-cmos.c
	drivers/input/serio/i8042.c
	sound/pci/ens1370.c
)
out=build/demo
mkdir -p "$out"
build/bin/irqconv parse "${drivers[@]}" | tee "$out/parse.txt"
echo "demo: results in $out/"
