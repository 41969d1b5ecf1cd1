# Both kernel trees come from Debian's tarballs, with the version they claim.
. "$TESTLIB"

for ver in 6.1 6.12; do
	src=$BUILD/linux-$ver
	[ -f "$src/.irqconv-extracted" ] || fail "$src has no extraction stamp"
	got=$(awk '/^VERSION =/ { v = $3 } /^PATCHLEVEL =/ { p = $3 }
		   END { print v "." p }' "$src/Makefile")
	expect_eq "$src version" "$ver" "$got"
	tarball=/usr/src/linux-source-$ver.tar.xz
	# head ends the listing early (tar then dies of SIGPIPE), and
	# --occurrence=1 the extraction: neither reads the whole tarball.
	top=$(tar -tJf "$tarball" | head -n1 || true)
	top=${top%%/*}
	[ -n "$top" ] || fail "$tarball lists no file"
	# A file from the tarball is there, byte for byte.
	tar -xJOf "$tarball" --occurrence=1 \
		"$top/drivers/net/ethernet/intel/e1000/e1000_main.c" |
		cmp - "$src/drivers/net/ethernet/intel/e1000/e1000_main.c" ||
		fail "$src differs from $tarball"
done
