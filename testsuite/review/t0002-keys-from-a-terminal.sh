# On a terminal review reads single key presses (termios raw mode, no
# Enter) and colours the diff by default; tmux provides the terminal.
# PAGER=cat: the pager has a test of its own (t0006).
. "$TESTLIB"
. testsuite/review/series.sh
command -v tmux >/dev/null || skip "tmux is not installed"
out=$TEST_TMP/out
make_series "$out"
sock=$TEST_TMP/tmux.sock
tmux -S "$sock" new-session -d -x 160 -y 50 \
	"PAGER=cat '$IRQCONV' review '$out'; echo \$? > '$TEST_TMP/status'; sleep 60"
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

wait_for "accept \[a\], reject \[r\], skip \[s\], quit \[q\]\?"
expect_match "diff coloured on a terminal" $'\033\\[32m\\+' "$(screen)"
tmux -S "$sock" send-keys a		# one key, no Enter
wait_for "^\+.*e1000"
wait_for "quit \[q\]\?"
tmux -S "$sock" send-keys r
wait_for "^reason:"
tmux -S "$sock" send-keys "not on a shared line" Enter
for i in $(seq 1 300); do
	[ -s "$TEST_TMP/status" ] && break
	sleep 0.1
done
expect_eq "exit status" 0 "$(cat "$TEST_TMP/status")"
expect_eq "decisions" "$EDU accepted
$E1000 rejected not on a shared line" "$(cat "$out/review.txt")"

# ^C at the prompt: review dies of the signal, the terminal is cooked again.
printf 'q\n' | "$IRQCONV" review --all "$out" >/dev/null	# sanity: still loads
tmux -S "$sock" kill-server 2>/dev/null || true
rm -f "$TEST_TMP/stty"
tmux -S "$sock" new-session -d -x 160 -y 50 \
	"trap '' INT; PAGER=cat '$IRQCONV' review --all '$out'; echo \$? > '$TEST_TMP/status2'; stty -a > '$TEST_TMP/stty'; sleep 60"
wait_for "quit \[q\]\?"
tmux -S "$sock" send-keys C-c
for i in $(seq 1 300); do
	[ -s "$TEST_TMP/stty" ] && break
	sleep 0.1
done
expect_eq "killed by SIGINT" 130 "$(cat "$TEST_TMP/status2")"
expect_match "canonical mode back" "(^| )icanon( |$)" "$(cat "$TEST_TMP/stty")"
expect_match "echo back" "(^| )echo( |$)" "$(cat "$TEST_TMP/stty")"
expect_eq "decisions unchanged" "$EDU accepted
$E1000 rejected not on a shared line" "$(cat "$out/review.txt")"
