# scripts/unbuilt.sh says why no configured tree builds a file: the option
# its Makefile line needs, set in no tree's .config, what it depends on
# and which architecture defines that;
# or, for a file built only under an ifeq, that its option is set.
. "$TESTLIB"

out=$(scripts/unbuilt.sh drivers/net/ethernet/8390/mac8390.c \
	drivers/input/touchscreen/jornada720_ts.c drivers/i2c/busses/i2c-at91-slave.c)
expect_eq "why" "$(cat <<'WANT'
drivers/net/ethernet/8390/mac8390.c: CONFIG_MAC8390 (set in no tree): depends on MAC (MAC: arch m68k)
drivers/input/touchscreen/jornada720_ts.c: CONFIG_TOUCHSCREEN_HP7XX (set in no tree): depends on SA1100_JORNADA720_SSP (SA1100_JORNADA720_SSP: arch arm)
drivers/i2c/busses/i2c-at91-slave.c: CONFIG_I2C_AT91 is set in x86_64 arm64 arm armv5 powerpc ppc32 mips i386, but drivers/i2c/busses/Makefile builds i2c-at91-slave.o only under another condition (an ifeq, or the directory is not built)
WANT
)" "$out"
