# The analysis trees are x86_64 allmodconfig, configured and prepared with
# clang-16, and for 6.1 arm64, arm, powerpc, mips (with clang-16's LLVM
# tools) and i386 allmodconfig ones.
. "$TESTLIB"

clang_ver=$(clang-16 -dumpversion)
want=$(printf '%d%02d%02d' ${clang_ver//./ })
for ver in 6.1 6.12; do
	obj=$BUILD/kbuild-$ver
	cfg=$obj/.config
	[ -f "$obj/.irqconv-prepared" ] || fail "$obj has no prepare stamp"
	grep -qx 'CONFIG_CC_IS_CLANG=y' "$cfg" || fail "$cfg: not configured with clang"
	grep -qx "CONFIG_CLANG_VERSION=$want" "$cfg" ||
		fail "$cfg: CONFIG_CLANG_VERSION is not $want (clang-16)"
	grep -qx 'CONFIG_X86_64=y' "$cfg" || fail "$cfg: not x86_64"
	grep -qx 'CONFIG_E1000=m' "$cfg" || fail "$cfg: not allmodconfig (E1000 is not m)"
	[ -f "$obj/include/generated/autoconf.h" ] || fail "$obj: not prepared"
	expect_eq "$obj make arguments" "ARCH=x86_64 CC=clang-16" "$(cat "$obj/.irqconv-make-args")"
done

obj=$BUILD/kbuild-6.1-arm64
cfg=$obj/.config
[ -f "$obj/.irqconv-prepared" ] || fail "$obj has no prepare stamp"
[ ! -L "$obj" ] || fail "$obj is a symbolic link, not a tree of its own"
grep -qx 'CONFIG_CC_IS_CLANG=y' "$cfg" || fail "$cfg: not configured with clang"
grep -qx "CONFIG_CLANG_VERSION=$want" "$cfg" ||
	fail "$cfg: CONFIG_CLANG_VERSION is not $want (clang-16)"
grep -qx 'CONFIG_LD_IS_LLD=y' "$cfg" || fail "$cfg: not linked with ld.lld"
grep -qx 'CONFIG_ARM64=y' "$cfg" || fail "$cfg: not arm64"
grep -qx 'CONFIG_SPI_QCOM_QSPI=m' "$cfg" || fail "$cfg: not allmodconfig (SPI_QCOM_QSPI is not m)"
[ -f "$obj/include/generated/autoconf.h" ] || fail "$obj: not prepared"
expect_eq "$obj make arguments" "ARCH=arm64 LLVM=-16" "$(cat "$obj/.irqconv-make-args")"

# The other architectures' trees: each its own, clang-16, allmodconfig (a
# driver only that architecture builds is a module), with its make
# arguments recorded.
while read -r arch arch_opt module args; do
	obj=$BUILD/kbuild-6.1-$arch
	cfg=$obj/.config
	[ -f "$obj/.irqconv-prepared" ] || fail "$obj has no prepare stamp"
	[ ! -L "$obj" ] || fail "$obj is a symbolic link, not a tree of its own"
	grep -qx "CONFIG_CLANG_VERSION=$want" "$cfg" ||
		fail "$cfg: CONFIG_CLANG_VERSION is not $want (clang-16)"
	grep -qx "CONFIG_$arch_opt=y" "$cfg" || fail "$cfg: not $arch"
	grep -qx "CONFIG_$module=m" "$cfg" || fail "$cfg: not allmodconfig ($module is not m)"
	[ -f "$obj/include/generated/autoconf.h" ] || fail "$obj: not prepared"
	expect_eq "$obj make arguments" "$args" "$(cat "$obj/.irqconv-make-args")"
done <<'LIST'
arm ARM GPIO_OMAP ARCH=arm LLVM=-16
powerpc PPC64 I2C_MPC ARCH=powerpc LLVM=-16
mips MIPS USB_OHCI_HCD ARCH=mips LLVM=-16
armv5 ARCH_MULTI_V5 MMC_MXS ARCH=arm LLVM=-16
ppc32 PPC32 SPI_MPC52xx ARCH=powerpc LLVM=-16
i386 X86_32 MOUSE_LOGIBM ARCH=i386 CC=clang-16
LIST
