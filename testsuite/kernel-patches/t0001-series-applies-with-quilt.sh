#!/bin/bash
# The series applies with quilt, without fuzz, to pristine linux-source-6.1
# (the files it touches, taken from the tarball).
. "$TESTLIB"
. "$TOP/testsuite/lib/kernel-patches.sh"

mapfile -t patches < <(series_patches "$TOP/kernel-patches")
[ ${#patches[@]} -ge 4 ] || fail "series has ${#patches[@]} patches"
extract_touched 6.1 "$TOP/kernel-patches" "$TEST_TMP/linux"
cd "$TEST_TMP/linux"
QUILT_PATCHES=$TOP/kernel-patches quilt push -a --fuzz=0 ||
	fail "quilt push -a failed"
applied=$(QUILT_PATCHES=$TOP/kernel-patches quilt applied | wc -l)
expect_eq "patches applied" "${#patches[@]}" "$applied"
for f in include/linux/irqreturn.h kernel/irq/irq_quickcheck_test.c; do
	[ -f "$f" ] || fail "$f missing after quilt push"
done
expect_match "IRQ_NEEDS_HANDLING" IRQ_NEEDS_HANDLING "$(cat include/linux/irqreturn.h)"
