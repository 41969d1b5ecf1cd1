#!/bin/bash
# irqconv built with ASan and UBSan (make irqconv-asan, fuzz/asan.mk) scans
# and converts two real 6.1 drivers with no sanitizer report: plx_dma (a
# conversion that folds a tasklet, written as a series with -o) and ens1370 (a refusal with the
# silencing evidence).  A report of either sanitizer fails the test with
# its first lines (ASAN_TEST_LEAKS=1 shows it: convert's by-design leaks
# at exit then fail it); `make check-asan` runs the whole scan and convert
# tiers this way.
# timeout: 900
# shellcheck source=testsuite/lib/test-lib.sh
. "$TESTLIB"

asan=$BUILD/asan/bin/irqconv
[ -x "$asan" ] || fail "no $asan (make irqconv-asan)"
reports=$TEST_TMP/reports
mkdir -p "$reports"
# No leak check: a command's state lives until exit by design (docs/testing.md).
export ASAN_OPTIONS=log_path=$reports/san:detect_leaks=${ASAN_TEST_LEAKS:-0}
export UBSAN_OPTIONS=log_path=$reports/san:print_stacktrace=1:halt_on_error=1
files=("$KSRC/drivers/dma/plx_dma.c" "$KSRC/sound/pci/ens1370.c")

sanitizer_reports() {
	local r
	for r in "$reports"/san*; do
		[ -f "$r" ] || continue
		echo "== $r"
		head -n 30 "$r"
	done
}

st=0
"$asan" scan --format=json "${files[@]}" >"$TEST_TMP/scan.json" 2>"$TEST_TMP/scan.err" || st=$?
out=$(sanitizer_reports)
[ -z "$out" ] || fail "scan under ASan+UBSan: $out"
expect_eq "scan exit status" 0 "$st"

st=0
"$asan" convert --all --author 'irqconv test <irqconv@example.org>' \
	--date '2024-01-01 00:00:00 +0000' -o "$TEST_TMP/series" \
	"${files[@]}" >"$TEST_TMP/convert.txt" 2>&1 || st=$?
out=$(sanitizer_reports)
[ -z "$out" ] || fail "convert under ASan+UBSan: $out"
expect_eq "convert exit status" 0 "$st"

# The sanitized binary did the real work: a patch of plx_dma, ens1370
# refused with its code, as the plain build decides.
expect_match "plx_dma patch" "^0001-.*plx_dma" "$(cat "$TEST_TMP/series/series")"
expect_eq "verdicts" \
	"plx_dma_isr converted
snd_audiopci_interrupt refused:silencing-unproved" \
	"$(jq -r '"\(.handler) \(.verdict)\(if .verdict == "converted" then "" else ":" + .reason_code end)"' \
		"$TEST_TMP/series/sites.json" | sort)"
expect_eq "scan agrees" 2 "$(jq -s length "$TEST_TMP/scan.json")"
