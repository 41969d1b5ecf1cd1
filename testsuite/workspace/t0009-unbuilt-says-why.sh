# scripts/unbuilt.sh says why no configured tree builds a file: the option
# its Makefile line needs, set in no tree's .config, what it depends on
# and which architecture defines that;
# or, for a file built only under an ifeq, that its option is set.
. "$TESTLIB"

out=$(scripts/unbuilt.sh drivers/net/ethernet/8390/mac8390.c \
	drivers/mmc/host/mxs-mmc.c drivers/i2c/busses/i2c-at91-slave.c)
expect_eq "why" "$(cat <<'WANT'
drivers/net/ethernet/8390/mac8390.c: CONFIG_MAC8390 (set in no tree): depends on MAC (MAC: arch m68k)
drivers/mmc/host/mxs-mmc.c: CONFIG_MMC_MXS (set in no tree): depends on ARCH_MXS && MXS_DMA (ARCH_MXS: arch arm)
drivers/i2c/busses/i2c-at91-slave.c: CONFIG_I2C_AT91 is set in x86_64 arm64 arm powerpc mips i386, but drivers/i2c/busses/Makefile builds i2c-at91-slave.o only under another condition (an ifeq, or the directory is not built)
WANT
)" "$out"
