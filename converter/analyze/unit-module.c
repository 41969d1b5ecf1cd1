// SPDX-License-Identifier: GPL-2.0
/*
 * The module of a scanned file: its other files, their locks and contexts
 * (analyze/lock-graph.h), opened on the first question that needs them.
 */
#include "analyze/lock-graph.h"
#include "analyze/unit.h"

struct lock_module *scan_tu_lock_module(struct scan_tu *st)
{
	/* Parsing the module's other files costs: only when a site needs it. */
	if (!st->lm_opened && st->kb && st->tu)
		st->lm = lock_module_open(st->index, st->kb, st->tu);
	st->lm_opened = true;
	return st->lm;
}
