# The rules run the kernel's way, through kbuild's `make coccicheck` (which
# reads their // Options: line), on a copy of 8139cp.c: the caller's names
# go in SPFLAGS, and the hazard report sees the converted handler.
. "$TESTLIB"

# Outside the irqconv checkout: inside it spatch picks files with git grep,
# and a git-ignored directory would have none.
dir=$(mktemp -d /tmp/irqconv-coccicheck.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cp "$KSRC/drivers/net/ethernet/realtek/8139cp.c" "$dir/"

coccicheck() {
	make -s -C "$KSRC" O="$KOBJ" coccicheck M="$dir" "$@" 2>&1 |
		grep -v '^$\|^Please check\|^When using\|^/usr/bin/spatch\|be a metavariable'
}

out=$(coccicheck MODE=patch COCCI="$TOP/semantic-patches/request_irq_to_threaded.cocci" \
	SPFLAGS="-D handler=cp_interrupt -D quick=cp_quick_check -D thread=cp_interrupt")
expect_match "coccicheck patch" '^\+	rc = request_threaded_irq\(irq, cp_quick_check, cp_interrupt,$' "$out"
printf '%s\n' "$out" | sed "s|^--- $dir/|--- a/|; s|^+++ .*|+++ b/8139cp.c|" >"$dir/conv.patch"
(cd "$dir" && patch -s -p1 <conv.patch) || fail "the coccicheck patch does not apply"

out=$(coccicheck MODE=report COCCI="$TOP/semantic-patches/threaded_irq_hazards.cocci")
expect_match "report: NAPI from the thread" \
	'8139cp\.c:[0-9]+:[0-9]+-[0-9]+: WARNING: __napi_schedule\(\) in a thread function outside local_bh_disable' "$out"
expect_match "report: plain spin_lock in the thread" \
	'8139cp\.c:[0-9]+:[0-9]+-[0-9]+: WARNING: spin_lock\(\) on lock in a thread function' "$out"
expect_eq "report lines" 2 "$(printf '%s\n' "$out" | grep -c WARNING)"
