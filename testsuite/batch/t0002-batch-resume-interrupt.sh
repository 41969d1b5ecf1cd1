# make batch over a small set (a copy of the edu external module and the
# in-tree e1000 directory): results per driver file, real compiles, a
# summary; a second run does nothing; a touched input redoes only its
# driver; a run killed half-way leaves no corrupt results and the rerun
# finishes without redoing what was done.
# timeout: 900
. "$TESTLIB"
# grep a here-string: no pipe, so no SIGPIPE from grep -q under pipefail
bin=$TEST_TMP/irqconv		# a private copy: others may rebuild build/bin
cp "$IRQCONV" "$bin"
# The boot step has its own test (t0007); here it would only add minutes.
export BATCH_BOOT=no
cp -r examples/edu "$TEST_TMP/edu"
rm -f "$TEST_TMP"/edu/*.o "$TEST_TMP"/edu/*.ko "$TEST_TMP"/edu/.*.cmd
b=$TEST_TMP/b
paths="$TEST_TMP/edu drivers/net/ethernet/intel/e1000"
edu=$(echo "$TEST_TMP/edu/edu" | sed 's|[/.]|_|g')
main=drivers_net_ethernet_intel_e1000_e1000_main
tool=drivers_net_ethernet_intel_e1000_e1000_ethtool

batch() {
	make --no-print-directory -s batch PATHS="$paths" BATCH="$b" \
		BATCH_IRQCONV="$bin" "$@"
}

out=$(batch -j2)
echo "$out"
expect_match "progress" "BATCH \[[0-9]/3\] $main +1 converted, 0 refused" "$out"
expect_match "summary" "request sites: +converted 2, refused 2, already threaded 0" "$out"
expect_match "summary compiled" "compiled: +2 ok, 0 failed" "$out"
for u in $edu $main $tool; do
	expect_match "$u done" "^status: done$" "$(cat "$b/results/$u.txt")"
done
r=$(cat "$b/results/$main.txt")
expect_match "e1000 compiled" "^compile: ok$" "$r"
expect_match "header users compiled too" "^objects: .*e1000_ethtool.c .*e1000_main.c" "$r"
expect_match "every changed line compiled" "^changed-lines-compiled: ([0-9]+)/\1$" "$r"
expect_match "boot not run, why" "^boot: not run \(BATCH_BOOT=no; row e1000\)" "$r"
expect_match "scan's verdict beside convert's" "^scan-site: drivers/net/ethernet/intel/e1000/e1000_main.c:[0-9]+ e1000_intr\(\): (convertible|not_convertible|unanalysable)" "$r"
expect_match "summary: scan" "scan verdicts: +convertible [0-9]+, not convertible [0-9]+" "$out"
expect_match "summary: scan vs convert" "scan vs convert: +[0-9]+ sites where they disagree" "$out"
expect_match "refusal with reason" "^refused-site: .*e1000_ethtool.c:845 e1000_test_intr\(\): no-quick-check: .*no early 'return IRQ_NONE'" "$(cat "$b/results/$tool.txt")"
expect_match "edu compiled" "^compile: ok$" "$(cat "$b/results/$edu.txt")"
# review and report see the results
p=$b/out/$main/0001-net-e1000-convert-to-a-threaded-interrupt-handler.patch
[ -f "$p" ] || fail "no patch in $b/out/$main"
expect_match "results for review" "^compile: ok$" "$(cat "$b/out/$main/results/0001-net-e1000-convert-to-a-threaded-interrupt-handler.txt")"
expect_match "report shows compile" '<td class="compile">ok</td>' "$(cat "$b/out/$main/report.html")"
# the pristine tree was not written
[ -z "$(find "$KSRC/drivers/net/ethernet/intel/e1000" -newer "$bin")" ] || fail "the kernel tree was modified"

# Second run: nothing to do.
stamp=$TEST_TMP/stamp
touch "$stamp"
sleep 1
out=$(batch -j2)
expect_no_match "no unit ran" "BATCH \[" "$out"
[ -z "$(find "$b/results" -newer "$stamp")" ] || fail "a second run rewrote results"

# A touched input redoes only its driver.
touch "$TEST_TMP/edu/edu.c"
out=$(batch -j2)
expect_match "edu redone" "BATCH \[3/3\] $edu" "$out"
expect_eq "only edu" 1 "$(grep -c 'BATCH \[' <<<"$out")"

# Killed half-way: after the first unit finished.
rm -rf "$b"
setsid bash -c "make --no-print-directory -s batch PATHS='$paths' BATCH='$b' BATCH_IRQCONV='$bin' -j1 >'$TEST_TMP/killed.log' 2>&1" &
pid=$!
for i in $(seq 1 600); do
	[ -n "$(ls "$b/done" 2>/dev/null)" ] && break
	sleep 0.5
done
first=$(ls "$b/done")
[ -n "$first" ] || fail "no unit finished: $(cat "$TEST_TMP/killed.log")"
kill -TERM -- -$pid
wait $pid || true
expect_eq "one unit done before the kill" 1 "$(ls "$b/done" | wc -l)"
for f in "$b"/results/*.txt; do
	[ -f "$f" ] || continue
	expect_match "complete results in $f" "^status: (done|failed)$" "$(tail -1 "$f")"
done
touch "$stamp"
sleep 1
out=$(batch -j2)
expect_eq "the rest redone" 2 "$(grep -c 'BATCH \[' <<<"$out")"
expect_no_match "the finished one not redone" "BATCH \[.*\] $first " "$out"
[ -z "$(find "$b/results/$first.txt" -newer "$stamp")" ] || fail "$first was redone"
for u in $edu $main $tool; do
	expect_match "$u done after resume" "^status: done$" "$(cat "$b/results/$u.txt")"
done

# One report of all units, its links relative to the batch directory.
html=$(cat "$b/report.html")
expect_match "all sites" "4 request sites, 2 converted, 2 patches" "$html"
expect_match "relative log links" "href=\"out/$main/results/0001-net-e1000-convert-to-a-threaded-interrupt-handler.compile.log\"" "$html"
[ -f "$b/out/$main/results/0001-net-e1000-convert-to-a-threaded-interrupt-handler.compile.log" ] || fail "the linked log is missing"
if command -v chromium >/dev/null; then
	profile=$(mktemp -d "$TEST_TMP/profile.XXXXXX")
	dom=$(chromium --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --user-data-dir="$profile" \
		--dump-dom "file://$b/report.html#verdict=refused" 2>/dev/null)
	expect_eq "refused rows shown" 2 "$(grep -c '<tr data-verdict="refused" data-review="-" data-visible="yes"' <<<"$dom")"
	expect_eq "converted rows hidden" 2 "$(grep -c '<tr data-verdict="converted" [^>]*data-visible="no"' <<<"$dom")"
fi
