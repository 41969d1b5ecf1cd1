# convert --scan-json writes what scan --format=json prints for the same
# files, from convert's own parse: make batch parses each file once and
# still compares the two commands.  Real 6.1 drivers: a split, a refusal,
# a handler in a library, a declined site, a file no configured tree
# builds (m68k's mac8390: one parse-error record), all in one call.
. "$TESTLIB"

files="drivers/dma/plx_dma.c sound/pci/es1968.c
drivers/net/ethernet/8390/ne2k-pci.c drivers/dma/xgene-dma.c
drivers/net/ethernet/8390/mac8390.c"
out=$TEST_TMP/out
mkdir -p "$out"
# shellcheck disable=SC2086
expect_status "convert" 0 "$IRQCONV" convert --all --format=json \
	--scan-json "$out/from-convert.json" $files >"$out/convert.json"
# shellcheck disable=SC2086
"$IRQCONV" scan --no-cache -j 1 --format=json $files \
	>"$out/scan.json" 2>"$out/scan.err" || true
[ -s "$out/scan.json" ] || fail "scan printed nothing: $(cat "$out/scan.err")"
# The same records; convert visits the files in its own order.
sorted() {
	jq -c -s 'sort_by(.file, .line, .handler)[]' "$1"
}
expect_eq "records, convert --scan-json against scan" "" \
	"$(diff <(sorted "$out/scan.json") <(sorted "$out/from-convert.json"))"
expect_eq "sites" 6 "$(wc -l <"$out/from-convert.json")"
expect_eq "the file no tree builds" "parse-error" \
	"$(jq -r 'select(.file == "drivers/net/ethernet/8390/mac8390.c") | .reason_code' \
		"$out/from-convert.json")"

# A FILE that cannot be written: exit 2, named, nothing left behind.
expect_status "unwritable --scan-json" 2 "$IRQCONV" convert \
	--scan-json "$out/no/such/dir/x.json" drivers/dma/plx_dma.c \
	>/dev/null 2>"$out/err"
expect_match "the message names the file" "cannot write '$out/no/such/dir/x.json'" \
	"$(cat "$out/err")"
[ ! -e "$out/no" ] || fail "a directory was made for the records"
