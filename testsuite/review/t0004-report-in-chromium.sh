# report.html is one self-contained file; headless Chromium runs its script:
# the filter set from the URL fragment (#verdict=refused) hides converted
# rows and shows refused ones, a review-state filter does the same, and a
# screenshot is kept in build/review/report.png.
# timeout: 300
. "$TESTLIB"
. testsuite/review/series.sh
command -v chromium >/dev/null || skip "chromium is not installed (make deps)"
out=$TEST_TMP/out
make_series "$out"
mkdir -p "$out/results"
printf 'compile: ok\nboot: not run (no QEMU model)\nlog: %s\n' compile-edu.log \
	>"$out/results/${EDU%.patch}.txt"
echo "clang-16 ... edu.c" >"$out/results/compile-edu.log"
printf 'r\nlooks wrong\n' | "$IRQCONV" review --color=never "$out" >/dev/null
# review writes the report when it quits; report rewrites it
rm "$out/report.html"
expect_eq "report path" "$out/report.html" "$("$IRQCONV" report "$out")"
html=$(cat "$out/report.html")
expect_no_match "no network resources" '(src|href)="(https?:)?//' "$html"
expect_no_match "no external files" '<(link|script) [^>]*(src|href)=' "$html"
expect_match "log linked relatively" 'href="results/compile-edu.log"' "$html"
expect_match "diff coloured" '<span class="add">\+static irqreturn_t edu_irq_handler_thread' "$html"
expect_match "hunks" '<span class="hunk">@@ ' "$html"

browse() {
	local profile
	profile=$(mktemp -d "$TEST_TMP/profile.XXXXXX")
	chromium --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$profile" "$@" 2>>"$TEST_TMP/chromium.err"
}
# rows "verdict review visible" as the browser left them
rows() {
	browse --dump-dom "file://$out/report.html#$1" |
		grep -o '<tr data-verdict="[a-z_]*" data-review="[a-z-]*" data-visible="[a-z]*"' |
		sed 's/<tr data-verdict="\([^"]*\)" data-review="\([^"]*\)" data-visible="\([^"]*\)"/\1 \2 \3/'
}

all=$(rows "")
expect_eq "no filter: every site shown" "5" "$(grep -c ' yes$' <<<"$all")"
refused=$(rows "verdict=refused")
expect_eq "refused shown" "3" "$(grep -c '^refused .* yes$' <<<"$refused")"
expect_eq "converted hidden" "2" "$(grep -c '^converted .* no$' <<<"$refused")"
rejected=$(rows "review=rejected")
expect_eq "only the rejected patch" "converted rejected yes" "$(grep ' yes$' <<<"$rejected")"
expect_match "review column gives the reason" '<td class="review">rejected: <span class="review-reason">looks wrong</span></td>' "$html"
sections=$(browse --dump-dom "file://$out/report.html#verdict=refused" |
	grep -c '<section class="patch" [^>]*data-visible="no"')
expect_eq "patch sections hidden with converted rows" 2 "$sections"

mkdir -p "$BUILD/review"
rm -f "$BUILD/review/report.png"
browse --window-size=1200,900 --screenshot="$BUILD/review/report.png" \
	"file://$out/report.html#verdict=converted" >/dev/null
[ -s "$BUILD/review/report.png" ] || fail "no screenshot"
expect_eq "a PNG" "PNG" "$(head -c 4 "$BUILD/review/report.png" | tail -c 3)"
