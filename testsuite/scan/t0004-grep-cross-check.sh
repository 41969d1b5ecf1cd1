# Every request call written in a file the configuration builds is found:
# compare, per directory, the lines grep sees a call on with the lines scan
# reports (comments, strings and macro definitions left out of the grep).
# timeout: 900
. "$TESTLIB"

# A private directory: another `make check` may share TEST_TMP.
TEST_TMP=$(mktemp -d "$TEST_TMP/run.XXXXXX")

dirs="drivers/net/ethernet/realtek drivers/net/ethernet/8390 drivers/input/serio sound/pci/ice1712"
pattern='\b(devm_)?request_(threaded_|any_context_|percpu_)?irq[[:space:]]*\(|\brequest_nmi[[:space:]]*\('
for dir in $dirs; do
	"$IRQCONV" scan --format=json "$dir" >"$TEST_TMP/scan.json" ||
		fail "scan $dir failed"
	# Files kbuild builds: 'irqconv flags' does not mark them.
	: >"$TEST_TMP/grep.txt"
	for f in $(cd "$KSRC" && grep -rlE "$pattern" --include='*.c' "$dir" | sort); do
		"$IRQCONV" flags "$f" | grep -q '(not in config)' && continue
		(cd "$KSRC" && grep -nE "$pattern" "$f") |
			grep -vE '^[0-9]+:[[:space:]]*(\*|/\*|//|#)' |
			grep -vE '"[^"]*request_[a-z_]*irq[^"]*"' |
			sed "s|^\([0-9]*\):.*|$f:\1|" >>"$TEST_TMP/grep.txt"
	done
	jq -r 'select(.line > 0 and .not_in_config == false) | "\(.file):\(.line)"' \
		"$TEST_TMP/scan.json" | sort -u >"$TEST_TMP/scan.txt"
	sort -u "$TEST_TMP/grep.txt" -o "$TEST_TMP/grep.txt"
	[ -s "$TEST_TMP/grep.txt" ] || fail "$dir: grep found no call at all"
	diff -u "$TEST_TMP/grep.txt" "$TEST_TMP/scan.txt" ||
		fail "$dir: scan and grep disagree on the call sites"
	echo "$dir: $(wc -l <"$TEST_TMP/scan.txt") call sites agree"
done
