# The edu driver is a subject for the semantic patches: its request turns
# into a threaded one, and the split-oneshot mode refuses its shared line.
. "$TESTLIB"

cp examples/edu/edu.c "$TEST_TMP/"
cd "$TEST_TMP"
names=(-D handler=edu_irq_handler -D quick=edu_quick_check -D thread=edu_thread)

d=$(spatch --very-quiet --no-includes --sp-file \
	"$TOP/semantic-patches/request_irq_to_threaded.cocci" -D patch \
	"${names[@]}" edu.c 2>/dev/null)
expect_eq "changed lines" 3 "$(printf '%s\n' "$d" | grep -c '^[-+][^-+]')"
expect_match "new request" \
	'^\+.*request_threaded_irq\(edu->irq, edu_quick_check, edu_thread,' "$d"

d=$(spatch --very-quiet --no-includes --sp-file \
	"$TOP/semantic-patches/request_irq_to_threaded.cocci" -D patch -D oneshot \
	"${names[@]}" edu.c 2>stderr)
expect_eq "oneshot diff on a shared line" "" "$d"
expect_match "refusal" 'refused: IRQF_ONESHOT on a shared line' "$(cat stderr)"
