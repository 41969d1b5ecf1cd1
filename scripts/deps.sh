#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages irqconv needs, only when some are missing.
# The common case (everything present) must stay well under a second, so the
# check is a single dpkg-query over the whole list.  Then scripts/selfcheck.sh
# runs each tool once the way irqconv uses it (cached until PATH or the
# packages change): an installed package is not yet a working tool.
#
# coccinelle runs the OCaml script rules of semantic-patches/ by compiling
# them at run time, with ocamlfind and the ocaml compiler (ocamlopt), which
# Debian packages separately and coccinelle does not depend on.

set -euo pipefail

packages=(
	build-essential make gcc
	clang-16 libclang-16-dev llvm-16-dev lld-16 llvm-16 libclang-rt-16-dev
	libjansson-dev pkg-config
	coccinelle ocaml ocaml-findlib
	qemu-system-x86
	linux-source-6.1 linux-source-6.12
	busybox-static cpio
	bc bison flex libelf-dev libssl-dev dwarves kmod rsync
	ccache quilt sparse
	git perl jq
	gnuplot-nox
	chromium tmux distcc
)

declare -A installed=()
while read -r pkg status; do
	[ "$status" = "installed" ] && installed[$pkg]=1
done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' \
		"${packages[@]}" 2>/dev/null || true)

# A package dpkg has never heard of is simply absent from the output.
missing=()
for pkg in "${packages[@]}"; do
	[ -n "${installed[$pkg]:-}" ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exec "$(dirname "$0")/selfcheck.sh"

mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
echo "deps: missing Debian packages: ${missing[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: run 'make deps' as root (or: apt-get install ${missing[*]})" >&2
	exit 1
fi
echo "deps: apt-get update && apt-get install (once)" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
exec "$(dirname "$0")/selfcheck.sh"
