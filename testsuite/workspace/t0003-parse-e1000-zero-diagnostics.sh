# A real driver parses with kbuild's flags and not a single diagnostic, on both kernels.
. "$TESTLIB"

file=drivers/net/ethernet/intel/e1000/e1000_main.c
for ver in 6.1 6.12; do
	out=$("$IRQCONV" parse --kernel "$BUILD/linux-$ver" \
		--kbuild "$BUILD/kbuild-$ver" "$file" 2>/dev/null) ||
		fail "linux-$ver: parse failed: $out"
	expect_eq "linux-$ver parse" "$file: 0 errors, 0 warnings" "$out"
done
