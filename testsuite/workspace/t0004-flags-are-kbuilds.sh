# The flags irqconv parses with are the ones kbuild compiles with.
. "$TESTLIB"

file=drivers/net/ethernet/intel/e1000/e1000_main.c
flags=$("$IRQCONV" flags "$file" 2>/dev/null)
expect_match "in config" "^$file: " "$flags"
# What kbuild itself would run for the object.
kbuild=$(make -s -C "$KSRC" O="$KOBJ" $(cat "$KOBJ/.irqconv-make-args") -n \
	"${file%.c}.o" 2>/dev/null | grep -- "-c -o ${file%.c}.o")
for want in -D__KERNEL__ "-DKBUILD_MODNAME=" -DMODULE -mcmodel=kernel \
	    -fno-strict-aliasing "-include $(realpath "$KSRC")/include/linux/kconfig.h"; do
	expect_match "kbuild command" "$want" "$kbuild"
	expect_match "irqconv flags" "$want" "$flags"
done
expect_match "module name" "KBUILD_MODNAME=.*e1000" "$flags"
# Relative paths of the O= tree are made absolute for libclang.
expect_no_match "relative include" " -I\./" "$flags"
expect_match "generated headers" "-I$(realpath "$KOBJ")/include" "$flags"

# A file the configuration does not build borrows its directory's flags,
# under its own name, and says so.
other=drivers/net/ethernet/8390/mac8390.c
flags=$("$IRQCONV" flags "$other" 2>/dev/null)
expect_match "not in config" "^$other \(not in config\): " "$flags"
expect_match "own basename" "KBUILD_BASENAME=.*mac8390" "$flags"

# scan says which tree analysed a file: the x86_64 one, or none.
tree=$("$IRQCONV" scan --format=json "$file" "$other" 2>/dev/null |
	jq -r '"\(.file | split("/") | last) \(.tree)"' | sort -u)
expect_eq "scan trees" "$(printf 'e1000_main.c x86_64\nmac8390.c null')" "$tree"

# A Makefile's -I$(src) stays relative in kbuild's command (octeontx2/af's
# `-Idrivers/net/...`): kbuild resolves it in the O= tree, so irqconv does
# too.  Resolved in irqconv's working directory, it named the source tree's
# headers relative when irqconv ran from there, and their accessor
# wrappers went unseen: the same file gave another verdict.
af=drivers/net/ethernet/marvell/octeontx2/af/mcs.c
flags=$("$IRQCONV" flags "$af" 2>/dev/null)
expect_no_match "no relative -I" " -I[^/ ]" "$flags"
expect_match "-I\$(src) in the O= tree" \
	" -I$(realpath "$KOBJ")/drivers/net/ethernet/marvell/octeontx2/af " "$flags"
from_top=$("$IRQCONV" scan --format=json "$af" 2>/dev/null |
	jq -c '[.line, .verdict, .strategy, .reason_codes]')
from_src=$(cd "$KSRC" && "$IRQCONV" scan --kernel "$KSRC" --kbuild "$KOBJ" \
	--no-cache --format=json "$af" 2>/dev/null |
	jq -c '[.line, .verdict, .strategy, .reason_codes]')
expect_eq "the same verdicts from the source tree" "$from_top" "$from_src"
rm -rf "$TEST_TMP/af-top" "$TEST_TMP/af-src"
"$IRQCONV" convert --all -o "$TEST_TMP/af-top" "$af" >/dev/null 2>&1 ||
	fail "convert $af failed"
(cd "$KSRC" && "$IRQCONV" convert --all --kernel "$KSRC" --kbuild "$KOBJ" \
	-o "$TEST_TMP/af-src" "$af" >/dev/null 2>&1) ||
	fail "convert $af from the source tree failed"
expect_eq "the same benefit from the source tree" \
	"$(jq -c '[.handler, .benefit, .moved.device_accesses]' "$TEST_TMP/af-top/sites.json")" \
	"$(jq -c '[.handler, .benefit, .moved.device_accesses]' "$TEST_TMP/af-src/sites.json")"
expect_match "mcs_reg_read() counts as an access" '"mcs_ip_intr_handler",\[[^]]*\],[1-9]' \
	"$(jq -c '[.handler, .benefit, .moved.device_accesses]' "$TEST_TMP/af-src/sites.json")"
