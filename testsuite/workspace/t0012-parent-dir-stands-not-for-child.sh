# A directory's commands come from its own `make -n DIR/`, never from a
# parent's: drivers/Makefile, not drivers/char/Makefile, descends into
# char/ipmi/, so drivers/char's make knows nothing of bt-bmc.c, which the
# x86_64 allmodconfig builds (CONFIG_ASPEED_BT_IPMI_BMC=m).  Asked after
# or beside a file of drivers/char, bt-bmc.c is still the x86_64 tree's,
# with the flags it has when asked alone.
. "$TESTLIB"

bmc=drivers/char/ipmi/bt-bmc.c
grep -qx 'CONFIG_ASPEED_BT_IPMI_BMC=m' "$KOBJ/.config" ||
	fail "the x86_64 tree does not build $bmc: pick another example"
alone=$("$IRQCONV" flags "$bmc" 2>/dev/null)
expect_match "built by x86_64" "^$bmc: " "$alone"
both=$("$IRQCONV" flags drivers/char/hpet.c "$bmc" 2>/dev/null)
expect_eq "beside drivers/char/hpet.c" "$alone" "$(grep "^$bmc" <<<"$both")"
