# Review reads one answer per line when stdin is not a terminal: skip,
# reject with a reason, then resume; decisions land in review.txt, the
# rejected patch leaves the series and is marked in the cover letter.
. "$TESTLIB"
. testsuite/review/series.sh
out=$TEST_TMP/out
make_series "$out"

expect_eq "nothing decided yet" "$EDU pending
$E1000 pending" "$("$IRQCONV" review --list "$out")"

shown=$(printf 's\nr\nthe watchdog path needs a second look\n' |
	"$IRQCONV" review --color=never "$out")
expect_match "summary: driver" "^driver: +examples/edu$" "$shown"
expect_match "summary: strategy" "^strategy: +split-mask$" "$shown"
expect_match "summary: risks" "^  - 'status' is read once, in the quick check" "$shown"
expect_match "summary: results" "^test results: none yet$" "$shown"
expect_match "the diff" "^\+static irqreturn_t edu_irq_handler_thread\(int irq, void \*dev_id\)$" "$shown"
expect_no_match "no colour" $'\033' "$shown"

expect_eq "review.txt" "$EDU skipped
$E1000 rejected the watchdog path needs a second look" "$(cat "$out/review.txt")"
expect_eq "--list" "$(cat "$out/review.txt")" "$("$IRQCONV" review --list "$out")"
expect_eq "series without the rejected patch" "$EDU" "$(cat "$out/series")"
[ -f "$out/$E1000" ] || fail "the rejected patch file is kept"
cover=$(cat "$out/0000-cover-letter.patch")
expect_match "cover marks e1000" "e1000_intr\(\): rejected in review, split, the quick check silences the device" "$(tr '\n' ' ' <<<"$cover" | tr -s ' ')"
expect_match "cover keeps edu" "edu_irq_handler\(\): converted, split, the quick check silences the device" "$(tr -s "\n " "  " <<<"$cover")"
# The series left is one to mail: counted and numbered again.
expect_match "cover counts what is left" "^Subject: \[PATCH 0/1\] " "$cover"
expect_match "cover: one site converted" "^1 of 5 request sites converted" "$cover"
expect_match "edu numbered 1/1" "^Subject: \[PATCH 1/1\] edu:" "$(cat "$out/$EDU")"
expect_no_match "renumbered is not edited by hand" "edited by hand" \
	"$("$IRQCONV" review --list "$out")"

# Resume: only the skipped patch comes again; accept it.
shown=$(printf 'a\n' | "$IRQCONV" review --color=always "$out")
expect_match "skipped one shown again" "\[1/2\] .*$EDU" "$shown"
expect_no_match "rejected one not shown" "$E1000" "$shown"
expect_match "colour when asked" $'\033\\[32m\\+' "$shown"
expect_eq "accepted" "$EDU accepted" "$(head -1 "$out/review.txt")"

shown=$("$IRQCONV" review "$out" </dev/null)
expect_match "all decided" "nothing to review" "$shown"

# --all shows decided patches; accepting e1000 again puts it back.
printf 'q\n' | "$IRQCONV" review --all "$out" >/dev/null
expect_eq "q changes nothing" "$EDU" "$(cat "$out/series")"
printf 's\na\n' | "$IRQCONV" review --all "$out" >/dev/null
expect_eq "back in the series" "$EDU
$E1000" "$(cat "$out/series")"
expect_match "cover unmarked" "e1000_intr\(\): converted, split, the quick check silences the device" "$(tr -s "\n " "  " <"$out/0000-cover-letter.patch")"
expect_match "cover counts both again" "^Subject: \[PATCH 0/2\] " "$(cat "$out/0000-cover-letter.patch")"
expect_match "two sites converted" "^2 of 5 request sites converted" "$(cat "$out/0000-cover-letter.patch")"
expect_match "e1000 numbered 2/2" "^Subject: \[PATCH 2/2\] net: e1000:" "$(cat "$out/$E1000")"
expect_match "edu numbered 1/2" "^Subject: \[PATCH 1/2\] edu:" "$(cat "$out/$EDU")"

# A rejection needs a reason; an unknown key asks again.
printf 'x\nr\n\nr\nno\n' | "$IRQCONV" review --all "$out" >"$TEST_TMP/o" || true
expect_match "unknown key" "unknown key 'x'" "$(cat "$TEST_TMP/o")"
expect_match "reason needed" "a rejection needs a reason" "$(cat "$TEST_TMP/o")"
expect_match "rejected edu" "^$EDU rejected no$" "$(cat "$out/review.txt")"
expect_match "e1000 numbered 1/1" "^Subject: \[PATCH 1/1\] net: e1000:" "$(cat "$out/$E1000")"
expect_match "the rejected file keeps its number" "^Subject: \[PATCH 1/2\] edu:" "$(cat "$out/$EDU")"
