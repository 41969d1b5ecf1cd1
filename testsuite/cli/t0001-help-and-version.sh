# Every command answers --help, which ends with its exit statuses; the tool
# answers --help and --version.
. "$TESTLIB"

out=$("$IRQCONV" --help)
expect_match "help" "^usage: irqconv" "$out"
expect_match "help: exit status" "^Exit status: 0 ran clean; 1 .*; *$" "$out"
out=$("$IRQCONV" --version)
expect_match "version" "^irqconv [0-9]+\.[0-9]+-" "$out"
for cmd in $("$IRQCONV" --help | awk '/^commands:/ { on = 1; next } on && !NF { exit } on { print $1 }'); do
	out=$("$IRQCONV" "$cmd" --help) || fail "'irqconv $cmd --help' failed"
	expect_match "$cmd --help" "^usage: irqconv $cmd" "$out"
	expect_match "$cmd --help: exit status" "^Exit status:" "$out"
	expect_match "$cmd --help: status 2" "^  2  usage, " "$out"
done
status=0; "$IRQCONV" no-such-command >/dev/null 2>&1 || status=$?
expect_eq "unknown command status" 2 $status
status=0; "$IRQCONV" >/dev/null 2>&1 || status=$?
expect_eq "no command status" 2 $status
