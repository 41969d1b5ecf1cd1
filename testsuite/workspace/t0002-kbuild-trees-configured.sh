# The analysis trees are x86_64 allmodconfig, configured and prepared with clang-16.
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
