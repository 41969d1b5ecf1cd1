# Every semantic patch follows the conventions of the kernel's
# scripts/coccinelle: SPDX first, a /// description, Confidence, Copyright
# and Options lines, the four modes declared and used, script rules in
# OCaml only.
. "$TESTLIB"

for cocci in semantic-patches/*.cocci; do
	first=$(head -n 1 "$cocci")
	expect_match "$cocci: first line" '^// SPDX-License-Identifier: GPL-2\.0' "$first"
	[ "$(grep -c '^///' "$cocci")" -ge 2 ] || fail "$cocci: no /// description"
	grep -q '^// Confidence: \(High\|Moderate\|Low\)$' "$cocci" ||
		fail "$cocci: no '// Confidence: High|Moderate|Low' line"
	grep -q '^// Copyright: ' "$cocci" || fail "$cocci: no '// Copyright:' line"
	grep -q '^// Options:' "$cocci" || fail "$cocci: no '// Options:' line"
	for mode in patch context org report; do
		grep -qx "virtual $mode" "$cocci" || fail "$cocci: no 'virtual $mode'"
		grep -q "^@.*depends on .*\b$mode\b" "$cocci" ||
			fail "$cocci: no rule depends on $mode"
	done
	non_ocaml=$(grep -E '^@ *(script|initialize|finalize):' "$cocci" |
		grep -v ':ocaml' || true)
	expect_eq "$cocci: script rules in another language than OCaml" "" "$non_ocaml"
done
