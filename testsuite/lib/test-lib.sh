# SPDX-License-Identifier: GPL-2.0
#
# Sourced by tests: small assertions that say what was expected and what came.
# A test fails on the first one that does not hold.  Texts go to grep as
# here-strings: through a pipe, grep -q would stop reading early and
# pipefail would see printf die of SIGPIPE.

set -euo pipefail

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

skip() {
	echo "SKIP: $*"
	exit 77
}

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"
}

# expect_match WHAT REGEX TEXT
expect_match() {
	grep -Eq -- "$2" <<<"$3" || fail "$1: '$2' not found in: $3"
}

# expect_no_match WHAT REGEX TEXT
expect_no_match() {
	! grep -Eq -- "$2" <<<"$3" || fail "$1: '$2' should not be in: $3"
}

# expect_status WHAT EXPECTED COMMAND...: run COMMAND, compare its exit status.
expect_status() {
	local what=$1 want=$2 got=0
	shift 2
	"$@" || got=$?
	[ "$got" -eq "$want" ] || fail "$what: exit status $got, expected $want"
}
