# SPDX-License-Identifier: GPL-2.0
#
# Sourced by review tests: drive headless Chromium through the DevTools
# protocol over --remote-debugging-pipe (NUL-separated JSON on fds 3 and 4),
# with bash and jq only.
#
#   cdp_start URL       start Chromium, open URL in a page, wait for the load
#   cdp_eval JS         evaluate JS in the page, print the value (as JSON)
#   cdp_click SELECTOR  a real mouse click (press and release) at the centre
#                       of the element's box
#   cdp_stop

cdp_id=0
cdp_send() {		# METHOD PARAMS-JSON [SESSION]: print the reply's result
	local msg reply
	cdp_id=$((cdp_id + 1))
	msg=$(jq -cn --argjson id $cdp_id --arg m "$1" --argjson p "$2" \
		--arg s "${3:-}" '{id: $id, method: $m, params: $p} +
		(if $s == "" then {} else {sessionId: $s} end)')
	printf '%s\0' "$msg" >&"$cdp_in"
	while IFS= read -r -d '' -t 60 reply <&"$cdp_out"; do
		if [ "$(jq -r '.id // empty' <<<"$reply")" = "$cdp_id" ]; then
			jq -e '.error' <<<"$reply" >/dev/null &&
				fail "DevTools $1: $(jq -c .error <<<"$reply")"
			jq -c '.result' <<<"$reply"
			return 0
		fi
	done
	fail "no DevTools reply to $1"
}

cdp_start() {
	local dir=$TEST_TMP/cdp target i state
	mkdir -p "$dir/profile"
	rm -f "$dir/in" "$dir/out"
	mkfifo "$dir/in" "$dir/out"
	chromium --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --window-size=1200,900 \
		--user-data-dir="$dir/profile" --remote-debugging-pipe \
		3<"$dir/in" 4>"$dir/out" 2>>"$dir/chromium.err" &
	cdp_pid=$!
	exec {cdp_in}>"$dir/in" {cdp_out}<"$dir/out"
	target=$(cdp_send Target.createTarget "$(jq -cn --arg u "$1" '{url: $u}')" |
		jq -r .targetId)
	cdp_session=$(cdp_send Target.attachToTarget \
		"$(jq -cn --arg t "$target" '{targetId: $t, flatten: true}')" |
		jq -r .sessionId)
	for i in $(seq 1 100); do
		state=$(cdp_eval 'document.readyState')
		[ "$state" = '"complete"' ] && return 0
		sleep 0.1
	done
	fail "the page did not load: $state"
}

cdp_eval() {
	cdp_send Runtime.evaluate "$(jq -cn --arg e "$1" \
		'{expression: $e, returnByValue: true}')" "$cdp_session" |
		jq -c '.result.value'
}

cdp_click() {
	local box x y type
	box=$(cdp_eval "JSON.stringify(document.querySelector('$1').getBoundingClientRect())")
	[ "$box" != null ] || fail "no element '$1'"
	x=$(jq -r 'fromjson | .x + .width / 2' <<<"$box")
	y=$(jq -r 'fromjson | .y + .height / 2' <<<"$box")
	for type in mousePressed mouseReleased; do
		cdp_send Input.dispatchMouseEvent "$(jq -cn --arg t $type \
			--argjson x "$x" --argjson y "$y" \
			'{type: $t, x: $x, y: $y, button: "left", clickCount: 1}')" \
			"$cdp_session" >/dev/null
	done
}

cdp_stop() {
	[ -n "${cdp_pid:-}" ] || return 0
	printf '%s\0' '{"id":999999,"method":"Browser.close","params":{}}' >&"$cdp_in" 2>/dev/null || true
	exec {cdp_in}>&- {cdp_out}<&-
	wait "$cdp_pid" 2>/dev/null || true
	cdp_pid=
}
