# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the review tests: make_series DIR writes a real series with
# irqconv convert --all: edu and e1000 converted (two patches; e1000 is
# no-gain, declined without --all), ens1370 refused.
# The first call converts; later ones copy (build/tests/review/series.cache).

make_series() {
	local cache=$BUILD/tests/review/series.cache
	if [ ! -f "$cache/series" ] || [ "$cache/series" -ot "$IRQCONV" ] ||
	   [ "$cache/series" -ot examples/edu/edu.c ]; then
		rm -rf "$cache"
		"$IRQCONV" convert --all --author 'Re Viewer <re@example.org>' -o "$cache" \
			examples/edu drivers/net/ethernet/intel/e1000/ \
			sound/pci/ens1370.c >/dev/null
	fi
	rm -rf "$1"
	cp -r "$cache" "$1"
}

EDU=0001-edu-convert-to-a-threaded-interrupt-handler.patch
E1000=0002-net-e1000-convert-to-a-threaded-interrupt-handler.patch
