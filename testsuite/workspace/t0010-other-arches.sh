# Drivers no x86_64 or arm64 configuration builds take the command of the
# 32-bit arm, powerpc, mips or i386 tree that does (docs/workspaces.md),
# parse with zero errors there, and --other-arches chooses the trees.
# timeout: 900
. "$TESTLIB"

for a in arm powerpc mips i386; do
	[ -f "$BUILD/kbuild-6.1-$a/.irqconv-prepared" ] ||
		fail "$BUILD/kbuild-6.1-$a is not prepared (make workspace)"
done

# An ISA mouse (depends on ISA: 32-bit x86 only), a PowerPC SoC's I2C
# controller, a 32-bit arm SoC's GPIO block, a MIPS SoC's irqchip, an
# ARMv5 SoC's MMC host (armv5: arm with ARCH_MULTI_V5), an MPC52xx SPI
# controller (ppc32: powerpc with PPC64 off).
while read -r file arch target; do
	flags=$("$IRQCONV" flags "$file" 2>/dev/null) || fail "flags $file"
	expect_match "$file tree" "^$file \($arch\): " "$flags"
	expect_match "$file target" "$target" "$flags"
	expect_match "$file headers" "-I$(realpath "$BUILD/kbuild-6.1-$arch")/include " "$flags"
	out=$("$IRQCONV" parse "$file" 2>/dev/null) || fail "parse $file: $out"
	expect_eq "$file parse" "$file: 0 errors, 0 warnings ($arch)" "$out"
done <<'LIST'
drivers/input/mouse/logibm.c i386 -m32
drivers/i2c/busses/i2c-mpc.c powerpc --target=powerpc64
drivers/gpio/gpio-omap.c arm --target=arm
drivers/irqchip/irq-ingenic.c mips --target=mips
drivers/mmc/host/mxs-mmc.c armv5 --target=arm-linux-gnueabi
drivers/spi/spi-mpc52xx.c ppc32 -m32
LIST

# Leaving the trees out, or naming only some, changes who builds a file.
out=$("$IRQCONV" flags --other-arches none drivers/input/mouse/logibm.c 2>/dev/null)
expect_match "none" "^drivers/input/mouse/logibm.c \(not in config\): " "$out"
out=$("$IRQCONV" flags --other-arches arm64,i386 drivers/input/mouse/logibm.c 2>/dev/null)
expect_match "named" "^drivers/input/mouse/logibm.c \(i386\): " "$out"
out=$(IRQCONV_OTHER_ARCHES=arm64 "$IRQCONV" flags drivers/input/mouse/logibm.c 2>/dev/null)
expect_match "environment" "^drivers/input/mouse/logibm.c \(not in config\): " "$out"

# An unknown architecture, or a named tree that is not prepared: exit 2.
status=0
out=$("$IRQCONV" flags --other-arches arm,sparc drivers/input/mouse/logibm.c 2>&1) || status=$?
expect_eq "unknown arch status" 2 $status
expect_match "unknown arch" "unknown architecture 'sparc'" "$out"
mkdir -p "$TEST_TMP/obj"
cp -a "$KOBJ/include" "$KOBJ/Makefile" "$KOBJ/.config" "$TEST_TMP/obj/" 2>/dev/null
status=0
out=$("$IRQCONV" flags --kbuild "$TEST_TMP/obj" --other-arches mips drivers/input/mouse/logibm.c 2>&1) || status=$?
expect_eq "unprepared status" 2 $status
expect_match "unprepared" "kbuild tree '$TEST_TMP/obj-mips' is not prepared \(make workspace\)" "$out"
