// SPDX-License-Identifier: GPL-2.0
#include "analyze/analyze.h"

const struct analysis analyses[] = {
	{ "returns", analyze_returns },
	{ "ownership", analyze_ownership },
	{ "mask", analyze_mask },
	{ "deferred", analyze_deferred },
	{ "locks", analyze_locks },
	{ "silence", analyze_silence },
	{ "context", analyze_context },
	{ "callers", analyze_callers },
	{ NULL, NULL },
};
