# irqconv's diff headers are git's: on real kernel files changed in many
# ways, the output of `irqconv diff` is byte for byte what `git diff
# --full-index` writes for the same change (index line with both blob ids
# and the mode, function context after each hunk header), and the blob ids
# are those of `git hash-object`.
. "$TESTLIB"

files=(
	drivers/net/ethernet/intel/e1000/e1000_main.c
	drivers/net/ethernet/realtek/8139cp.c
	sound/pci/ens1370.c
)
mutations=(
	'1d'
	'$d'
	'100a\inserted line\nand another'
	's/spin_lock(/spin_lock_irqsave(/'
	'50,60d;300a\x\ny'
)

n=0
for file in "${files[@]}"; do
	for m in "${mutations[@]}"; do
		n=$((n + 1))
		repo=$TEST_TMP/$n
		mkdir -p "$repo/$(dirname "$file")"
		cp "$KSRC/$file" "$repo/$file"
		git -C "$repo" init -q
		git -C "$repo" add "$file"
		sed -e "$m" "$KSRC/$file" >"$repo/$file"
		! cmp -s "$KSRC/$file" "$repo/$file" || continue
		"$IRQCONV" diff --path "$file" "$KSRC/$file" "$repo/$file" \
			>"$TEST_TMP/ours.diff" || true
		git -C "$repo" -c diff.indentHeuristic=false diff --full-index \
			>"$TEST_TMP/git.diff"
		diff -u "$TEST_TMP/git.diff" "$TEST_TMP/ours.diff" ||
			fail "$file '$m': not the diff git writes"
		expect_match "$file '$m': index line" \
			"^index $(git hash-object "$KSRC/$file")\.\.$(git hash-object "$repo/$file") 100644$" \
			"$(cat "$TEST_TMP/ours.diff")"
	done
done

# An executable file keeps its mode on the index line.
cp "$KSRC/${files[0]}" "$TEST_TMP/x.c"
chmod 755 "$TEST_TMP/x.c"
sed 1d "$TEST_TMP/x.c" >"$TEST_TMP/y.c"
expect_match "mode of an executable" '^index [0-9a-f]{40}\.\.[0-9a-f]{40} 100755$' \
	"$("$IRQCONV" diff "$TEST_TMP/x.c" "$TEST_TMP/y.c" || true)"
