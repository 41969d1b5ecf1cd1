# Every reason code irqconv can print is unique, documented in
# docs/analysis.md ("Reasons") and has the sentence pinned in
# reasons.expect: a new or changed reason shows up here once, not as prose
# in every golden.
. "$TESTLIB"

here=$TOP/testsuite/judge
list=$("$IRQCONV" scan --list-reasons)
[ -n "$list" ] || fail "scan --list-reasons printed nothing"

dups=$(awk '{ print $1 }' <<<"$list" | sort | uniq -d)
expect_eq "duplicate reason codes" "" "$dups"

diff -u "$here/reasons.expect" - <<<"$list" ||
	fail "the reason table differs from testsuite/judge/reasons.expect (bless it if the change is meant)"

doc=$(sed -n '/^## Reasons/,/^## /p' "$TOP/docs/analysis.md")
[ -n "$doc" ] || fail "docs/analysis.md has no '## Reasons' section"
missing=
while read -r code class _; do
	grep -Fq -- "| \`$code\` | $class |" <<<"$doc" || missing="$missing $code"
done <<<"$list"
expect_eq "codes not documented as '| \`code\` | class |' in docs/analysis.md" "" "$missing"
