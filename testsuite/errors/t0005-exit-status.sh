# The exit status contract (README.md, "Exit status"): 0 ran clean, 1 ran
# but some input could not be analysed, 2 usage, bad input or environment.
# A file that does not parse is no refused site and gives no empty series;
# a --strategy naming no site found is an error and writes nothing.
. "$TESTLIB"

author='irqconv test <test@irqconv.invalid>'
bad=$TEST_TMP/bad
cp -r testsuite/convert/fixtures/counter "$bad"
sed -i '0,/{/s/{/{ this is not C;/' "$bad/ct.c"
cp -r examples/edu "$TEST_TMP/edu"

# Only a file that does not parse: 1, said on stderr, no site, no series.
status=0
"$IRQCONV" convert --author "$author" -o "$TEST_TMP/out1" "$bad" \
	>"$TEST_TMP/stdout" 2>"$TEST_TMP/stderr" || status=$?
expect_eq "unparsable file: exit status" 1 "$status"
expect_match "unparsable file: message" "error: '[^']*/bad/ct.c' cannot be analysed: .*ct.c:16:[0-9]+: error: " \
	"$(cat "$TEST_TMP/stderr")"
expect_no_match "unparsable file: no refused site" "refused|\?:0|:0 " "$(cat "$TEST_TMP/stdout")"
[ ! -e "$TEST_TMP/out1" ] || fail "unparsable file: wrote a series ($(ls "$TEST_TMP/out1"))"

# With a file that parses beside it: still 1, and that one converts.
status=0
"$IRQCONV" convert --author "$author" -o "$TEST_TMP/out2" "$bad" "$TEST_TMP/edu" \
	>"$TEST_TMP/stdout" 2>"$TEST_TMP/stderr" || status=$?
expect_eq "unparsable and edu: exit status" 1 "$status"
expect_match "unparsable and edu: edu converted" "edu_irq_handler +converted" "$(cat "$TEST_TMP/stdout")"
expect_eq "unparsable and edu: one patch" 1 "$(wc -l <"$TEST_TMP/out2/series")"
expect_no_match "unparsable and edu: no site of the bad file" "ct\.c" "$(cat "$TEST_TMP/out2/0000-cover-letter.patch")"

# A clean run is 0, refused sites included: they are findings.
status=0
"$IRQCONV" convert --strategy edu_irq_handler=split-oneshot "$TEST_TMP/edu" \
	>"$TEST_TMP/stdout" 2>&1 || status=$?
expect_eq "refused site: exit status" 0 "$status"
expect_match "refused site" "edu_irq_handler +refused" "$(cat "$TEST_TMP/stdout")"

# --strategy naming no site found, by handler or FILE:LINE, or no site at all.
for opt in no_such_handler=staged "$TEST_TMP/edu/edu.c:1=staged" =staged \
	   edu_irq_handler=no-such-strategy; do
	status=0
	"$IRQCONV" convert --author "$author" -o "$TEST_TMP/out3" \
		--strategy "$opt" "$TEST_TMP/edu" >"$TEST_TMP/stdout" \
		2>"$TEST_TMP/stderr" || status=$?
	expect_eq "--strategy $opt: exit status" 2 "$status"
	expect_match "--strategy $opt: message" "error: --strategy '$opt': " "$(cat "$TEST_TMP/stderr")"
	[ ! -e "$TEST_TMP/out3" ] || fail "--strategy $opt: wrote a series"
done
# FILE:LINE as given on the command line names the site.
line=$(grep -n 'request_irq(' "$TEST_TMP/edu/edu.c" | cut -d: -f1)
out=$("$IRQCONV" convert --strategy "$TEST_TMP/edu/edu.c:$line=split-mask" "$TEST_TMP/edu" 2>&1) ||
	fail "--strategy FILE:LINE of edu's request: $out"

# scan: a file that does not parse is 1, an unresolved handler a finding.
fx=testsuite/scan/fixtures
expect_status "scan of a file that does not parse" 1 "$IRQCONV" scan "$fx/parse-error.c"
expect_status "scan of an unresolved handler" 0 "$IRQCONV" scan "$fx/res-unresolved.c"
expect_status "scan of edu" 0 "$IRQCONV" scan "$TEST_TMP/edu"
