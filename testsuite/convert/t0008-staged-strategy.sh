# The staged strategy is chosen only on request, is refused for a handler
# that takes its lock before the check, and its call-site rewrite is checked
# against request_irq_to_quickcheck.cocci, for a handler named directly
# (edu) and through a variable (e1000's `handler`).
. "$TESTLIB"

out=$("$IRQCONV" convert examples/edu/edu.c 2>&1)
expect_match "default strategy" 'converted +split-mask' "$out"

out=$("$IRQCONV" convert --strategy edu_irq_handler=staged examples/edu/edu.c 2>&1)
expect_match "staged on request" 'converted +staged' "$out"

"$IRQCONV" convert --author 'T <t@example.org>' -o "$TEST_TMP/s" \
	--strategy edu_irq_handler=staged examples/edu/edu.c >/dev/null 2>&1 ||
	fail "convert -o failed"
patch=$(cat "$TEST_TMP/s/"0001-*.patch)
expect_match "staged patch requests the quick check after the handler" \
	'request_irq_quickcheck\(edu->irq, edu_irq_handler,' "$patch"
expect_match "staged quick check asks for the handler" \
	'return IRQ_NEEDS_HANDLING;' "$patch"
expect_match "the handler takes the hand-over" \
	'status = atomic_xchg\(&edu->irq_status, 0\);' "$patch"
expect_no_match "no thread in the code" 'request_threaded_irq|IRQ_WAKE_THREAD' \
	"$(printf '%s\n' "$patch" | grep '^+[^+]')"

out=$("$IRQCONV" convert --strategy cp_interrupt=staged \
	drivers/net/ethernet/realtek/8139cp.c 2>&1)
expect_match "8139cp: lock taken before the check" \
	'refused +the staged strategy needs an ownership check made before cp_interrupt\(\) takes &cp->lock' "$out"

# The same rule, but with the quick check before the handler.
mkdir -p "$TEST_TMP/other"
cp semantic-patches/request_irq_to_threaded.cocci "$TEST_TMP/other/"
sed 's/^+ handler, quick$/+ quick, handler/' \
	semantic-patches/request_irq_to_quickcheck.cocci \
	>"$TEST_TMP/other/request_irq_to_quickcheck.cocci"
cmp -s semantic-patches/request_irq_to_quickcheck.cocci \
	"$TEST_TMP/other/request_irq_to_quickcheck.cocci" &&
	fail "could not make a disagreeing rule (request_irq_to_quickcheck.cocci changed shape?)"
for site in examples/edu/edu.c:edu_irq_handler \
	drivers/net/ethernet/intel/e1000/e1000_main.c:e1000_intr; do
	out=$(IRQCONV_COCCI_DIR=$TEST_TMP/other "$IRQCONV" convert \
		--strategy "${site#*:}=staged" "${site%:*}" 2>&1)
	expect_match "${site#*:}: disagreeing rule" \
		'rewritten differently by request_irq_to_quickcheck.cocci' "$out"
done
expect_match "cover letter" 'edu_irq_handler\(\): +converted, staged' \
	"$(tr -s ' \n' ' ' <"$TEST_TMP/s/0000-cover-letter.patch")"
expect_match "subject" 'Subject: \[PATCH 1/1\] edu: add a quick check to the interrupt handler' "$patch"

# devm_request_irq() becomes devm_request_irq_quickcheck(), the handler
# before the quick check (ens1370; split-mask and split-oneshot refuse it).
"$IRQCONV" convert --author 'T <t@example.org>' -o "$TEST_TMP/ens" \
	--strategy snd_audiopci_interrupt=staged sound/pci/ens1370.c >/dev/null 2>&1 ||
	fail "convert ens1370 staged failed"
expect_match "devm staged request" \
	'devm_request_irq_quickcheck\(&pci->dev, pci->irq, snd_audiopci_interrupt, snd_audiopci_interrupt_quick_check, IRQF_SHARED,' \
	"$(sed -n '/^+.*devm_request_irq_quickcheck/,/;\|{$/p' "$TEST_TMP/ens/"0001-*.patch |
		sed 's/^+[[:space:]]*//' | tr -s '\n' ' ' | sed 's/( /(/g')"
