# Each semantic patch in patch mode over real 6.1 drivers, copied to a
# scratch directory: the named request changes as expected, nothing else.
. "$TESTLIB"

[ -f "$KSRC/drivers/net/ethernet/realtek/8139cp.c" ] || fail "no 6.1 source in $KSRC"
cp "$KSRC/drivers/net/ethernet/realtek/8139cp.c" "$KSRC/sound/pci/ens1370.c" \
	"$TEST_TMP/"
cd "$TEST_TMP"

# run RULE FILE ARGS...: prints the diff spatch proposes, stderr in ./stderr.
run() {
	local rule=$1 file=$2
	shift 2
	spatch --very-quiet --no-includes --include-headers \
		--sp-file "$TOP/semantic-patches/$rule" "$@" "$file" 2>stderr
}

# changed DIFF SIGN: the removed (-) or added (+) lines, whitespace squeezed.
changed() {
	printf '%s\n' "$1" | grep "^$2[^-+]" | cut -c2- | tr -s ' \t\n' ' ' |
		sed 's/^ //; s/ $//'
}

# expect_call_change DIFF OLD NEW: exactly one hunk, turning OLD into NEW.
expect_call_change() {
	expect_eq "hunks" 1 "$(printf '%s\n' "$1" | grep -c '^@@')"
	expect_eq "removed code" "$2" "$(changed "$1" -)"
	expect_eq "added code" "$3" "$(changed "$1" +)"
}

cp_old='rc = request_irq(irq, cp_interrupt, IRQF_SHARED, dev->name, dev);'
ens_old='if (devm_request_irq(&pci->dev, pci->irq, snd_audiopci_interrupt, IRQF_SHARED, KBUILD_MODNAME, ensoniq)) {'
cp_names=(-D handler=cp_interrupt -D quick=cp_quick_check -D thread=cp_thread)
ens_names=(-D handler=snd_audiopci_interrupt -D quick=snd_audiopci_quick_check
	-D thread=snd_audiopci_thread)

d=$(run request_irq_to_threaded.cocci 8139cp.c -D patch "${cp_names[@]}")
expect_call_change "$d" "$cp_old" \
	'rc = request_threaded_irq(irq, cp_quick_check, cp_thread, IRQF_SHARED, dev->name, dev);'

d=$(run request_irq_to_threaded.cocci ens1370.c -D patch "${ens_names[@]}")
expect_call_change "$d" "$ens_old" \
	'if (devm_request_threaded_irq(&pci->dev, pci->irq, snd_audiopci_quick_check, snd_audiopci_thread, IRQF_SHARED, KBUILD_MODNAME, ensoniq)) {'

# Split-oneshot on a shared line: refused unless every sharer agrees.
d=$(run request_irq_to_threaded.cocci 8139cp.c -D patch -D oneshot "${cp_names[@]}")
expect_eq "diff of a refused oneshot conversion" "" "$d"
expect_match "refusal" '^8139cp\.c:1195:.*refused: IRQF_ONESHOT on a shared line' \
	"$(cat stderr)"
d=$(run request_irq_to_threaded.cocci 8139cp.c -D patch -D oneshot \
	-D sharers_agree "${cp_names[@]}")
expect_call_change "$d" "$cp_old" \
	'rc = request_threaded_irq(irq, cp_quick_check, cp_thread, IRQF_SHARED | IRQF_ONESHOT, dev->name, dev);'

d=$(run request_irq_to_quickcheck.cocci 8139cp.c -D patch \
	-D handler=cp_interrupt -D quick=cp_quick_check)
expect_call_change "$d" "$cp_old" \
	'rc = request_irq_quickcheck(irq, cp_interrupt, cp_quick_check, IRQF_SHARED, dev->name, dev);'

d=$(run request_irq_to_quickcheck.cocci ens1370.c -D patch \
	-D handler=snd_audiopci_interrupt -D quick=snd_audiopci_quick_check)
expect_call_change "$d" "$ens_old" \
	'if (devm_request_irq_quickcheck(&pci->dev, pci->irq, snd_audiopci_interrupt, snd_audiopci_quick_check, IRQF_SHARED, KBUILD_MODNAME, ensoniq)) {'

# Another handler's name changes nothing.
d=$(run request_irq_to_threaded.cocci 8139cp.c -D patch -D handler=snd_audiopci_interrupt \
	-D quick=q -D thread=t)
expect_eq "diff for a handler the file does not request" "" "$d"

# The hazard rule has nothing to fix in drivers without threaded handlers.
for f in 8139cp.c ens1370.c; do
	d=$(run threaded_irq_hazards.cocci "$f" -D patch)
	expect_eq "hazard fixes in $f" "" "$d"
	d=$(run threaded_irq_hazards.cocci "$f" -D report)
	expect_eq "hazard reports in $f" "" "$d"
done

# After the conversion, the hazard report sees the new thread function
# (its body is still the old handler's) and the request it came from.
run request_irq_to_threaded.cocci 8139cp.c -D patch -D handler=cp_interrupt \
	-D quick=cp_quick_check -D thread=cp_interrupt --in-place >/dev/null
grep -q 'request_threaded_irq(irq, cp_quick_check, cp_interrupt' 8139cp.c ||
	fail "in-place conversion did not happen"
d=$(run threaded_irq_hazards.cocci 8139cp.c -D report)
expect_match "hazards of cp_interrupt as a thread" \
	"8139cp\.c:[0-9]+:[0-9]+-[0-9]+: WARNING: spin_lock\(\) on lock in a thread function" "$d"
