# scan and convert work on the 6.12 workspace as on 6.1: the same driver
# is scanned and converted on each, and each series is made against the
# tree it was run on (its index lines name that tree's blobs, it applies
# there) and builds there with W=1.  e1000 is declined as no-gain by
# default: --all makes the patch.
# timeout: 1800
. "$TESTLIB"

file=drivers/net/ethernet/intel/e1000/e1000_main.c
dir=$(dirname "$file")
for ver in 6.1 6.12; do
	src=$BUILD/linux-$ver obj=$BUILD/kbuild-$ver
	[ -f "$obj/.irqconv-prepared" ] || fail "$obj is not prepared (make workspaces)"
	rec=$("$IRQCONV" scan --kernel "$src" --kbuild "$obj" --format=json \
		"$file" 2>/dev/null) || fail "linux-$ver: scan failed"
	expect_eq "linux-$ver scan" "e1000_intr x86_64 convertible" \
		"$(jq -r '"\(.handler) \(.tree) \(.verdict)"' <<<"$rec")"
	out=$TEST_TMP/series-$ver
	"$IRQCONV" convert --kernel "$src" --kbuild "$obj" --all -o "$out" \
		"$file" >"$TEST_TMP/table-$ver" 2>&1 ||
		fail "linux-$ver: convert failed: $(cat "$TEST_TMP/table-$ver")"
	patch=$out/$(sed -n 1p "$out/series")
	[ -f "$patch" ] || fail "linux-$ver: no patch"
	blob=$(git hash-object "$src/$file")
	expect_match "linux-$ver index line" "^index ${blob}\.\." "$(cat "$patch")"
	tree=$TEST_TMP/tree-$ver
	mkdir -p "$tree/$dir"
	cp -r "$src/$dir/." "$tree/$dir/"
	(cd "$tree" && git init -q && git apply "$patch") ||
		fail "linux-$ver: the patch does not apply to its own tree"
	log=$TEST_TMP/build-$ver.log
	nice -n 10 make -C "$src" O="$obj" $(cat "$obj/.irqconv-make-args") W=1 \
		M="$tree/$dir" e1000_main.o >"$log" 2>&1 ||
		fail "linux-$ver: kbuild failed: $(tail -20 "$log")"
	[ -f "$tree/$dir/e1000_main.o" ] || fail "linux-$ver: e1000_main.o was not built"
	! grep -E 'warning:|error:' "$log" ||
		fail "linux-$ver: the converted driver builds with warnings"
done
# The two trees' files differ, so the two series do.
! cmp -s "$BUILD/linux-6.1/$file" "$BUILD/linux-6.12/$file" ||
	fail "$file is the same in 6.1 and 6.12: pick a driver that changed"
