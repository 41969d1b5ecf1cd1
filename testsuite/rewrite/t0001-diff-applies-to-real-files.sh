# irqconv's diff engine: on real kernel files changed in many ways, `git apply`
# of its output reproduces the new file exactly and the diff is minimal (as
# many changed lines as GNU diff --minimal).
# (Each scratch tree is a git repository of its own: inside this one, git
# apply would skip paths outside the current directory.)
. "$TESTLIB"

files=(
	drivers/net/ethernet/realtek/8139cp.c
	drivers/rtc/rtc-cmos.c
	sound/pci/ens1370.c
)
mutations=(
	'1d'
	'$d'
	'10,40d'
	'100a\inserted line\nand another'
	's/spin_lock(/spin_lock_irqsave(/'
	'200,210s/^/\t/'
	'50,60d;300a\x\ny'
)

n=0
for file in "${files[@]}"; do
	for m in "${mutations[@]}"; do
		n=$((n + 1))
		work=$TEST_TMP/$n
		mkdir -p "$work/tree/$(dirname "$file")"
		cp "$KSRC/$file" "$work/tree/$file"
		sed -e "$m" "$KSRC/$file" >"$work/new.c"
		status=0
		"$IRQCONV" diff --path "$file" "$KSRC/$file" "$work/new.c" \
			>"$work/p.diff" || status=$?
		expect_eq "$file '$m': exit status" 1 $status
		(cd "$work/tree" && git init -q && git apply "$work/p.diff") ||
			fail "$file '$m': git apply refused the diff"
		cmp -s "$work/tree/$file" "$work/new.c" ||
			fail "$file '$m': applied diff does not give the new file"
		ours=$(grep -c '^[-+][^-+]\|^[-+]$' "$work/p.diff" || true)
		theirs=$(diff --minimal -u "$KSRC/$file" "$work/new.c" |
			 grep -c '^[-+][^-+]\|^[-+]$' || true)
		expect_eq "$file '$m': changed lines" "$theirs" "$ours"
	done
done

# No newline at the end of either side.
printf 'a\nb\nc' >"$TEST_TMP/old"
printf 'a\nB\nc\n' >"$TEST_TMP/new"
mkdir -p "$TEST_TMP/nl"
cp "$TEST_TMP/old" "$TEST_TMP/nl/f"
"$IRQCONV" diff --path f "$TEST_TMP/old" "$TEST_TMP/new" >"$TEST_TMP/nl.diff" || true
expect_match "no-newline marker" '^\\ No newline at end of file' "$(cat "$TEST_TMP/nl.diff")"
(cd "$TEST_TMP/nl" && git init -q && git apply "$TEST_TMP/nl.diff") || fail "no-newline diff does not apply"
cmp -s "$TEST_TMP/nl/f" "$TEST_TMP/new" || fail "no-newline diff gives the wrong file"

# Equal files: no output, exit 0.
out=$("$IRQCONV" diff "$KSRC/${files[0]}" "$KSRC/${files[0]}")
expect_eq "equal files" "" "$out"
