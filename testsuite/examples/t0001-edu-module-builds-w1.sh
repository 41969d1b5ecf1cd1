# The edu driver compiles as an out-of-tree module object against the 6.1
# clang-16 kbuild tree with W=1 and sparse (C=2), without a warning.
. "$TESTLIB"

[ -f "$KOBJ/.irqconv-prepared" ] || fail "kbuild tree $KOBJ not prepared"
mkdir -p "$TEST_TMP/edu"
cp examples/edu/edu.c examples/edu/Kbuild "$TEST_TMP/edu/"

out=$(make -s -C "$KSRC" O="$KOBJ" CC=clang-16 W=1 C=2 \
	M="$TEST_TMP/edu" edu.o 2>&1) || fail "build failed: $out"
expect_eq "compiler and sparse output" "" "$out"
[ -s "$TEST_TMP/edu/edu.o" ] || fail "no edu.o"

# The object carries what modpost and modprobe need.
syms=$(nm "$TEST_TMP/edu/edu.o")
expect_match "PCI device table" '__mod_pci__edu_ids_device_table' "$syms"
objcopy -O binary --only-section=.modinfo "$TEST_TMP/edu/edu.o" "$TEST_TMP/modinfo"
info=$(tr '\0' '\n' <"$TEST_TMP/modinfo")
expect_match "use_msi parameter" '^parmtype=use_msi:bool$' "$info"
expect_match "license" '^license=GPL$' "$info"

# Written the pre-threaded way: a shared hard-irq handler and a tasklet.
src=$(cat examples/edu/edu.c)
expect_match "request_irq with IRQF_SHARED" \
	'request_irq\(edu->irq, edu_irq_handler, IRQF_SHARED' "$src"
expect_match "tasklet scheduled by the handler" 'tasklet_schedule\(&edu->tasklet\)' "$src"
