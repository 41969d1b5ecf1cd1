# spatch --parse-cocci accepts every semantic patch in each of its four
# modes, with its other virtual rules and its virtual identifiers defined,
# so that no rule is left out.
. "$TESTLIB"

n=0
for cocci in semantic-patches/*.cocci; do
	extra=()
	for v in $(sed -n 's/^virtual \([a-z_]*\)$/\1/p' "$cocci"); do
		case $v in
		patch | context | org | report) ;;
		*) extra+=(-D "$v") ;;
		esac
	done
	for v in $(grep -o 'virtual\.[a-z_]*' "$cocci" | sort -u); do
		extra+=(-D "${v#virtual.}=x")
	done
	for mode in patch context org report; do
		out=$(spatch --parse-cocci "$cocci" -D $mode "${extra[@]}" 2>&1) ||
			fail "spatch --parse-cocci $cocci -D $mode ${extra[*]}: $out"
		expect_no_match "$cocci -D $mode parse output" '[Ee]rror|around =' "$out"
	done
	n=$((n + 1))
done
[ $n -ge 3 ] || fail "expected at least 3 semantic patches, found $n"
echo "$n semantic patches parse"
