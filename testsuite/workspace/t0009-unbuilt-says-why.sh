# scripts/unbuilt.sh says why no configured tree builds a file: the option
# its Makefile line needs, set in neither .config, and what it depends on;
# or, for a file built only under an ifeq, that its option is set.
. "$TESTLIB"

out=$(scripts/unbuilt.sh drivers/net/ethernet/8390/mac8390.c \
	drivers/mmc/host/mxs-mmc.c drivers/i2c/busses/i2c-at91-slave.c)
expect_eq "why" "$(cat <<'WANT'
drivers/net/ethernet/8390/mac8390.c: CONFIG_MAC8390 (not set in x86_64, arm64): depends on MAC
drivers/mmc/host/mxs-mmc.c: CONFIG_MMC_MXS (not set in x86_64, arm64): depends on ARCH_MXS && MXS_DMA
drivers/i2c/busses/i2c-at91-slave.c: CONFIG_I2C_AT91 is set in x86_64 arm64, but drivers/i2c/busses/Makefile builds i2c-at91-slave.o only under another condition (an ifeq, or the directory is not built)
WANT
)" "$out"
