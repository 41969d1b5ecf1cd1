#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/unbuilt.sh FILE...: why no configured kbuild tree builds each C
# FILE of the 6.1 tree (docs/workspaces.md), one line each:
#   FILE: CONFIG_X (set in no tree): depends on A && B
#   FILE: not named by DIR/Makefile with an option (included by another file)
#   FILE: CONFIG_X is set in x86_64, but DIR/Makefile builds FILE.o only under
#         another condition
# The Makefile line that names FILE's object gives the option; each tree's
# .config says whether it is set; the option's Kconfig entry says what it
# depends on.  A composite object (foo-objs += FILE.o) is followed to the
# module it is part of.  Read `irqconv scan --format=json` records with
# "tree": null for the FILE list:
#   jq -r 'select(.tree == null) | .file' | sort -u | xargs scripts/unbuilt.sh

set -uo pipefail

BUILD=${BUILD:-build}
KSRC=${KSRC:-$BUILD/linux-6.1}
trees=("$BUILD/kbuild-6.1:x86_64")
for a in arm64 arm armv5 powerpc ppc32 mips i386; do
	[ -f "$BUILD/kbuild-6.1-$a/.config" ] && trees+=("$BUILD/kbuild-6.1-$a:$a")
done

# The option on the Makefile line that names OBJ in DIR, following
# composite objects; prints "CONFIG_X" or nothing.
option_of() {
	local dir=$1 obj=$2 depth=${3:-0} line comp
	[ "$depth" -lt 3 ] || return 0
	line=$(cat "$KSRC/$dir/Makefile" "$KSRC/$dir/Kbuild" 2>/dev/null |
		sed -e ':a' -e '/\\$/N; s/\\\n//; ta' |
		grep -E "(^|[[:space:]=])$obj([[:space:]]|$)" | head -1 |
		sed -E 's/^[[:space:]]+//')
	[ -n "$line" ] || return 0
	case $line in
	obj-\$\(CONFIG_*)
		sed -E 's/^obj-\$\((CONFIG_[A-Za-z0-9_]+)\).*/\1/' <<<"$line"
		;;
	*-objs*|*-y*|*-\$\(CONFIG_*)
		comp=$(sed -E 's/^([A-Za-z0-9_-]+)-(objs|y|\$\(CONFIG_[A-Za-z0-9_]+\)).*/\1/' <<<"$line")
		if [[ $line =~ ^[A-Za-z0-9_-]+-\$\((CONFIG_[A-Za-z0-9_]+)\) ]] &&
			! grep -qE "obj-.*[[:space:]]$comp\.o" "$KSRC/$dir/Makefile"; then
			echo "${BASH_REMATCH[1]}"
		else
			option_of "$dir" "$comp.o" $((depth + 1))
		fi
		;;
	esac
}

# Where SYMBOL is set: "x86_64 arm64", one of them, or nothing.
set_in() {
	local t out=()
	for t in "${trees[@]}"; do
		grep -qE "^$1=[ym]" "${t%%:*}/.config" 2>/dev/null && out+=("${t##*:}")
	done
	echo "${out[*]}"
}

# The depends-on lines of SYMBOL's Kconfig entry, joined with &&.
depends_of() {
	local sym=${1#CONFIG_}
	grep -rh --include='Kconfig*' -A30 -E "^(menu)?config $sym\$" "$KSRC" 2>/dev/null |
		sed -e ':a' -e '/\\$/N; s/\\\n[[:space:]]*/ /; ta' |
		awk 'NR > 1 && /^(menu)?config |^endmenu|^if |^endif|^choice/ { exit }
		     /^[[:space:]]+depends on/ { sub(/^[[:space:]]+depends on[[:space:]]+/, "");
					     out = out (out == "" ? "" : " && ") $0 }
		     END { print out }'
}

# The architectures whose arch/ Kconfig defines SYMBOL, when only those do:
# "arch m68k", "arch mips sh".
arches_of() {
	local out
	grep -rqE --include='Kconfig*' "^(menu)?config $1\$" "$KSRC/drivers" "$KSRC/init" \
		"$KSRC/kernel" "$KSRC/mm" "$KSRC/lib" "$KSRC/sound" 2>/dev/null && return 0
	out=$(grep -rlE --include='Kconfig*' "^(menu)?config $1\$" "$KSRC/arch" 2>/dev/null |
		sed -E "s|^$KSRC/arch/([^/]+)/.*|\1|" | sort -u | tr '\n' ' ')
	[ -n "$out" ] && echo "arch ${out% }"
}

for f in "$@"; do
	f=${f#"$KSRC"/}
	dir=$(dirname "$f")
	obj=$(basename "$f" .c).o
	sym=$(option_of "$dir" "$obj")
	if [ -z "$sym" ]; then
		echo "$f: not named by $dir/Makefile with an option (included by another file, or unused)"
		continue
	fi
	where=$(set_in "$sym")
	dep=$(depends_of "$sym")
	first=$(grep -oE "[A-Za-z0-9_]+" <<<"$dep" | head -1)
	arches=$([ -n "$first" ] && arches_of "$first")
	if [ -z "$where" ]; then
		echo "$f: $sym (set in no tree)${dep:+: depends on $dep}${arches:+ ($first: $arches)}"
	else
		echo "$f: $sym is set in $where, but $dir/Makefile builds $obj only under another condition (an ifeq, or the directory is not built)"
	fi
done
