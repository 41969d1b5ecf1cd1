# Sites irqconv does not convert are refused with a reason a maintainer can
# check, in the table and in JSON, and no patch is written for them.
. "$TESTLIB"

json=$("$IRQCONV" convert --format=json sound/pci/ens1370.c \
	drivers/input/serio/i8042.c drivers/net/ethernet/intel/e1000/e1000_main.c 2>/dev/null)
ens=$(printf '%s\n' "$json" | grep '"file":"sound/pci/ens1370.c"')
expect_match "ens1370 verdict" '"verdict":"refused"' "$ens"
expect_match "ens1370 reason" 'snd_ensoniq_midi_interrupt\(\), which takes a lock with plain spin_lock\(\)' "$ens"
i8042=$(printf '%s\n' "$json" | grep '"handler":"i8042_interrupt"' | head -1)
expect_match "i8042 reason" 'takes a lock before it knows the interrupt is its own' "$i8042"
e1000=$(printf '%s\n' "$json" | grep '"handler":"e1000_intr"')
# e1000_netpoll() calls the handler directly.
expect_match "e1000 reason" 'e1000_intr\(\) is also called or referenced at line 5226' "$e1000"
expect_no_match "nothing converted" '"verdict":"converted"' "$json"

out=$TEST_TMP/series
"$IRQCONV" convert --author 'T <t@example.org>' -o "$out" sound/pci/ens1370.c >/dev/null 2>&1 ||
	fail "convert with only refusals failed"
expect_eq "patches for refusals" "" "$(cat "$out/series")"
expect_match "cover letter lists the refusal" 'snd_audiopci_interrupt\(\): refused' \
	"$(cat "$out/0000-cover-letter.patch")"
