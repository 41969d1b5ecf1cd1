#!/bin/bash
# After each patch of the series, kernel/irq/ (every .c file the series
# changes or adds) compiles with -Werror in the test kernel's
# configuration; the full kernel build after the last patch is
# `make test-kernel`.
# timeout: 1500
. "$TESTLIB"
. "$TOP/testsuite/lib/kernel-patches.sh"

config=$BUILD/testkernel/obj/.config
[ -f "$config" ] || fail "no test kernel configuration ($config): make test-kernel"
mapfile -t patches < <(series_patches "$TOP/kernel-patches")
pristine_tree 6.1 "$TOP/kernel-patches" "$TEST_TMP/linux"
mkdir -p "$TEST_TMP/obj"
cp "$config" "$TEST_TMP/obj/.config"
export CCACHE_DIR=${CCACHE_DIR:-$BUILD/ccache}
kmake() {
	make -s -C "$TEST_TMP/linux" O="$TEST_TMP/obj" ARCH=x86_64 \
		CC="ccache gcc" HOSTCC="ccache gcc" -j2 "$@"
}
cd "$TEST_TMP/linux"
for p in "${patches[@]}"; do
	QUILT_PATCHES=$TOP/kernel-patches quilt push -q --fuzz=0 >/dev/null ||
		fail "$(basename "$p") does not apply"
	kmake olddefconfig
	echo "build after $(basename "$p")"
	kmake KCFLAGS=-Werror kernel/irq/ || fail "kernel/irq/ does not build after $(basename "$p")"
done
cd "$TOP"
rm -rf "$TEST_TMP/linux" "$TEST_TMP/obj"
