#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Functional self-check of the external tools: run each one the way irqconv,
# the demo and the tests use it, on a few lines of input, and stop at the
# first that cannot do its job with a message naming the tool and the Debian
# package that provides it.  A package being installed is not enough: spatch
# without the OCaml compiler is installed and still cannot run our rules.
#
# A pass is remembered in $BUILD/selfcheck.ok together with what it depends
# on (PATH, the dpkg database, this script), so a second run costs nothing
# until one of them changes.
#
# usage: scripts/selfcheck.sh [--force]

set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$top/build}
stamp=$BUILD/selfcheck.ok
LLVM_CONFIG=${LLVM_CONFIG:-llvm-config-16}

key() {
	printf 'PATH=%s\n' "$PATH"
	stat -c 'dpkg %Y' /var/lib/dpkg/status 2>/dev/null
	cksum <"$0"
	# checkpatch is checked for real once the 6.1 tree is there.
	[ -f "$BUILD/linux-6.1/scripts/checkpatch.pl" ] && echo checkpatch
}

if [ "${1:-}" != --force ] && [ -f "$stamp" ] &&
   [ "$(cat "$stamp")" = "$(key)" ]; then
	exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/irqconv-selfcheck.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# broken TOOL PACKAGE WHAT [OUTPUT FILE]: say what failed and how to fix it.
broken() {
	echo "selfcheck: $1 $3" >&2
	if [ -n "${4:-}" ] && [ -s "$4" ]; then
		tail -n 5 "$4" | sed 's/^/selfcheck:   | /' >&2
	fi
	echo "selfcheck: install the Debian package $2: 'make deps' as root, or apt-get install $2" >&2
	exit 2
}

# need TOOL PACKAGE: the command is on PATH.
need() {
	command -v "$1" >/dev/null ||
		broken "$1" "$2" "is not on PATH ($PATH)"
}

check_compilers() {
	printf 'int irqconv_selfcheck(int x) { return x + 1; }\n' >"$tmp/cc.c"
	need gcc gcc
	gcc -c -o "$tmp/gcc.o" "$tmp/cc.c" >"$tmp/gcc.out" 2>&1 ||
		broken gcc gcc "cannot compile a C file" "$tmp/gcc.out"
	need clang-16 clang-16
	clang-16 --target=x86_64-linux-gnu -c -o "$tmp/clang.o" "$tmp/cc.c" \
		>"$tmp/clang.out" 2>&1 ||
		broken clang-16 clang-16 "cannot compile a C file" "$tmp/clang.out"
}

# The converter's own use: parse with libclang, headers of clang's resource
# directory included, and count the diagnostics.
check_libclang() {
	local inc lib
	need "$LLVM_CONFIG" llvm-16
	inc=$("$LLVM_CONFIG" --includedir) && lib=$("$LLVM_CONFIG" --libdir) ||
		broken "$LLVM_CONFIG" llvm-16 "does not answer"
	cat >"$tmp/parse.c" <<'EOF'
#include <clang-c/Index.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = clang_parseTranslationUnit(index, argv[1], NULL,
							  0, NULL, 0, 0);

	if (!tu)
		return 2;
	printf("%u\n", clang_getNumDiagnostics(tu));
	return 0;
}
EOF
	printf '#include <stddef.h>\nstruct s { int a; int b; };\nsize_t n = offsetof(struct s, b);\n' \
		>"$tmp/input.c"
	gcc -I"$inc" -o "$tmp/parse" "$tmp/parse.c" -L"$lib" -Wl,-rpath,"$lib" \
		-lclang >"$tmp/parse.out" 2>&1 ||
		broken libclang libclang-16-dev "cannot be linked against" "$tmp/parse.out"
	[ "$("$tmp/parse" "$tmp/input.c" 2>"$tmp/parse.out")" = 0 ] ||
		broken libclang libclang-common-16-dev \
			"cannot parse a file including <stddef.h>" "$tmp/parse.out"
}

# The converter writes and reads its JSON records with jansson, found
# through pkg-config as converter/rules.mk finds it.
check_jansson() {
	local cflags libs
	need pkg-config pkg-config
	cflags=$(pkg-config --cflags jansson 2>"$tmp/jansson.out") &&
		libs=$(pkg-config --libs jansson 2>>"$tmp/jansson.out") ||
		broken jansson libjansson-dev "is unknown to pkg-config" \
			"$tmp/jansson.out"
	cat >"$tmp/json.c" <<'EOF'
#include <jansson.h>
#include <stdio.h>

int main(void)
{
	json_t *v = json_loads("{\"a\":[1,\"\\u00e9\"]}", 0, NULL);
	char *text = v ? json_dumps(v, JSON_COMPACT) : NULL;

	if (!text)
		return 2;
	puts(text);
	return 0;
}
EOF
	# shellcheck disable=SC2086
	gcc $cflags -o "$tmp/json" "$tmp/json.c" $libs >"$tmp/jansson.out" 2>&1 ||
		broken jansson libjansson-dev "cannot be linked against" \
			"$tmp/jansson.out"
	[ "$("$tmp/json")" = '{"a":[1,"é"]}' ] ||
		broken jansson libjansson-dev "does not read and write JSON"
}

# spatch itself runs, or it says it lacks the OCaml compiler.
spatch_package() {
	grep -qi ocaml "$tmp/spatch.out" && echo ocaml || echo coccinelle
}

# convert runs the rules of semantic-patches/, and they have OCaml script
# rules: spatch compiles those with ocamlfind and ocamlopt at run time.
check_spatch() {
	need spatch coccinelle
	printf 'int f(void)\n{\n\treturn g(1);\n}\n' >"$tmp/sp.c"
	cat >"$tmp/sp.cocci" <<'EOF'
@r@
identifier fn;
@@
fn(...)

@script:ocaml@
fn << r.fn;
@@
Printf.printf "called %s\n" fn
EOF
	spatch --very-quiet --sp-file "$tmp/sp.cocci" "$tmp/sp.c" \
		>"$tmp/spatch.out" 2>&1 && grep -q '^called g$' "$tmp/spatch.out" ||
		broken spatch "$(spatch_package)" "cannot run an OCaml script rule" \
			"$tmp/spatch.out"
}

check_qemu() {
	need qemu-system-x86_64 qemu-system-x86
	# The boot tests' machine, stopped before its first instruction.
	echo quit | timeout 60 qemu-system-x86_64 -M q35 -accel tcg -m 64M \
		-display none -nic none -serial none -monitor stdio -S \
		>"$tmp/qemu.out" 2>&1 ||
		broken qemu-system-x86_64 qemu-system-x86 \
			"cannot start a q35 machine" "$tmp/qemu.out"
}

check_chromium() {
	need chromium chromium
	printf '<p id=x></p><script>x.textContent = "irqconv-" + (6 * 7)</script>\n' \
		>"$tmp/page.html"
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$tmp/profile" --dump-dom "file://$tmp/page.html" \
		>"$tmp/dom.out" 2>"$tmp/chromium.err" &&
		grep -q 'irqconv-42' "$tmp/dom.out" ||
		broken chromium chromium "cannot run a page's script headless" \
			"$tmp/chromium.err"
}

check_quilt() {
	need quilt quilt
	mkdir -p "$tmp/q/patches"
	printf 'old\n' >"$tmp/q/f"
	printf -- '--- a/f\n+++ b/f\n@@ -1 +1 @@\n-old\n+new\n' \
		>"$tmp/q/patches/p.patch"
	echo p.patch >"$tmp/q/patches/series"
	(cd "$tmp/q" && quilt push -a --fuzz=0) >"$tmp/quilt.out" 2>&1 &&
		[ "$(cat "$tmp/q/f")" = new ] ||
		broken quilt quilt "cannot apply a series" "$tmp/quilt.out"
}

# checkpatch.pl is the kernel's own: every module it loads must be there.
check_perl() {
	local checkpatch=$BUILD/linux-6.1/scripts/checkpatch.pl
	need perl perl
	if [ -f "$checkpatch" ]; then
		perl -c "$checkpatch" >"$tmp/perl.out" 2>&1 ||
			broken perl perl "cannot compile checkpatch.pl" "$tmp/perl.out"
	else
		perl -MCwd -MEncode -MFile::Basename -MGetopt::Long \
			-MTerm::ANSIColor -e 1 >"$tmp/perl.out" 2>&1 ||
			broken perl perl "lacks the modules checkpatch.pl loads" \
				"$tmp/perl.out"
	fi
}

check_compilers
check_libclang
check_jansson
check_spatch
check_qemu
check_chromium
check_quilt
check_perl

mkdir -p "$BUILD" && key >"$stamp"
exit 0
