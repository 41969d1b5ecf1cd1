#!/bin/bash
# Every patch passes the kernel's checkpatch.pl (6.1) with no error and no
# warning, and carries a Signed-off-by.  FILE_PATH_CHANGES is ignored: the
# one new file is in kernel/irq/, which MAINTAINERS already covers.
. "$TESTLIB"
. "$TOP/testsuite/lib/kernel-patches.sh"

[ -x "$KSRC/scripts/checkpatch.pl" ] || fail "no checkpatch.pl in $KSRC"
mapfile -t patches < <(series_patches "$TOP/kernel-patches")
bad=0
for p in "${patches[@]}"; do
	out=$(cd "$KSRC" && perl scripts/checkpatch.pl --no-color --show-types \
		--ignore FILE_PATH_CHANGES "$p" 2>&1) || true
	echo "$out"
	grep -q '^total: 0 errors, 0 warnings' <<<"$out" ||
		{ echo "checkpatch: $(basename "$p") is not clean"; bad=1; }
	grep -q '^Signed-off-by: ' "$p" || { echo "$(basename "$p"): no Signed-off-by"; bad=1; }
done
[ $bad -eq 0 ] || fail "checkpatch found problems"
