#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo: the main job on the bundled default.  Converts the examples/
# drivers and the 6.1 drivers that have QEMU models (scripts/demo-drivers.txt)
# into a patch series in build/demo/patches/, prints the summary table and
# says where to look next.  Sites that would gain nothing from a thread are
# shown as declined, as convert decides by default.
set -euo pipefail
cd "$(dirname "$0")/.."

out=build/demo
irqconv=build/bin/irqconv
mapfile -t drivers < <(grep -v '^#' scripts/demo-drivers.txt)
mkdir -p "$out"

echo "== irqconv scan: what the analysis sees (${#drivers[@]} paths + examples/edu)"
"$irqconv" scan --summary examples/edu "${drivers[@]}" | tee "$out/scan-summary.txt"

echo
echo "== irqconv convert: the conversions, as a patch series"
"$irqconv" convert --author "${IRQCONV_AUTHOR:-irqconv demo <irqconv@example.org>}" \
	-o "$out/patches" examples/edu "${drivers[@]}" | tee "$out/convert.txt"

converted=$(grep -c '"verdict":"converted"' "$out/patches/sites.json" || true)
declined=$(grep -c '"verdict":"declined"' "$out/patches/sites.json" || true)
sites=$(grep -c . "$out/patches/sites.json" || true)
echo
echo "demo: $converted of $sites request sites converted, $declined declined as no-gain"
echo "(a thread would gain nothing there; 'irqconv convert --all' emits them); series in"
echo "$out/patches/:"
sed 's/^/  /' "$out/patches/series"
cat <<NEXT

Next:
  less $out/patches/0000-cover-letter.patch     every site, converted or why not
  less $out/patches/$(sed -n 1p "$out/patches/series")
  docs/convert.md                                  how the split is made
  make check                                       the tests, golden cases included
NEXT
