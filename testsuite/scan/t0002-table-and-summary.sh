# The table is aligned under its header; --summary counts verdicts and
# reasons; refused sites still exit 0.
. "$TESTLIB"

fx=testsuite/scan/fixtures
out=$("$IRQCONV" scan $fx/nmi.c $fx/res-direct.c) || fail "scan failed"
header=$(printf '%s\n' "$out" | head -n 1)
expect_match "table header" "^LOCATION +CALL +HANDLER +VERDICT +STRATEGY +REASON$" "$header"
expect_eq "table rows" 3 "$(printf '%s\n' "$out" | wc -l)"
# Every row starts its VERDICT column where the header does.
col=$(printf '%s\n' "$header" | awk '{ print index($0, "VERDICT") }')
printf '%s\n' "$out" | tail -n +2 | while IFS= read -r row; do
	v=${row:$((col - 1)):16}
	expect_match "verdict column" "^(convertible|not_convertible) +" "$v"
done
expect_match "nmi row" "nmi.c:12 +request_nmi +fx_irq +not_convertible +- +an NMI handler" "$out"

# A file that does not parse could not be analysed: exit status 1.
status=0
out=$("$IRQCONV" scan --summary $fx/nmi.c $fx/res-direct.c $fx/percpu.c $fx/parse-error.c) ||
	status=$?
expect_eq "exit status with a file that does not parse" 1 $status
expect_match "files" "^files 4$" "$out"
expect_match "sites" "^sites 3$" "$out"
expect_match "not convertible count" "^verdict not_convertible +2$" "$out"
expect_match "unanalysable count" "^verdict unanalysable +1$" "$out"
expect_match "reason count" "^reason not_convertible nmi +1$" "$out"
expect_match "parse error reason" "^reason unanalysable parse-error +1$" "$out"
