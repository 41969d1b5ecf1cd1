# A generated series goes through `git am` as a maintainer would take it:
# e1000 of Linux 6.1, committed to a git repository of that driver
# directory, converted there (base-commit: names that commit, To/Cc come
# from the tree's get_maintainer.pl), applied with git am in a clone; the
# commit's diff as git format-patch writes it is the patch's, index lines
# and hunk function context included; git am -3 merges over a changed
# context line.  An external module given by absolute path gets paths
# relative to its directory.
. "$TESTLIB"

drv=drivers/net/ethernet/intel/e1000
repo=$TEST_TMP/kernel.git
author='Ann Maintainer <ann@example.org>'

# The repository holds the driver directory of the real tree; its work
# tree is the (read-only) kernel tree itself, git writes only under $repo.
git init -q --bare "$repo"
kgit() { GIT_DIR=$repo GIT_WORK_TREE=$KSRC git "$@"; }
kgit add -f "$drv"	# the tree's .gitignore (Debian's) ignores all
kgit -c user.name=base -c user.email=base@example.org commit -qm "e1000 of 6.1"
base=$(kgit rev-parse HEAD)

out=$TEST_TMP/series
GIT_DIR=$repo GIT_WORK_TREE=$KSRC "$IRQCONV" convert --all --author "$author" \
	--date '2024-02-29 13:14:15 +0100' -o "$out" "$drv/" >"$TEST_TMP/table" 2>&1 ||
	fail "convert failed: $(cat "$TEST_TMP/table")"
patch=$out/$(sed -n 1p "$out/series")
cover=$out/0000-cover-letter.patch
expect_eq "one patch" 1 "$(wc -l <"$out/series")"
expect_match "base-commit in the cover letter" "^base-commit: $base$" "$(cat "$cover")"
header=$(sed '/^$/q' "$patch")
expect_match "Date from --date" "^Date: Thu, 29 Feb 2024 13:14:15 \+0100$" "$header"
expect_match "To: a maintainer of the driver" "^To: .*<[^>]*@intel.com>" "$header"
expect_match "Cc: the driver's list" "^(Cc: |    )netdev@vger.kernel.org" "$header"
expect_no_match "netdev is not To" "^To: netdev" "$header"
expect_match "cover letter To/Cc too" "netdev@vger.kernel.org" "$(sed '/^$/q' "$cover")"

# git am in a clone of the repository: a commit as the patch describes it.
clone=$TEST_TMP/am
git clone -q "$repo" "$clone"
git -C "$clone" -c user.name=c -c user.email=c@example.org am -q "$patch" ||
	fail "git am refused the patch"
expect_eq "author" "$author" "$(git -C "$clone" log -1 --format='%an <%ae>')"
expect_eq "author date" "2024-02-29T13:14:15+01:00" \
	"$(git -C "$clone" log -1 --format=%aI)"
expect_eq "subject" "net: e1000: convert to a threaded interrupt handler" \
	"$(git -C "$clone" log -1 --format=%s)"
expect_eq "applied on the base commit" "$base" "$(git -C "$clone" rev-parse HEAD~1)"
git -C "$clone" format-patch -1 --full-index --stdout |
	sed -n '/^diff --git/,/^-- $/p' | sed '$d' >"$TEST_TMP/git.diff"
sed -n '/^diff --git/,/^-- $/p' "$patch" | sed '$d' >"$TEST_TMP/ours.diff"
diff -u "$TEST_TMP/git.diff" "$TEST_TMP/ours.diff" ||
	fail "the patch's diff is not the one git writes for the commit"
expect_match "hunk headers name the function" \
	'^@@ -[0-9,]+ \+[0-9,]+ @@ static irqreturn_t e1000_intr\(int irq, void \*data\)$' \
	"$(cat "$patch")"
for f in e1000_main.c e1000.h; do
	old=$(kgit rev-parse "HEAD:$drv/$f")
	new=$(git -C "$clone" rev-parse "HEAD:$drv/$f")
	expect_match "index line of $f" "^index $old\.\.$new 100644$" "$(cat "$patch")"
done

# A local change to a context line: plain git am fails, git am -3 merges.
clone3=$TEST_TMP/am3
git clone -q "$repo" "$clone3"
hunk=$(grep -m1 '^@@ .* @@ static irqreturn_t e1000_intr' "$patch")
line=$(sed 's/^@@ -\([0-9]*\),.*/\1/' <<<"$hunk")
orig=$(sed -n "${line}p" "$clone3/$drv/e1000_main.c")
sed -i "${line}s|\$| /* local */|" "$clone3/$drv/e1000_main.c"
git -C "$clone3" -c user.name=c -c user.email=c@example.org commit -qam local
status=0
git -C "$clone3" -c user.name=c -c user.email=c@example.org am -q "$patch" \
	>/dev/null 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "git am applied over a changed context line"
git -C "$clone3" am --abort
git -C "$clone3" -c user.name=c -c user.email=c@example.org am -q -3 "$patch" \
	>"$TEST_TMP/am3.log" 2>&1 ||
	fail "git am -3 could not merge: $(cat "$TEST_TMP/am3.log")"
grep -qxF -- "$orig /* local */" "$clone3/$drv/e1000_main.c" ||
	fail "the local change to line $line is lost"
expect_match "the conversion is in" "e1000_intr_quick_check" \
	"$(cat "$clone3/$drv/e1000_main.c")"

# An external module by absolute path: paths from its directory, dated now.
mod=$TEST_TMP/edu
cp -r "$TOP/examples/edu" "$mod"
rm -f "$mod"/*.o "$mod"/.*.cmd
before=$(date +%s)
"$IRQCONV" convert --author "$author" -o "$TEST_TMP/edu-series" "$mod" \
	>"$TEST_TMP/table" 2>&1 || fail "convert failed: $(cat "$TEST_TMP/table")"
after=$(date +%s)
edu=$TEST_TMP/edu-series/$(sed -n 1p "$TEST_TMP/edu-series/series")
expect_match "module paths from its directory" "^diff --git a/edu.c b/edu.c$" "$(cat "$edu")"
expect_no_match "no absolute path" "^diff --git a//" "$(cat "$edu")"
expect_no_match "no base-commit outside the kernel tree" "^base-commit:" \
	"$(cat "$TEST_TMP/edu-series/0000-cover-letter.patch")"
expect_no_match "no To/Cc outside the kernel tree" "^(To|Cc):" "$(sed '/^$/q' "$edu")"
date=$(date -d "$(sed -n 's/^Date: //p' "$edu")" +%s)
[ "$date" -ge "$before" ] && [ "$date" -le "$after" ] ||
	fail "Date: is not the time of the run: $date not in [$before, $after]"
git -C "$mod" init -q
git -C "$mod" add edu.c Kbuild
git -C "$mod" -c user.name=c -c user.email=c@example.org commit -qm edu
git -C "$mod" -c user.name=c -c user.email=c@example.org am -q "$edu" ||
	fail "git am in the module's directory refused the patch"

# --author must be 'NAME <EMAIL>'; --date must parse.
for bad in foo '<a@b.org>' 'A <ab.org>' 'A <a@b.org> x'; do
	status=0
	msg=$("$IRQCONV" convert --author "$bad" -o "$TEST_TMP/bad" "$drv/" 2>&1) ||
		status=$?
	expect_eq "--author '$bad'" 2 $status
	expect_match "--author '$bad' message" "want 'NAME <EMAIL>'" "$msg"
done
status=0
msg=$("$IRQCONV" convert --date 2024-13-01 -o "$TEST_TMP/bad" "$drv/" 2>&1) ||
	status=$?
expect_eq "bad --date" 2 $status
expect_match "bad --date message" "--date '2024-13-01'" "$msg"
[ ! -e "$TEST_TMP/bad" ] || fail "bad options wrote output"
