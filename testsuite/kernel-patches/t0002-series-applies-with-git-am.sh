#!/bin/bash
# Every patch is a `git format-patch` mail that `git am` applies, in series
# order, to pristine linux-source-6.1 (a repository holding the files the
# series touches, taken from the tarball).
. "$TESTLIB"
. "$TOP/testsuite/lib/kernel-patches.sh"

mapfile -t patches < <(series_patches "$TOP/kernel-patches")
extract_touched 6.1 "$TOP/kernel-patches" "$TEST_TMP/linux"
cd "$TEST_TMP/linux"
git init -q
git add -f .
git -c user.name=pristine -c user.email=pristine@localhost commit -qm pristine
for p in "${patches[@]}"; do
	head -1 "$p" | grep -q '^From [0-9a-f]\{40\} ' ||
		fail "$(basename "$p") is not in git format-patch form"
	git -c user.name=t -c user.email=t@localhost am -q "$p" ||
		fail "git am $(basename "$p") failed"
done
expect_eq "commits" "$(( ${#patches[@]} + 1 ))" "$(git rev-list --count HEAD)"
