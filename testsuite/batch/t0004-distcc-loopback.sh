# With DISTCC_HOSTS set, batch compiles through distcc: a distccd on
# 127.0.0.1 only (no fallback to local compiles) must log the job, and the
# result is the same as without distcc.
# timeout: 600
. "$TESTLIB"
command -v distcc >/dev/null && command -v distccd >/dev/null ||
	skip "distcc is not installed (make deps)"
port=$((20000 + RANDOM % 20000))
# distccd run by root becomes user distccd: its files go in a directory it can write
run=$TEST_TMP/distccd
mkdir -p "$run"
chmod 1777 "$run"
log=$run/distccd.log
distccd --daemon --listen 127.0.0.1 --allow 127.0.0.1 --port $port \
	--pid-file "$run/distccd.pid" --log-file "$log" --log-level info \
	--jobs 2 || skip "distccd cannot start"
trap 'kill "$(cat "$run/distccd.pid" 2>/dev/null)" 2>/dev/null || true' EXIT
for i in $(seq 1 50); do
	[ -s "$run/distccd.pid" ] && break
	sleep 0.1
done
[ -s "$run/distccd.pid" ] || skip "distccd wrote no pid file: $(cat "$log" 2>/dev/null)"

bin=$TEST_TMP/irqconv
cp "$IRQCONV" "$bin"
cp -r examples/edu "$TEST_TMP/edu"
rm -f "$TEST_TMP"/edu/*.o "$TEST_TMP"/edu/*.ko
unit=$(echo "$TEST_TMP/edu/edu" | sed 's|[/.]|_|g')
export DISTCC_HOSTS="127.0.0.1:$port/2" DISTCC_FALLBACK=0 DISTCC_DIR=$TEST_TMP/distcc
mkdir -p "$DISTCC_DIR"
out=$(make --no-print-directory -s batch PATHS="$TEST_TMP/edu" BATCH="$TEST_TMP/b" \
	BATCH_IRQCONV="$bin" 2>&1) || fail "batch failed: $out"
expect_match "compiled" "^compile: ok$" "$(cat "$TEST_TMP/b/results/$unit.txt")"
expect_match "distccd compiled edu.c" "edu.c.*(COMPILE_OK|job complete)|(COMPILE_OK|job complete).*edu" "$(cat "$log")"
