# The hazard rule raises nothing on irqconv's own conversions: each golden
# patch of testsuite/convert applied to a copy of the real directories it
# changes (6.1 drivers, examples/edu, the fixtures), checked the kernel's
# way with make coccicheck M=DIR.  Converted edu keeps a plain spin_lock()
# on a lock no hard-irq code takes; e1000 and e100 raise NAPI inside
# local_bh_disable()/local_bh_enable().  A rule that calls these hazards
# again fails here.
# timeout: 600
. "$TESTLIB"

[ -d "$KSRC/drivers" ] || fail "no 6.1 source in $KSRC"
# Outside the checkout: coccicheck picks files with git grep inside one.
dir=$(mktemp -d /tmp/irqconv-goldens.XXXXXX)
trap 'rm -rf "$dir"' EXIT

patches=0
changed=()
# Every patch of every golden series (golden/NAME.out/), not cover letters.
for patch in "$TOP"/testsuite/convert/golden/*.out/[0-9][0-9][0-9][0-9]-*.patch; do
	case $patch in */0000-cover-letter.patch) continue ;; esac
	golden=${patch%.out/*}
	name=$(basename "$golden")-$(basename "$patch" .patch)
	files=$(sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$patch")
	[ -n "$files" ] || fail "$name changes no file"
	# An external module's patch names its files from the module's
	# directory (the first word of golden/NAME.build).
	gdir=.
	if [ -f "$golden.build" ]; then
		read -r gdir _ <"$golden.build"
	fi
	case $gdir in
	examples/* | testsuite/*) base=$gdir from=$TOP/$gdir ;;
	*) base=. from=$KSRC ;;
	esac
	for f in $files; do
		changed+=("$name/${base#.}${base:+/}$f")
		mkdir -p "$dir/$name/$base/$(dirname "$f")"
		find "$from/$(dirname "$f")" -maxdepth 1 -type f \
			-exec cp -n -t "$dir/$name/$base/$(dirname "$f")" {} +
	done
	(cd "$dir/$name/$base" && git apply "$patch") ||
		fail "$name does not apply"
	patches=$((patches + 1))
done
[ "$patches" -ge 10 ] || fail "only $patches golden patches"

out=$(make -s -C "$KSRC" O="$KOBJ" coccicheck MODE=report M="$dir" \
	COCCI="$TOP/semantic-patches/threaded_irq_hazards.cocci" 2>&1) ||
	fail "make coccicheck M=$dir failed: $out"
# It did look at the converted files: the run names its spatch command.
expect_match "coccicheck ran spatch on the copies" "--dir $dir" "$out"
# Only in the files a patch changes: the rest of their directories is the
# kernel's own code (nested regmap-irq children requested without
# IRQF_ONESHOT, which the rule cannot tell from a wrong request).
hazards=$(grep WARNING <<<"$out" | sed "s|^$dir/||" |
	awk -v files="${changed[*]}" '
	BEGIN {
		n = split(files, f, " ")
		for (i = 1; i <= n; i++) {
			sub("//", "/", f[i])
			want[f[i]] = 1
		}
	}
	{ split($0, a, ":"); if (a[1] in want) print }' || true)
expect_eq "hazards in $patches golden conversions" "" "$hazards"
