# An arm64-only SoC driver (spi-qcom-qspi: depends on ARCH_QCOM, which the
# x86_64 allmodconfig cannot set) is analysed with the arm64 tree's own
# kbuild command, converted, and the patch builds in that tree with W=1.
# timeout: 900
. "$TESTLIB"

file=drivers/spi/spi-qcom-qspi.c
arm=$BUILD/kbuild-6.1-arm64
golden=$TOP/testsuite/workspace/golden/spi-qcom-qspi.patch
[ -f "$arm/.irqconv-prepared" ] || fail "$arm is not prepared (make workspace)"

# The x86_64 tree alone does not build it: borrowed flags, as before.
out=$("$IRQCONV" flags --other-arches none "$file" 2>/dev/null)
expect_match "x86_64 alone" "^$file \(not in config\): " "$out"

# With the arm64 tree, kbuild's command for it in that tree.
flags=$("$IRQCONV" flags "$file" 2>/dev/null)
expect_match "arm64 tree" "^$file \(arm64\): " "$flags"
expect_match "arm64 target" "--target=aarch64-linux-gnu" "$flags"
expect_match "arm64 headers" "-I[^ ]*/arch/arm64/include " "$flags"
expect_match "arm64 generated headers" "-I$arm/include " "$flags"
expect_no_match "no x86_64 tree" "$(realpath "$KOBJ")/" "$flags"
expect_match "own module name" "KBUILD_MODNAME=.*spi_qcom_qspi" "$flags"
kbuild=$(make -s -C "$KSRC" O="$arm" $(cat "$arm/.irqconv-make-args") -n \
	"${file%.c}.o" 2>/dev/null | grep -- "-c -o ${file%.c}.o")
for want in -D__KERNEL__ -DMODULE -mgeneral-regs-only -mbranch-protection=; do
	expect_match "kbuild command" "$want" "$kbuild"
	expect_match "irqconv flags" "$want" "$flags"
done

out=$("$IRQCONV" parse "$file" 2>/dev/null) || fail "parse: $out"
expect_eq "parse" "$file: 0 errors, 0 warnings (arm64)" "$out"

# scan and convert say which tree, in JSON and in the table.
rec=$("$IRQCONV" scan --format=json "$file" 2>/dev/null) || fail "scan failed"
expect_eq "scan tree" "arm64 false convertible" \
	"$(jq -r '"\(.tree) \(.not_in_config) \(.verdict)"' <<<"$rec")"
out=$("$IRQCONV" scan "$file" 2>/dev/null)
expect_match "scan table" "^$file:[0-9]+ \(arm64\) " "$out"
# Its PIO loops move one FIFO's worth per interrupt (no-gain, declined by
# default): --all emits it, the tree is the point here.
out=$("$IRQCONV" convert --all --format=json "$file" 2>/dev/null) ||
	fail "convert failed"
expect_eq "convert tree" "arm64 converted split-oneshot" \
	"$(jq -r '"\(.tree) \(.verdict) \(.strategy)"' <<<"$out")"

series=$TEST_TMP/series
"$IRQCONV" convert --all --author 'irqconv test <irqconv@example.org>' \
	--date '2024-01-01 00:00:00 +0000' -o "$series" "$file" \
	>"$TEST_TMP/table" 2>&1 || fail "convert failed: $(cat "$TEST_TMP/table")"
expect_match "convert table" "^$file:[0-9]+ \(arm64\) +qcom_qspi_irq +converted" \
	"$(cat "$TEST_TMP/table")"
patch=$series/$(sed -n 1p "$series/series")
sed '/^-- $/,$d' "$patch" >"$TEST_TMP/got.patch"
diff -u "$golden" "$TEST_TMP/got.patch" ||
	fail "the generated patch differs from $golden"

# The patch builds in the arm64 tree, W=1, without a warning: the directory
# copied, patched and built as an external module of that tree.
dir=drivers/spi
tree=$TEST_TMP/tree
mkdir -p "$tree/$dir"
cp -r "$KSRC/$dir/." "$tree/$dir/"
(cd "$tree" && git init -q && git apply "$patch") ||
	fail "the patch does not apply to a pristine copy"
log=$TEST_TMP/build.log
nice -n 10 make -C "$KSRC" O="$arm" $(cat "$arm/.irqconv-make-args") W=1 \
	M="$tree/$dir" spi-qcom-qspi.o >"$log" 2>&1 ||
	fail "kbuild failed: $(tail -20 "$log")"
[ -f "$tree/$dir/spi-qcom-qspi.o" ] || fail "spi-qcom-qspi.o was not built"
! grep -E 'warning:|error:' "$log" || fail "the converted driver builds with warnings"
file_type=$(od -An -tx1 -j18 -N2 "$tree/$dir/spi-qcom-qspi.o" | tr -d ' ')
expect_eq "an arm64 object (ELF e_machine 183)" "b700" "$file_type"
