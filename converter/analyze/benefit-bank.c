// SPDX-License-Identifier: GPL-2.0
/*
 * A loop over a bank of registers (docs/convert.md, "Which loops and
 * delays count"): every register it reads or writes is one its counter
 * picks (`read_tcs_cmd(drv, RSC_DRV_CMD_STATUS, i, j)`, a response read
 * word by word from `mbox_base + i * 4`).  A round never comes back to a
 * register, so the loop runs at most as many rounds as the bank has
 * registers, a size the hardware fixes, whatever bound the code writes
 * (a request's command count, a message's length).  A loop that reads one
 * data register again and again (a FIFO, an auto-incrementing buffer
 * port) has no such bound: it moves what the transfer holds.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

struct bank {
	const struct loop_env *e;
	const struct cursor_kids *counters;
	unsigned int indexed;	/* accesses whose register a counter picks */
	bool other;		/* an access that does not, or is not known */
};

/*
 * Does the register key @key (analyze/device-access.c: names of variables,
 * `.field`, `#constant`) name the local @name?
 */
static bool key_names(const char *key, const char *name)
{
	size_t n = strlen(name);
	const char *p = key;

	while ((p = strstr(p, name))) {
		bool starts = p == key ||
			      (!is_ident_char(p[-1]) && p[-1] != '.' &&
			       p[-1] != '#');

		if (starts && !is_ident_char(p[n]))
			return true;
		p += n;
	}
	return false;
}

static bool picked_by_counter(const char *reg, const struct cursor_kids *vars)
{
	bool hit = false;
	size_t i;

	for (i = 0; i < vars->nr && !hit; i++) {
		char *name = da_spelling(vars->v[i]);

		hit = *name && key_names(reg, name);
		free(name);
	}
	return hit;
}

static void bank_visit(CXCursor call, void *data)
{
	struct bank *b = data;
	struct device_access a;
	char *callee;

	if (b->other)
		return;
	callee = da_callee(call);
	if (da_is_access(b->e->ap, callee)) {
		if (da_resolve(call, b->e->ap, &a)) {
			if (a.reg && picked_by_counter(a.reg, b->counters))
				b->indexed++;
			else
				b->other = true;
			da_release(&a);
		} else {
			b->other = true;
		}
	} else if (benefit_is_regmap(callee, NULL) ||
		   benefit_reaches(call, b->e->file, b->e->depth,
				   benefit_is_access, b->e->ap)) {
		/* a regmap, or a helper of the file: no register key to read */
		b->other = true;
	}
	free(callee);
}

bool benefit_register_bank(CXCursor loop, const struct cursor_kids *counters,
			   const struct loop_env *e)
{
	struct bank b = { e, counters, 0, false };

	if (!counters->nr)
		return false;
	da_for_each_call(loop, bank_visit, &b);
	return b.indexed && !b.other;
}
