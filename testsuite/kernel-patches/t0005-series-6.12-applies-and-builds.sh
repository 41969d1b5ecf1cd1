#!/bin/bash
# The 6.12 version of the series (kernel-patches/6.12/) applies to pristine
# linux-source-6.12 with quilt (no fuzz) and git am, is checkpatch clean
# with 6.12's checkpatch.pl, and kernel/irq/ (including the KUnit suites)
# compiles with -Werror in the test kernel's configuration fragments.
# timeout: 1500
. "$TESTLIB"
. "$TOP/testsuite/lib/kernel-patches.sh"

dir=$TOP/kernel-patches/6.12
mapfile -t patches < <(series_patches "$dir")
[ ${#patches[@]} -ge 4 ] || fail "6.12 series has ${#patches[@]} patches"

# git am, on the files the series touches
extract_touched 6.12 "$dir" "$TEST_TMP/am"
(
	cd "$TEST_TMP/am"
	git init -q
	git add -f .
	git -c user.name=p -c user.email=p@localhost commit -qm pristine
	for p in "${patches[@]}"; do
		git -c user.name=t -c user.email=t@localhost am -q "$p" ||
			fail "git am $(basename "$p") failed on 6.12"
	done
)
rm -rf "$TEST_TMP/am"

# checkpatch of 6.12
k612=$BUILD/linux-6.12
[ -x "$k612/scripts/checkpatch.pl" ] || fail "no checkpatch.pl in $k612"
for p in "${patches[@]}"; do
	out=$(cd "$k612" && perl scripts/checkpatch.pl --no-color --show-types \
		--ignore FILE_PATH_CHANGES "$p" 2>&1) || true
	grep -q '^total: 0 errors, 0 warnings' <<<"$out" ||
		{ echo "$out"; fail "checkpatch (6.12): $(basename "$p") is not clean"; }
done

# quilt on the whole tree, then build kernel/irq/
pristine_tree 6.12 "$dir" "$TEST_TMP/linux"
cd "$TEST_TMP/linux"
QUILT_PATCHES=$dir quilt push -a -q --fuzz=0 >/dev/null || fail "quilt push -a failed on 6.12"
export CCACHE_DIR=${CCACHE_DIR:-$BUILD/ccache}
obj=$TEST_TMP/obj
kmake() {
	make -s -C "$TEST_TMP/linux" O="$obj" ARCH=x86_64 \
		CC="ccache gcc" HOSTCC="ccache gcc" -j2 "$@"
}
mkdir -p "$obj"
kmake tinyconfig >/dev/null
scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" \
	"$TOP"/testsuite/kernel/config/*.config >/dev/null
kmake olddefconfig
for opt in CONFIG_IRQ_QUICKCHECK_KUNIT_TEST=y CONFIG_IRQ_THREAD_DEATH_KUNIT_TEST=y; do
	grep -qx "$opt" "$obj/.config" || fail "$opt not in the 6.12 configuration"
done
kmake KCFLAGS=-Werror kernel/irq/ || fail "kernel/irq/ does not build on 6.12"
for o in handle.o manage.o devres.o irq_sim.o irq_quickcheck_test.o; do
	[ -f "$obj/kernel/irq/$o" ] || fail "kernel/irq/$o not built"
done
cd "$TOP"
rm -rf "$TEST_TMP/linux" "$obj"
