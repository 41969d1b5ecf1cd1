# scan and convert both print reason_code and reason on every record, and
# every code they print is one of the table's.
. "$TESTLIB"

codes=$("$IRQCONV" scan --list-reasons | awk '{ print $1 }')
fix=$TOP/testsuite/convert/fixtures/silence

scan=$("$IRQCONV" scan --no-cache --format=json "$fix")
conv=$("$IRQCONV" convert --format=json "$fix")
[ -n "$scan" ] || fail "scan printed no record"
[ -n "$conv" ] || fail "convert printed no record"
for out in "$scan" "$conv"; do
	bad=$(jq -r 'select((has("verdict") and has("strategy") and
			     has("reason_code") and has("reason")) | not) |
		     .file' <<<"$out")
	expect_eq "records without verdict, strategy, reason_code, reason" "" "$bad"
	while read -r code; do
		[ "$code" = - ] && continue
		grep -Fxq -- "$code" <<<"$codes" ||
			fail "'$code' is printed but not in scan --list-reasons"
	done < <(jq -r '.reason_code // "-"' <<<"$out")
done
refused=$(jq -r 'select(.verdict == "refused") | .reason_code' <<<"$conv")
expect_match "convert refuses the late ack with its code" "^shared-no-silencing$" "$refused"
