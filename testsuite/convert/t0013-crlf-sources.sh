# A source whose lines end in CR LF converts with the lines irqconv writes
# ending the same way.  6.1's e1000 (e1000_main.c and the hand-over field's
# e1000.h) and edu (a prototype written for its folded tasklet: the
# reported carriage return inside a prototype), each copied with every
# line ended in CR LF and converted --in-place, give exactly the golden
# conversion with CR LF endings: no line without its CR, no CR elsewhere.
. "$TESTLIB"

# crlf_case NAME SRCDIR STRIP FILES...: copy SRCDIR as CRLF, convert the
# first file, compare each with the golden patch applied (patch -pSTRIP).
crlf_case() {
	local name=$1 src=$2 strip=$3 f
	shift 3
	cp -r "$src" "$TEST_TMP/$name.ref"
	patch -s -p"$strip" -d "$TEST_TMP/$name.ref" <testsuite/convert/golden/"$name".out/0001-*.patch ||
		fail "$name: the golden patch does not apply"
	cp -r "$src" "$TEST_TMP/$name"
	for f in "$@"; do
		sed -i 's/$/\r/' "$TEST_TMP/$name/$f"
	done
	"$IRQCONV" convert --all --in-place "$TEST_TMP/$name/$1" >"$TEST_TMP/table" 2>&1 ||
		fail "$name: convert failed: $(cat "$TEST_TMP/table")"
	expect_match "$name converted" "converted +split-mask" "$(cat "$TEST_TMP/table")"
	for f in "$@"; do
		sed 's/\r$//' "$TEST_TMP/$name/$f" | cmp -s - "$TEST_TMP/$name.ref/$f" ||
			fail "$name: $f is not the golden conversion with CR LF endings"
		expect_eq "$name: $f: lines without CR" 0 \
			"$(grep -c $'[^\r]$\\|^$' "$TEST_TMP/$name/$f" || true)"
		expect_eq "$name: $f: CR inside a line" 0 \
			"$(grep -c $'\r.' "$TEST_TMP/$name/$f" || true)"
	done
}

crlf_case e1000 "$KSRC/drivers/net/ethernet/intel/e1000" 6 e1000_main.c e1000.h
crlf_case edu examples/edu 1 edu.c
