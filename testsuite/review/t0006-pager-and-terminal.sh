# On a terminal a patch longer than the screen goes through the pager
# ($PAGER, else less -R, as git does) and the question comes when it quits;
# a patch that fits is not paged; NO_COLOR and TERM=dumb turn the colours
# off (a dumb terminal gets no pager either); the fields are wrapped.
# tmux provides the terminals.
. "$TESTLIB"
. testsuite/review/series.sh
command -v tmux >/dev/null || skip "tmux is not installed"
command -v less >/dev/null || fail "less is not installed"
out=$TEST_TMP/out
sock=$TEST_TMP/tmux.sock
trap 'tmux -S "$sock" kill-server 2>/dev/null || true' EXIT

screen() {
	tmux -S "$sock" capture-pane -p -e
}

# wait_for REGEX: until the screen shows it (bounded, not a timing assertion).
wait_for() {
	local i
	for i in $(seq 1 300); do
		screen | grep -Eq -- "$1" && return 0
		sleep 0.1
	done
	fail "the screen never showed '$1'; it shows: $(screen)"
}

# run ROWS ENV...: review $out in a fresh ROWS-row terminal, under ENV.
run() {
	local rows=$1
	shift
	tmux -S "$sock" kill-server 2>/dev/null || true
	rm -f "$TEST_TMP/status"
	tmux -S "$sock" new-session -d -x 100 -y "$rows" \
		"env -u PAGER -u LESS -u NO_COLOR $* '$IRQCONV' review '$out'; echo \$? > '$TEST_TMP/status'; sleep 60"
}

wait_status() {
	local i
	for i in $(seq 1 300); do
		[ -s "$TEST_TMP/status" ] && break
		sleep 0.1
	done
	expect_eq "exit status" 0 "$(cat "$TEST_TMP/status")"
}

# PAGER unset: less -R, in colour; the question only once it quit.
make_series "$out"
run 30
wait_for "\[1/2\] .*$EDU"
wait_for $'^(\033\\[[0-9;]*m)*:'	# less's prompt
expect_no_match "no question while paging" "quit \[q\]\?" "$(screen)"
expect_match "less keeps the colours" $'\033\\[1m\\[1/2\\]' "$(screen)"
tmux -S "$sock" send-keys q
wait_for "accept \[a\], reject \[r\], skip \[s\], quit \[q\]\?"
tmux -S "$sock" send-keys a
wait_for "\[2/2\] .*$E1000"
wait_for $'^(\033\\[[0-9;]*m)*:'	# less's prompt
tmux -S "$sock" send-keys q
wait_for "quit \[q\]\?$"
tmux -S "$sock" send-keys r
wait_for "^reason:"
tmux -S "$sock" send-keys "paged and read" Enter
wait_status
expect_eq "decisions" "$EDU accepted
$E1000 rejected paged and read" "$(cat "$out/review.txt")"

# $PAGER is the pager: it gets the whole patch, in colour.
make_series "$out"
run 30 "PAGER='cat >>$TEST_TMP/paged'"
wait_for "quit \[q\]\?"
tmux -S "$sock" send-keys q
wait_status
paged=$(cat "$TEST_TMP/paged")
expect_match "PAGER got the header" "\[1/2\] $EDU" "$paged"
expect_match "PAGER got the whole diff" "^.*\+static irqreturn_t edu_irq_handler_thread" "$paged"
expect_match "PAGER got colours" $'\033\\[32m\\+' "$paged"
expect_no_match "the screen did not get the patch" "edu_irq_handler_thread" "$(screen)"

# A patch that fits the screen is not paged.
rm -f "$TEST_TMP/paged"
run 400 "PAGER='cat >>$TEST_TMP/paged'"
wait_for "quit \[q\]\?"
tmux -S "$sock" send-keys q
wait_status
[ ! -e "$TEST_TMP/paged" ] || fail "a patch that fits the screen was paged"
expect_match "printed on the screen" "edu_irq_handler_thread" "$(screen)"

# NO_COLOR: paged, without colours.
rm -f "$TEST_TMP/paged"
run 30 "NO_COLOR=1 PAGER='cat >>$TEST_TMP/paged'"
wait_for "quit \[q\]\?"
tmux -S "$sock" send-keys q
wait_status
expect_match "NO_COLOR: still paged" "edu_irq_handler_thread" "$(cat "$TEST_TMP/paged")"
expect_no_match "NO_COLOR: no colours" $'\033' "$(cat "$TEST_TMP/paged")"

# TERM=dumb: neither pager nor colours.
rm -f "$TEST_TMP/paged"
run 30 "TERM=dumb PAGER='cat >>$TEST_TMP/paged'"
wait_for "quit \[q\]\?"
tmux -S "$sock" send-keys q
wait_status
[ ! -e "$TEST_TMP/paged" ] || fail "TERM=dumb was paged"
expect_no_match "TERM=dumb: no colours" $'\033\\[3[12]m' "$(screen)"

# Wrapped fields (80 columns when not a terminal): nothing above the diff
# is longer, and why: continues under its text.
shown=$(printf 'q\n' | "$IRQCONV" review --all "$out" | sed '/^diff --git/,$d')
long=$(awk 'length > 80' <<<"$shown")
expect_eq "lines above the diff longer than 80 columns" "" "$long"
expect_match "why: wrapped under its text" "^ {10}[^ ]" \
	"$(grep -A1 '^why:' <<<"$shown" | sed -n 2p)"
