# convert -o writes only into a new or empty directory, or one an earlier
# convert -o wrote (it holds .irqconv-series), which the new series then
# replaces whole in one rename.  Any other OUTDIR (a directory of the
# user's, the input itself or a directory in it, one holding an input, a
# file, a symbolic link) is refused with exit status 2, and nothing is
# touched: the reported case was `convert -o edu3 edu3`, which deleted
# the module's edu.c, Kbuild and .gitignore.
. "$TESTLIB"

author=(--author 'T <t@example.org>')
# A kernel file without a request: its series is the cover letter alone,
# so a run costs no conversion.
p=drivers/net/ethernet/intel/e1000/e1000_param.c

# Every path, mode, size and checksum under $1.
snapshot() {
	(cd "$1" && find . -printf '%p %m %s\n' | sort &&
		find . -type f -exec md5sum {} + | sort)
}

# refused WHAT MESSAGE DIR-TO-WATCH ARGS...: exit 2, MESSAGE, DIR unchanged.
refused() {
	local what=$1 msg=$2 watch=$3 before err status=0
	shift 3
	before=$(snapshot "$watch")
	err=$("$IRQCONV" convert "${author[@]}" "$@" 2>&1 >/dev/null) || status=$?
	expect_eq "$what: exit status" 2 "$status"
	expect_match "$what: message" "$msg" "$err"
	expect_eq "$what: nothing touched" "$before" "$(snapshot "$watch")"
}

mine=$TEST_TMP/mine
mkdir -p "$mine/sub"
echo notes >"$mine/notes.txt"
echo 'int x;' >"$mine/sub/x.c"
refused "a directory of the user's" "-o '$mine' holds files irqconv did not write" \
	"$TEST_TMP" -o "$mine" "$p"
# A series without the marker (older irqconv, or copied by hand) is not taken.
old=$TEST_TMP/unmarked
mkdir "$old"
touch "$old/series" "$old/sites.json"
refused "an unmarked series" "holds files irqconv did not write" "$TEST_TMP" -o "$old" "$p"

edu=$TEST_TMP/edu3
mkdir "$edu"
cp examples/edu/edu.c examples/edu/Kbuild "$edu/"
printf '*.o\n' >"$edu/.gitignore"
refused "-o edu3 edu3" "is in the input" "$TEST_TMP" -o "$edu" "$edu"
before=$(snapshot "$edu")
status=0
(cd "$TEST_TMP" && "$IRQCONV" convert "${author[@]}" -o edu3 edu3) >/dev/null 2>&1 || status=$?
expect_eq "-o edu3 edu3, relative: exit status" 2 "$status"
expect_eq "-o edu3 edu3, relative: nothing touched" "$before" "$(snapshot "$edu")"
refused "OUTDIR in the input" "is in the input" "$TEST_TMP" -o "$edu/patches" "$edu"
refused "OUTDIR in the input, spelt with .." "is in the input" "$TEST_TMP" \
	-o "$TEST_TMP/mine/../edu3/./patches" "$edu/"

# A directory irqconv wrote that holds an input would lose it.
holder=$TEST_TMP/holder
mkdir -p "$holder"
cp -r "$edu" "$holder/edu"
touch "$holder/.irqconv-series"
refused "OUTDIR holding the input" "holds the input" "$TEST_TMP" -o "$holder" "$holder/edu"

echo text >"$TEST_TMP/file"
refused "a file" "exists and is not a directory" "$TEST_TMP" -o "$TEST_TMP/file" "$p"
mkdir "$TEST_TMP/target"
ln -s target "$TEST_TMP/link"
refused "a symbolic link" "is a symbolic link" "$TEST_TMP" -o "$TEST_TMP/link" "$p"
refused "." "name the directory" "$TEST_TMP" -o "$TEST_TMP/target/." "$p"

# New: created with its parents, marked, and nothing left beside it.
out=$TEST_TMP/new/series
"$IRQCONV" convert "${author[@]}" -o "$out" "$p" >/dev/null || fail "-o into a new directory failed"
[ -f "$out/.irqconv-series" ] || fail "no marker in a new series"
[ -f "$out/0000-cover-letter.patch" ] || fail "no cover letter in a new series"
expect_eq "nothing beside a new series" "series" "$(ls -A "$TEST_TMP/new")"

# Empty: filled, and its mode kept.
empty=$TEST_TMP/empty
mkdir -m 0750 "$empty"
"$IRQCONV" convert "${author[@]}" -o "$empty/" "$p" >/dev/null || fail "-o into an empty directory failed"
[ -f "$empty/.irqconv-series" ] || fail "no marker in a filled empty directory"
expect_eq "mode of the empty directory" 750 "$(stat -c %a "$empty")"

# Written before: replaced whole, in place of the old one, nothing left over.
# What killed runs left beside it goes (their process is gone, the directory
# empty or marked); a directory of the user's of such a name stays.
touch "$empty/0009-stale.patch"
mkdir "$empty.tmp.2147483647" "$empty.old.2147483646" "$empty.tmp.2147483645"
touch "$empty.tmp.2147483647/.irqconv-series" "$empty.tmp.2147483645/mine"
"$IRQCONV" convert "${author[@]}" -o "$empty" "$p" >/dev/null || fail "-o into an earlier series failed"
[ ! -e "$empty/0009-stale.patch" ] || fail "the earlier series was not replaced whole"
[ -f "$empty/.irqconv-series" ] || fail "no marker in the replacing series"
expect_eq "nothing beside the replaced series" \
	"$(printf 'edu3\nempty\nempty.tmp.2147483645\nfile\nholder\nlink\nmine\nnew\ntarget\nunmarked')" "$(LC_ALL=C ls -A "$TEST_TMP")"
