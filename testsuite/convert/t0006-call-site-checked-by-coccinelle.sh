# The call-site rewrite is checked against Coccinelle's: without the semantic
# patch convert stops with exit 2 (an environment error, not a refusal), and
# with a semantic patch that rewrites the call differently it refuses.
. "$TESTLIB"

mkdir -p "$TEST_TMP/none" "$TEST_TMP/other"
status=0
out=$(IRQCONV_COCCI_DIR=$TEST_TMP/none "$IRQCONV" convert examples/edu/edu.c 2>&1) || status=$?
expect_eq "no semantic patch: exit status" 2 "$status"
expect_match "no semantic patch: the message names it" 'cannot read the semantic patch .*request_irq_to_threaded.cocci' "$out"
expect_no_match "no semantic patch: no site refused for it" 'refused' "$out"

# The same rule, but it swaps the quick check and the thread.
sed "s/^+ quick, thread$/+ thread, quick/" \
	semantic-patches/request_irq_to_threaded.cocci >"$TEST_TMP/other/request_irq_to_threaded.cocci"
cmp -s semantic-patches/request_irq_to_threaded.cocci "$TEST_TMP/other/request_irq_to_threaded.cocci" &&
	fail "could not make a disagreeing rule (request_irq_to_threaded.cocci changed shape?)"
out=$(IRQCONV_COCCI_DIR=$TEST_TMP/other "$IRQCONV" convert examples/edu/edu.c 2>&1)
expect_match "disagreeing rule" 'rewritten differently by request_irq_to_threaded.cocci' "$out"

out=$("$IRQCONV" convert examples/edu/edu.c 2>&1)
expect_match "the real rule agrees" 'converted +split-mask' "$out"
