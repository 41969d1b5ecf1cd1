# timeout: 1200
# --in-place is crash-safe.  A copy of 6.1's e1000 (e1000_main.c, and
# e1000.h for the hand-over field) is converted (--all: it gains nothing)
# and the run killed at several points: after the first new file is written, after the journal
# is in place, after the first rename (IRQCONV_TEST_KILL_AT, SIGKILL from
# within), and stopped after the second rename and killed with a real
# SIGKILL from here (IRQCONV_TEST_STOP_AT).  Every file is then either the
# old one or the new one; the next run finishes or undoes the interrupted
# one before anything else, even a run on another file of the directory;
# the result is exactly the golden conversion (one hand-over field, not
# two: the reported case), modes are kept and nothing is left over.
. "$TESTLIB"

src=$KSRC/drivers/net/ethernet/intel/e1000
ref=$TEST_TMP/ref
cp -r "$src" "$ref"
patch -s -p6 -d "$ref" <testsuite/convert/golden/e1000.out/0001-*.patch ||
	fail "the golden e1000 patch does not apply"
files="e1000.h e1000_main.c"
listing=$(ls -A "$src")

fresh() {
	rm -rf "$1"
	cp -r "$src" "$1"
	chmod 0600 "$1/e1000_main.c"
	chmod 0640 "$1/e1000.h"
}

# "old" or "new" per file; a file that is neither fails the test.
states() {
	local f s out=
	for f in $files; do
		if cmp -s "$src/$f" "$1/$f"; then
			s=old
		elif cmp -s "$ref/$f" "$1/$f"; then
			s=new
		else
			fail "$1/$f is neither the old file nor the new one"
		fi
		out="$out${out:+ }$s"
	done
	echo "$out"
}

# The next run: finishes or undoes what was left, and leaves nothing over.
next_run() {
	local dir=$1 want=$2 err
	err=$("$IRQCONV" convert "$dir/e1000_param.c" 2>&1 >/dev/null) ||
		fail "the run after the kill failed: $err"
	expect_eq "$dir after the next run" "$want" "$(states "$dir")"
	expect_eq "$dir: nothing left over" "$listing" "$(ls -A "$dir")"
	echo "$err"
}

# finish DIR: a full --in-place run ends with the golden conversion.
finish() {
	"$IRQCONV" convert --all --in-place "$1/e1000_main.c" >"$TEST_TMP/table" 2>&1 ||
		fail "the full run after the kill failed: $(cat "$TEST_TMP/table")"
	expect_eq "$1 converted" "new new" "$(states "$1")"
	expect_eq "$1: mode of e1000_main.c" 600 "$(stat -c %a "$1/e1000_main.c")"
	expect_eq "$1: mode of e1000.h" 640 "$(stat -c %a "$1/e1000.h")"
	expect_eq "$1: one hand-over field" 1 "$(grep -c 'atomic_t irq_' "$1/e1000.h")"
	expect_eq "$1: nothing left over" "$listing" "$(ls -A "$1")"
}

# killed_at POINT DIR: the run dies there (SIGKILL: 128 + 9).
killed_at() {
	local status=0
	fresh "$2"
	IRQCONV_TEST_KILL_AT=$1 "$IRQCONV" convert --all --in-place "$2/e1000_main.c" \
		>/dev/null 2>&1 || status=$?
	expect_eq "killed at $1" 137 "$status"
}

# Before the journal: the old files, and a new one beside them.
d=$TEST_TMP/staged
killed_at staged:1 "$d"
expect_eq "killed after a new file" "old old" "$(states "$d")"
[ -n "$(find "$d" -name '.*.irqconv-new')" ] || fail "no new file beside the old ones"
said=$(next_run "$d" "old old")
expect_match "undone" "removed, left by an interrupted --in-place run" "$said"
finish "$d"

# The journal in place, nothing renamed: the next run renames.
d=$TEST_TMP/journal
killed_at journal:1 "$d"
expect_eq "killed after the journal" "old old" "$(states "$d")"
[ -f "$d/.irqconv-journal" ] || fail "no journal after the kill"
said=$(next_run "$d" "new new")
expect_match "finished" "finished the --in-place run that was interrupted there \\(2 files\\)" "$said"

# Half renamed: one file new, one old; finished, then nothing left to do.
d=$TEST_TMP/renamed
killed_at renamed:1 "$d"
expect_eq "killed after one rename" "new old" "$(states "$d")"
finish "$d"
expect_match "nothing converted twice" "already_threaded" "$(cat "$TEST_TMP/table")"

# A real SIGKILL from outside, the run stopped after both renames.
d=$TEST_TMP/outside
fresh "$d"
IRQCONV_TEST_STOP_AT=renamed:2 "$IRQCONV" convert --all --in-place "$d/e1000_main.c" \
	>/dev/null 2>&1 &
pid=$!
state=
for _ in $(seq 2400); do
	state=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null || echo gone)
	[ "$state" != T ] && [ "$state" != gone ] || break
	sleep 0.5
done
expect_eq "stopped after the second rename" T "$state"
kill -KILL "$pid"
status=0
wait "$pid" || status=$?
expect_eq "killed from outside" 137 "$status"
expect_eq "both renamed" "new new" "$(states "$d")"
[ -f "$d/.irqconv-journal" ] || fail "no journal after the kill"
next_run "$d" "new new" >/dev/null
