# Files of several uncached directories cost one `make -n` per tree, not
# one per directory, and the commands that make gives are the ones a make
# of each directory alone gives: the same flags, the same cache files.
# Two directories no other test uses, so that their caches are this
# test's alone.
. "$TESTLIB"

files=(drivers/hwmon/pmbus/pmbus_core.c drivers/leds/leds-lp5521.c
       drivers/leds/trigger/ledtrig-timer.c)
caches=("$KOBJ/.irqconv/commands/drivers%hwmon%pmbus.cmds"
	"$KOBJ/.irqconv/commands/drivers%leds.cmds"
	"$KOBJ/.irqconv/commands/drivers%leds%trigger.cmds")

# One directory at a time, each its own make.
rm -f "${caches[@]}"
: >"$TEST_TMP/alone"
for f in "${files[@]}"; do
	"$IRQCONV" flags "$f" >>"$TEST_TMP/alone" 2>"$TEST_TMP/err" ||
		fail "flags $f: $(cat "$TEST_TMP/err")"
	expect_match "$f: its own make" "KBUILD  make -n ${f%/*}/ " "$(cat "$TEST_TMP/err")"
done
for c in "${caches[@]}"; do
	sort "$c" >"$TEST_TMP/$(basename "$c").alone"
done

# All at once: one make, the same flags and caches.
rm -f "${caches[@]}"
"$IRQCONV" flags "${files[@]}" >"$TEST_TMP/together" 2>"$TEST_TMP/err" ||
	fail "flags: $(cat "$TEST_TMP/err")"
expect_eq "makes run" "  KBUILD  make -n of 3 directories (x86_64 compile commands)" \
	"$(grep KBUILD "$TEST_TMP/err")"
diff -u "$TEST_TMP/alone" "$TEST_TMP/together" ||
	fail "the flags of one make for all differ from one make each"
for c in "${caches[@]}"; do
	[ -s "$c" ] || fail "no cache $c"
	sort "$c" | diff -u "$TEST_TMP/$(basename "$c").alone" - ||
		fail "$c differs from the one a make of its directory writes"
done

# Cached now: no make at all.
"$IRQCONV" flags "${files[@]}" >/dev/null 2>"$TEST_TMP/err"
expect_no_match "cached" "KBUILD" "$(cat "$TEST_TMP/err")"
