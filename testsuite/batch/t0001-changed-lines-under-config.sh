# The check behind "changed-lines-compiled": of the code lines a patch adds
# to a real driver, those inside an #ifdef the configuration leaves out
# (rtc-cmos's !CONFIG_ACPI branch, allmodconfig has ACPI) are reported as
# not compiled, the others as compiled; comments and blank lines do not count.
. "$TESTLIB"
tree=$TEST_TMP/tree
rel=drivers/rtc/rtc-cmos.c
mkdir -p "$tree/drivers/rtc"
cp "$KSRC/$rel" "$tree/$rel"
grep -q '^#else /\* !CONFIG_ACPI \*/' "$tree/$rel" || fail "rtc-cmos changed: no !CONFIG_ACPI branch"
# In: before "return use_acpi_alarm;" (CONFIG_ACPI). Out: before the first
# "return 0;", in the !CONFIG_ACPI stub right after it.
sed -i 's/^\treturn use_acpi_alarm;$/\tbarrier();\n\t\/* a comment line *\/\n\n&/' "$tree/$rel"
sed -i '0,/^\treturn 0;$/s//\tbarrier();\n&/' "$tree/$rel"
in=$(grep -n '^	barrier();$' "$tree/$rel" | sed -n 1p | cut -d: -f1)
out=$(grep -n '^	barrier();$' "$tree/$rel" | sed -n 2p | cut -d: -f1)
[ -n "$in" ] && [ -n "$out" ] || fail "could not place the two lines"
st=0; "$IRQCONV" diff --path "$rel" "$KSRC/$rel" "$tree/$rel" >"$TEST_TMP/p.patch" || st=$?
expect_eq "diff found the change" 1 $st

flags=$("$IRQCONV" flags "$KSRC/$rel")
eval "set -- ${flags#*: }"
clang-16 "$@" -E -o "$TEST_TMP/rtc-cmos.i" "$tree/$rel" || fail "clang -E failed"
got=$(scripts/batch-lines.sh "$tree" "$TEST_TMP/p.patch" "$TEST_TMP/rtc-cmos.i")
expect_eq "one of two compiled" "1/2 not compiled: $rel:$out" "$got"

# The same patch against an object that does not include the file.
echo '# 1 "elsewhere.c"' >"$TEST_TMP/other.i"
got=$(scripts/batch-lines.sh "$tree" "$TEST_TMP/p.patch" "$TEST_TMP/other.i")
expect_match "none compiled" "^0/2 not compiled: " "$got"
