# The generated edu patch applies to a pristine copy with git apply, builds
# with kbuild under clang-16 and W=1 without a warning, passes checkpatch
# --strict, and the kernel's irqf_oneshot.cocci has nothing to say about it.
. "$TESTLIB"

out=$TEST_TMP/series
"$IRQCONV" convert --author 'irqconv test <irqconv@example.org>' -o "$out" \
	examples/edu/edu.c >/dev/null 2>&1 || fail "convert failed"
patch=$out/0001-edu-convert-to-a-threaded-interrupt-handler.patch
tree=$TEST_TMP/tree
mkdir -p "$tree/examples/edu"
cp examples/edu/edu.c examples/edu/Kbuild "$tree/examples/edu/"
(cd "$tree" && git init -q && git apply --check "$patch" && git apply "$patch") ||
	fail "the patch does not apply to a pristine copy"
grep -q 'request_threaded_irq(edu->irq, edu_irq_handler_quick_check,' "$tree/examples/edu/edu.c" ||
	fail "the applied patch does not request the threaded handler"

log=$TEST_TMP/build.log
make -C "$KSRC" O="$KOBJ" $(cat "$KOBJ/.irqconv-make-args") W=1 \
	M="$tree/examples/edu" edu.o >"$log" 2>&1 || fail "kbuild failed: $(tail -20 "$log")"
[ -f "$tree/examples/edu/edu.o" ] || fail "no edu.o"
! grep -E 'warning:|error:' "$log" || fail "the converted driver builds with warnings"

cp=$("$KSRC/scripts/checkpatch.pl" --strict --no-tree --no-signoff "$patch" 2>&1 || true)
expect_match "checkpatch" 'total: 0 errors, 0 warnings, 0 checks' "$cp"

cocci=$(spatch -D report --very-quiet --no-show-diff \
	--cocci-file "$KSRC/scripts/coccinelle/misc/irqf_oneshot.cocci" \
	"$tree/examples/edu/edu.c" 2>&1 || true)
expect_eq "irqf_oneshot.cocci report" "" "$cocci"
