# A site whose reason needs escaping in JSON (double quotes, a backslash,
# UTF-8) goes through convert's sites.json and comes back unchanged in
# review's report; scan writes the same handler argument.  A sites.json
# line that is not a record is refused with the file and the line named.
. "$TESTLIB"
mod=$TEST_TMP/mod
out=$TEST_TMP/out
mkdir "$mod"
cp examples/edu/Kbuild examples/edu/edu.c "$mod/"
echo 'obj-m += pick.o' >>"$mod/Kbuild"
cat >"$mod/pick.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/string.h>

static irqreturn_t pick_fast(int irq, void *dev_id)
{
	return IRQ_HANDLED;
}

static irqreturn_t pick_slow(int irq, void *dev_id)
{
	return IRQ_NONE;
}

static irq_handler_t pick_handler(const char *mode)
{
	return strcmp(mode, "fast") ? pick_slow : pick_fast;
}

int pick_request(unsigned int irq, void *dev)
{
	return request_irq(irq, pick_handler("fast \"mode\"\\1 é"), 0, "pick", dev);
}
EXPORT_SYMBOL_GPL(pick_request);

MODULE_LICENSE("GPL");
C
arg='pick_handler("fast \"mode\"\\1 é")'
reason="handler argument '$arg' is an expression irqconv does not follow"

"$IRQCONV" convert --author 'Re Viewer <re@example.org>' -o "$out" "$mod" >/dev/null
expect_eq "one record per line" 2 "$(wc -l <"$out/sites.json")"
expect_eq "sites.json: the reason as written" "$reason" \
	"$(jq -r 'select(.file | endswith("pick.c")) | .reason' "$out/sites.json")"
expect_eq "sites.json: benefit is JSON" '["tasklet-folded"] 6' \
	"$(jq -c -r 'select(.patch) | "\(.benefit) \(.moved.statements)"' "$out/sites.json")"
expect_eq "scan: the handler argument as written" "$arg" \
	"$("$IRQCONV" scan --format=json "$mod/pick.c" | jq -r .handler_arg)"

EDU=0001-edu-convert-to-a-threaded-interrupt-handler.patch
expect_eq "review reads the series" "$EDU pending" "$("$IRQCONV" review --list "$out")"
"$IRQCONV" report "$out" >/dev/null
html=$(sed 's/&/\&amp;/g; s/"/\&quot;/g' <<<"$reason")
grep -qF -- "$html" "$out/report.html" ||
	fail "report.html lacks the reason '$html': $(grep -o 'handler argument[^<]*' "$out/report.html")"

# Broken records: the file and the line are named, nothing is written.
good=$(cat "$out/sites.json")
check_refused() {
	local what=$1 want=$2 err
	err=$("$IRQCONV" review --list "$out" 2>&1) && fail "$what: accepted"
	expect_match "$what" "$want" "$err"
	[ ! -e "$out/review.txt" ] || fail "$what: review.txt written"
}
printf '%s\n%s\n' "$(head -1 <<<"$good")" "$(tail -1 <<<"$good" | cut -c1-40)" >"$out/sites.json"
check_refused "cut record" "^irqconv: error: $out/sites.json:2: not a JSON object: "
sed 's/"line":23/"line":"23"/; s/"line":465/"line":4.5/' <<<"$good" >"$out/sites.json"
check_refused "a number of another type" "$out/sites.json:1: 'line' is a fraction, not a string or an integer"
sed 's/"verdict":"refused",//' <<<"$good" >"$out/sites.json"
check_refused "a record without a verdict" "$out/sites.json:2: the record has no 'verdict'"
printf '%s\n\n[]\n' "$good" >"$out/sites.json"
check_refused "an array" "$out/sites.json:4: a JSON value that is not an object"
