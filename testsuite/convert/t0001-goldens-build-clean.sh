# Every golden with golden/NAME.build (testsuite/convert/cases says what
# each line means) has its series applied, in order, to a pristine copy of
# its directory, and the objects it names built without a warning: with
# clang-16 and W=1 in the 6.1 kbuild tree, and with gcc and W=1 against the
# gcc-built test kernel's tree.  The cases prove that convert writes the
# goldens byte for byte; this proves the goldens apply and build.  All
# goldens go through one make per compiler, each in a directory of its own
# (NAME/DIR below one external module): kbuild's start-up, some seconds,
# is paid twice, not twice per golden.
. "$TESTLIB"
. "$TOP/testsuite/convert/golden-lib.sh"

golden=$golden_dir
clang_root=$TEST_TMP/clang
gcc_root=$TEST_TMP/gcc
clang_goals=()
gcc_goals=()
nr=0

# kbuild descends into a single target's directory only through the
# Kbuild of each directory above it: write obj-m lines down to @dir.
link_dirs() {
	local root=$1 path=$2 parent=$1 part
	for part in ${path//\// }; do
		grep -qxF "obj-m += $part/" "$parent/Kbuild" 2>/dev/null ||
			echo "obj-m += $part/" >>"$parent/Kbuild"
		parent=$parent/$part
		[ "$parent" != "$root/$path" ] || break
	done
}

# copy_patched NAME DIR ROOT: DIR, pristine, with NAME's series applied,
# as ROOT/NAME/DIR.
copy_patched() {
	golden_apply "$1" "$2" "$golden/$1.out" "$3/$1"
	link_dirs "$3" "$1/$2"
}

for b in "$golden"/*.build; do
	name=$(basename "$b" .build)
	read -r dir objs <"$b"
	[ -s "$golden/$name.out/series" ] ||
		fail "$name: golden/$name.build but no patch in golden/$name.out"
	nr=$((nr + 1))
	if ! grep -qxE 'kernel: testkernel|clang: no-enum-cast' "$b"; then
		copy_patched "$name" "$dir" "$clang_root"
		for o in $objs; do
			clang_goals+=("$name/$dir/$o")
		done
	fi
	if ! grep -qx 'gcc: no-i2c' "$b"; then
		copy_patched "$name" "$dir" "$gcc_root"
		for o in $objs; do
			gcc_goals+=("$name/$dir/$o")
		done
	fi
done
[ $nr -gt 0 ] || fail "no golden/*.build"

# build WHAT ROOT LOG GOAL... with the make arguments in $kmake
build() {
	local what=$1 root=$2 log=$3 goal
	shift 3
	"${kmake[@]}" -k -j"$(nproc)" W=1 M="$root" "$@" >"$log" 2>&1 ||
		fail "$what: kbuild failed: $(grep -E '(error|warning):' "$log" | head -20)"
	for goal in "$@"; do
		[ -f "$root/$goal" ] || fail "$what: $goal was not built"
	done
	! grep -E 'warning:|error:' "$log" ||
		fail "$what: a converted driver builds with warnings (above)"
}

read -ra make_args <"$KOBJ/.irqconv-make-args"
kmake=(make -C "$KSRC" O="$KOBJ" "${make_args[@]}")
build "clang-16" "$clang_root" "$TEST_TMP/clang.log" "${clang_goals[@]}"
kmake=(env CCACHE_DIR="${CCACHE_DIR:-$BUILD/ccache}" make -C "$BUILD/testkernel/src"
       O="$BUILD/testkernel/obj" ARCH=x86_64 CC="ccache gcc")
build "gcc" "$gcc_root" "$TEST_TMP/gcc.log" "${gcc_goals[@]}"
echo "# $nr goldens: ${#clang_goals[@]} objects built with clang, ${#gcc_goals[@]} with gcc"
