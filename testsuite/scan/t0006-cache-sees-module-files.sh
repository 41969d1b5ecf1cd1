# A cached result is used only while every file of the tree its analysis
# read is unchanged: the driver's own header, and the library module that
# defines the handler it requests (scan/cache.h, deps.h).  The kernel's
# headers are not among them.
. "$TESTLIB"

# A private copy: the test edits the module's files.
TEST_TMP=$(mktemp -d "$TEST_TMP/run.XXXXXX")
fx=$TOP/testsuite/scan/fixtures
mod=$TEST_TMP/mod
mkdir -p "$mod"
cp "$fx/lib-user.c" "$fx/lib-core.c" "$fx/common.h" "$mod/"
echo 'obj-m += lib-user.o lib-core.o' >"$mod/Kbuild"

stats() {
	"$IRQCONV" scan --stats --format=json "$mod/lib-user.c" \
		2>"$TEST_TMP/err" >"$TEST_TMP/out" || fail "scan failed: $(cat "$TEST_TMP/err")"
	sed -n 's/^scan: .*, \([0-9]* parsed, [0-9]* from cache\)$/\1/p' "$TEST_TMP/err"
}

expect_eq "first run" "1 parsed, 0 from cache" "$(stats)"
expect_eq "nothing changed" "0 parsed, 1 from cache" "$(stats)"
first=$(jq -r .reason_codes[0] "$TEST_TMP/out")
expect_eq "judged where the library defines it" "library-handler" "$first"

echo '/* the driver header changed */' >>"$mod/common.h"
expect_eq "the driver's header changed" "1 parsed, 0 from cache" "$(stats)"
expect_eq "then cached again" "0 parsed, 1 from cache" "$(stats)"

# The library's handler now takes a plain spin_lock() before its check:
# the user's result must follow the library, not the cache.
sed -i 's|^\tu32 i, len;$|&\n\n\tspin_lock(\&fx->lock);|' "$mod/lib-core.c"
grep -q 'spin_lock(&fx->lock)' "$mod/lib-core.c" || fail "the fixture edit did not apply"
expect_eq "the library changed" "1 parsed, 0 from cache" "$(stats)"
expect_eq "the verdict follows the library" "lock-before-check" \
	"$(jq -r '.reason_codes | join(",")' "$TEST_TMP/out")"
