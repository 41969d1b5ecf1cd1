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
