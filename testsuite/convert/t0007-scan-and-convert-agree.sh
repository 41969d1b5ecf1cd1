# scan and convert judge a site alike: where convert splits a handler,
# scan calls it convertible with the same strategy.  examples/edu
# acknowledges through its own register wrapper edu_write(); 8139cp takes
# its lock before the check.  --all: the split is compared, not whether it
# gains enough to be emitted (8139cp would be declined as no-gain).
. "$TESTLIB"

for path in examples/edu/edu.c drivers/net/ethernet/realtek/8139cp.c; do
	conv=$("$IRQCONV" convert --all --format=json "$path" 2>/dev/null) ||
		fail "convert $path failed"
	scan=$("$IRQCONV" scan --format=json "$path" 2>/dev/null) ||
		fail "scan $path failed"
	expect_eq "$path: convert" "converted split-mask" \
		"$(printf '%s\n' "$conv" | jq -r '"\(.verdict) \(.strategy)"')"
	expect_eq "$path: scan" "convertible split-mask" \
		"$(printf '%s\n' "$scan" | jq -r '"\(.verdict) \(.strategy)"')"
done
