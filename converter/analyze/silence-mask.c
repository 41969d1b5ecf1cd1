// SPDX-License-Identifier: GPL-2.0
/*
 * A write that masks the device as the driver itself does (review-findings.md,
 * defect class 2: "it writes the driver's own interrupt mask or enable
 * register, the register its irq enable/disable functions write, with the
 * value they use to disable").  The write, resolved through the driver's
 * accessor wrappers and register macros (device-access.c), must match a
 * write of another function of the file, the same value to the same
 * register, where that function
 *
 * - is the driver's irq-disable function by its name (e1000_irq_disable()
 *   writes IMC ~0, as e1000_intr() does), or
 * - turns the device or its interrupts off by its name (dw_dmac's
 *   do_dw_dma_off() clears MASK.XFER, MASK.BLOCK and MASK.ERROR for every
 *   channel, as dw_dma_interrupt() does through channel_clear_bit()), and
 *   the register is a member whose name says it is an interrupt mask or
 *   enable register (MASK, IMR, IER, INT_EN, ...): a function that stops
 *   the device may write other registers too, which silence nothing.
 *
 * Also here: the calls a silencing statement may make besides register
 * accesses.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/silence-evidence.h"

struct disable_match {
	const struct access_preds *ap;
	const struct device_access *want;
	bool hit;
};

static void disable_match_visit(CXCursor call, void *data)
{
	struct disable_match *dm = data;
	char *callee = da_callee(call);
	struct device_access a;
	bool w;

	if (dm->hit || (!da_is_accessor(callee, &w) &&
			!dm->ap->is_write(callee, dm->ap->data))) {
		free(callee);
		return;
	}
	free(callee);
	if (da_resolve_typed(call, dm->ap, &a) && a.write &&
	    !strcmp(a.reg, dm->want->reg) && !strcmp(a.value, dm->want->value))
		dm->hit = true;
	da_release(&a);
}

/* do_dw_dma_off(), foo_stop(), foo_shutdown(), foo_disable(), ... */
static bool turns_off(const char *name)
{
	static const char *const off[] = {
		"off", "disable", "stop", "shutdown", "mask", NULL
	};
	static const char *const on[] = {
		"on", "enable", "start", "unmask", NULL
	};

	return da_name_has_word(name, off) && !da_name_has_word(name, on);
}

/*
 * A member of the register's address names an interrupt mask or enable
 * register: `.MASK` in dw_dmac's `__dw_regs(dw)->MASK.XFER` (keys name
 * members as `.NAME`).  Constants are folded in keys, so a register
 * addressed by offset shows no name here.
 */
static bool mask_register_member(const char *reg)
{
	static const char *const words[] = {
		"MASK", "IMR", "IMC", "IMS", "IER", "INTEN", "INT_EN",
		"INTR_EN", "IRQ_EN", "IRQEN", "INTENABLE", "INT_ENABLE",
		"IRQ_ENABLE", "INTDIS", "INT_DIS", "IRQ_DIS", NULL
	};
	const char *p;
	size_t i, n;

	for (p = strchr(reg, '.'); p; p = strchr(p + 1, '.')) {
		char *up;

		n = strspn(p + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			   "abcdefghijklmnopqrstuvwxyz0123456789_");
		up = xstrndup(p + 1, n);
		for (i = 0; up[i]; i++)
			up[i] = toupper((unsigned char)up[i]);
		for (i = 0; words[i] && !strstr(up, words[i]); i++)
			;
		free(up);
		if (words[i])
			return true;
	}
	return false;
}

bool silence_writes_disable(const struct silence_site *s, CXCursor write,
			    struct strbuf *why)
{
	struct cursor_kids fns;
	struct device_access own;
	const struct device_access *a = &own;
	bool named, hit = false;
	size_t i;

	if (!da_resolve_typed(write, s->ap, &own) || !own.write) {
		da_release(&own);
		return false;
	}
	named = mask_register_member(own.reg);
	da_file_functions(s->handler, &fns);
	for (i = 0; i < fns.nr && !hit; i++) {
		struct disable_match dm = { s->ap, a, false };
		char *name = da_spelling(fns.v[i]);
		bool irq = da_is_irq_switch(name, false);

		if (!clang_equalCursors(fns.v[i], s->handler) &&
		    (irq || (named && turns_off(name)))) {
			da_for_each_call(fns.v[i], disable_match_visit, &dm);
			if (dm.hit && irq)
				strbuf_addf(why, "it masks the device's interrupts as %s() does, with the same value in the same register",
					    name);
			else if (dm.hit)
				strbuf_addf(why, "it writes the device's interrupt mask register with the value %s() writes there to turn the device's interrupts off",
					    name);
			hit = dm.hit;
		}
		free(name);
	}
	free(fns.v);
	da_release(&own);
	return hit;
}

/* ---- calls a silencing statement may make --------------------------- */

static bool is_log_call(const char *n)
{
	static const char *const prefixes[] = {
		"_dev_", "dev_printk", "_printk", "printk", "__dynamic_",
		"netdev_err", "netdev_warn", "netdev_info", "netdev_printk",
		"__warn_printk", NULL,
	};
	size_t i;

	for (i = 0; prefixes[i]; i++)
		if (starts_with(n, prefixes[i]))
			return true;
	return false;
}

static void note_any_call(CXCursor call, void *data)
{
	(void)call;
	*(bool *)data = true;
}

bool silence_harmless_call(CXCursor call)
{
	char *callee = da_callee(call);
	CXCursor def = da_callee_def(call);
	bool calls = false, hit;

	hit = starts_with(callee, "__builtin_") ||
	      starts_with(callee, "__compiletime_assert") ||
	      is_log_call(callee);
	free(callee);
	if (hit)
		return true;
	if (clang_Cursor_isNull(def))
		return false;
	da_for_each_call(def, note_any_call, &calls);
	return !calls;
}
