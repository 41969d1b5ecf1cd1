# Source of one version with a kbuild tree of another is exit 2 with a
# message naming both, before anything runs: a dry run of the 6.12 Makefile
# in the 6.1 tree would run 6.12's Kconfig on its .config and rewrite it
# (it did, once).  The kbuild tree here is a private one made of the 6.1
# tree's release and configuration, so that a regression can only spoil
# this test's copy; it must stay exactly as it was.
. "$TESTLIB"

obj=$TEST_TMP/kbuild-6.1
mkdir -p "$obj/include/config" "$obj/include/generated"
cp "$KOBJ/include/config/kernel.release" "$obj/include/config/"
cp "$KOBJ/include/generated/autoconf.h" "$obj/include/generated/"
cp "$KOBJ/.config" "$KOBJ/.irqconv-make-args" "$obj/"
before=$(cd "$obj" && find . -printf '%p %s %T@\n' | sort)
new=$BUILD/linux-6.12
release=$(cat "$obj/include/config/kernel.release")
file=drivers/net/ethernet/intel/e1000/e1000_main.c

for cmd in scan convert parse flags; do
	status=0
	"$IRQCONV" $cmd --kernel "$new" --kbuild "$obj" "$file" \
		>"$TEST_TMP/stdout" 2>"$TEST_TMP/stderr" || status=$?
	expect_eq "$cmd: exit status" 2 "$status"
	expect_match "$cmd: message" \
		"kernel tree '[^']*linux-6.12' is Linux 6\.12\.[0-9]+, but the kbuild tree '$obj' is configured for $release" \
		"$(cat "$TEST_TMP/stderr")"
	expect_eq "$cmd: no output" "" "$(cat "$TEST_TMP/stdout")"
done
expect_eq "kbuild tree untouched" "$before" \
	"$(cd "$obj" && find . -printf '%p %s %T@\n' | sort)"

# The same release on both sides is accepted: the check is no blanket refusal.
out=$("$IRQCONV" flags --kernel "$KSRC" "$file" 2>&1) ||
	fail "flags of the matching 6.1 trees: $out"
