# A patch edited by hand since convert wrote it is flagged; a removed patch,
# a directory that is not a series, a broken review.txt and bad usage are
# refused with a clear message and change nothing.
. "$TESTLIB"
. testsuite/review/series.sh
out=$TEST_TMP/out
make_series "$out"

[ -s "$out/checksums" ] || fail "convert wrote no checksums"
sed -i 's/^Split /Split, by hand, /' "$out/$EDU"
expect_eq "--list flags the edit" "$EDU pending (edited by hand since convert)
$E1000 pending" "$("$IRQCONV" review --list "$out")"
shown=$(printf 'q\n' | "$IRQCONV" review "$out")
expect_match "review warns" "^warning: +this patch was edited by hand" "$shown"
"$IRQCONV" report "$out" >/dev/null
expect_match "report warns" "edited by hand since irqconv convert wrote it" "$(cat "$out/report.html")"

before=$(ls -l --time-style=full-iso "$out")
mv "$out/$E1000" "$TEST_TMP/"
err=$("$IRQCONV" review --list "$out" 2>&1) && fail "a missing patch went unnoticed"
expect_match "missing patch" "'$out/$E1000' is missing" "$err"
mv "$TEST_TMP/$E1000" "$out/"

echo "$EDU maybe" >"$out/review.txt"
expect_status "broken review.txt" 2 "$IRQCONV" review --list "$out"
err=$("$IRQCONV" review --list "$out" 2>&1 || true)
expect_match "says which line" "review.txt:1: want '<patch-file> accepted\|rejected\|skipped <reason>'" "$err"
expect_eq "broken review.txt kept" "$EDU maybe" "$(cat "$out/review.txt")"
rm "$out/review.txt"

err=$("$IRQCONV" review "$TEST_TMP" 2>&1) && fail "a non-series directory was accepted"
expect_match "not a series" "has no sites.json: not a series written by 'irqconv convert -o'" "$err"
expect_status "no such dir" 2 "$IRQCONV" review "$TEST_TMP/nope"
expect_status "report of no such dir" 2 "$IRQCONV" report "$TEST_TMP/nope"
expect_status "bad --color" 2 "$IRQCONV" review --color=sometimes "$out"
expect_status "no OUTDIR" 2 "$IRQCONV" review
expect_eq "series untouched" "$EDU
$E1000" "$(cat "$out/series")"

# convert again into a reviewed OUTDIR: the old decisions are kept aside,
# not applied to patches that may have changed.
printf 'a\ns\n' | "$IRQCONV" review "$out" >/dev/null
old=$(cat "$out/review.txt")
"$IRQCONV" convert --author 'Re Viewer <re@example.org>' -o "$out" examples/edu >/dev/null
expect_eq "decisions kept aside" "$old" "$(cat "$out/review.old.txt")"
[ ! -e "$out/review.txt" ] || fail "old decisions applied to a new series"
expect_eq "new series pending" "$EDU pending" "$("$IRQCONV" review --list "$out")"

# Several series make one report only with -o; a bad one among them fails.
expect_status "several without -o" 2 "$IRQCONV" report "$out" "$out"
expect_status "a bad one among several" 2 "$IRQCONV" report -o "$TEST_TMP/all.html" "$out" "$TEST_TMP/nope"
[ ! -e "$TEST_TMP/all.html" ] || fail "a report was written for bad input"
cp -r "$out" "$TEST_TMP/second"
expect_eq "one report of two" "$TEST_TMP/r/all.html" "$("$IRQCONV" report -o "$TEST_TMP/r/all.html" "$out" "$TEST_TMP/second")"
expect_match "links relative to the report" 'href="#../second/0001-edu' "$(cat "$TEST_TMP/r/all.html")"

# A hand-edited patch renumbered by review stays flagged: review updates
# the checksums only of patches it renumbered unedited.
make_series "$out"
sed -i 's/^Split /Split, by hand, /' "$out/$E1000"
printf 'r\nnot this one\n' | "$IRQCONV" review "$out" >/dev/null
expect_match "edited patch renumbered" "^Subject: \[PATCH 1/1\] net: e1000:" "$(cat "$out/$E1000")"
expect_eq "still flagged" "$EDU rejected not this one
$E1000 pending (edited by hand since convert)" "$("$IRQCONV" review --list "$out")"
