# A real mouse click on report.html's "refused" filter button, sent through
# the DevTools protocol to headless Chromium: afterwards the refused rows
# are displayed and the converted rows and patch sections are not; the
# review-state select filters too.
# timeout: 300
. "$TESTLIB"
. testsuite/review/series.sh
. testsuite/review/cdp.sh
command -v chromium >/dev/null || skip "chromium is not installed (make deps)"
out=$TEST_TMP/out
make_series "$out"
printf 's\nr\nnot yet\n' | "$IRQCONV" review --color=never "$out" >/dev/null
trap cdp_stop EXIT
cdp_start "file://$out/report.html"

# "verdict displayed" per summary row, as the browser lays it out
rows() {
	cdp_eval "Array.from(document.querySelectorAll('#summary tr[data-verdict]')).map(function (r) { return r.dataset.verdict + ' ' + (r.offsetParent ? 'shown' : 'hidden'); }).join(' / ')"
}
expect_eq "before the click" '"converted shown / refused shown / refused shown / converted shown / refused shown"' "$(rows)"
cdp_click '#filters button[data-value=refused]'
expect_eq "after the click" '"converted hidden / refused shown / refused shown / converted hidden / refused shown"' "$(rows)"
expect_eq "button marked" '"on"' "$(cdp_eval "document.querySelector('#filters button[data-value=refused]').className")"
expect_eq "patch sections hidden" 0 "$(cdp_eval "Array.from(document.querySelectorAll('section.patch')).filter(function (s) { return s.offsetParent; }).length")"
expect_eq "count shown" '"3 shown"' "$(cdp_eval "document.getElementById('shown').textContent")"

cdp_click '#filters button[data-value=""]'
cdp_eval "var s = document.getElementById('f-review'); s.value = 'rejected'; s.dispatchEvent(new Event('change')); 0" >/dev/null
expect_eq "review filter" '"converted hidden / refused hidden / refused hidden / converted shown / refused hidden"' "$(rows)"
