# Bad input gets a clear error and loses nothing: a kernel that is not
# there, a PATH that does not exist, a failing compile (the unit is marked
# failed and redone by the next run), and convert --in-place on a git work
# tree whose files to be touched have uncommitted changes.
# timeout: 600
. "$TESTLIB"
bin=$TEST_TMP/irqconv
cp "$IRQCONV" "$bin"
b=$TEST_TMP/b
batch() {
	make --no-print-directory -s batch BATCH="$b" BATCH_IRQCONV="$bin" "$@" 2>&1
}

st=0; out=$(batch PATHS=drivers/rtc KERNEL=0.9) || st=$?
[ $st -ne 0 ] || fail "a missing kernel was accepted"
expect_match "no kernel" "'build/linux-0.9' is not a kernel source tree" "$out"
st=0; out=$(batch PATHS="drivers/rtc drivers/no-such-dir") || st=$?
[ $st -ne 0 ] || fail "a missing PATH was accepted"
expect_match "no such path" "'drivers/no-such-dir': no such file or directory" "$out"
[ ! -d "$b/results" ] || [ -z "$(ls "$b/results")" ] || fail "results written for bad input"
st=0; out=$(batch PATHS=) || st=$?
expect_match "no PATHS" "no PATHS" "$out"

# A compile that fails: the unit says so and is not marked done.  The
# compiler fails on the patched copy (under the unit's tree/) only: a file
# that fails unpatched too is "not buildable here" (t0008), not this.
cp -r examples/edu "$TEST_TMP/edu"
rm -f "$TEST_TMP"/edu/*.o "$TEST_TMP"/edu/*.ko
unit=$(echo "$TEST_TMP/edu/edu" | sed 's|[/.]|_|g')
cc=$TEST_TMP/fails-on-patched
cat >"$cc" <<'EOF'
#!/bin/bash
for a; do src=$a; done
case $src in */tree/*) echo "injected failure" >&2; exit 1 ;; esac
exec clang-16 "$@"
EOF
chmod +x "$cc"
st=0; out=$(batch PATHS="$TEST_TMP/edu" BATCH_CC="$cc") || st=$?
expect_match "failure shown" "BATCH \[0/1\] $unit .*FAILED" "$out"
expect_match "compile failed" "^compile: failed$" "$(cat "$b/results/$unit.txt")"
expect_match "status failed" "^status: failed$" "$(cat "$b/results/$unit.txt")"
expect_match "summary counts it" "driver files: +1 \(0 without results, 1 failed\)" "$out"
out=$(batch PATHS="$TEST_TMP/edu")
expect_match "failed unit redone" "BATCH \[1/1\] $unit +1 converted" "$out"
expect_match "now compiled" "^compile: ok$" "$(cat "$b/results/$unit.txt")"

# --in-place into a dirty git work tree.
g=$TEST_TMP/edu-git
cp -r "$TEST_TMP/edu" "$g"
git -C "$g" init -q
git -C "$g" add edu.c Kbuild
git -C "$g" -c user.name=T -c user.email=t@e.org commit -q -m base
echo "/* uncommitted */" >>"$g/edu.c"
cp "$g/edu.c" "$TEST_TMP/dirty.c"
st=0; err=$("$bin" convert --in-place "$g/edu.c" 2>&1 >/dev/null) || st=$?
expect_eq "dirty tree refused" 2 $st
expect_match "says why" "edu.c' has uncommitted changes: commit or stash them before --in-place" "$err"
cmp -s "$g/edu.c" "$TEST_TMP/dirty.c" || fail "the dirty file was changed"
git -C "$g" -c user.name=T -c user.email=t@e.org commit -q -a -m more
"$bin" convert --in-place "$g/edu.c" >/dev/null || fail "a clean tree was refused"
grep -q edu_irq_handler_quick_check "$g/edu.c" || fail "--in-place did not convert"

# A directory outside the kernel tree that is not an external module.
mkdir -p "$TEST_TMP/notkernel"
printf 'int f(void) { return request_irq(1, 0, 0, "x", 0); }\n' >"$TEST_TMP/notkernel/a.c"
st=0; out=$(batch PATHS="$TEST_TMP/notkernel") || st=$?
[ $st -ne 0 ] || fail "a directory that is no module was accepted"
expect_match "not a module" "is not in 'build/linux-6.1' and not an external module \(no Kbuild or Makefile" "$out"
