# A worker that dies costs one site-less 'crashed' record, a warning, and
# nothing else: the run goes on, exits 1 (a file could not be analysed), and
# the crash is not cached.
. "$TESTLIB"
TEST_TMP=$(mktemp -d "$TEST_TMP/run.XXXXXX")

fx=testsuite/scan/fixtures
status=0
IRQCONV_TEST_CRASH=/nmi.c "$IRQCONV" scan --no-cache --format=json $fx/nmi.c $fx/timer.c \
	>"$TEST_TMP/out.json" 2>"$TEST_TMP/err" || status=$?
expect_eq "exit status after a crash" 1 $status
expect_match "warning" "nmi.c': the analysis crashed \(signal 6\)" "$(cat "$TEST_TMP/err")"
expect_eq "crashed record" '"crashed"' \
	"$(jq -c 'select(.file | endswith("/nmi.c")) | .reason_codes[0]' "$TEST_TMP/out.json")"
expect_eq "the other file" '"timer"' \
	"$(jq -c 'select(.file | endswith("/timer.c")) | .reason_codes[0]' "$TEST_TMP/out.json")"
"$IRQCONV" scan --stats --format=json $fx/nmi.c >"$TEST_TMP/again.json" 2>"$TEST_TMP/err2"
expect_match "crash not cached" "1 parsed" "$(cat "$TEST_TMP/err2")"
expect_eq "parsed again" '"nmi"' "$(jq -c '.reason_codes[0]' "$TEST_TMP/again.json")"
