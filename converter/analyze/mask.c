// SPDX-License-Identifier: GPL-2.0
/*
 * Device-level mask and unmask operations.
 *
 * Writes: a device write in the handler whose register, as written, names
 * an interrupt mask or enable register (IMC, IMS, IntrMask, INT_EN, IER, ...).
 * A clear/disable register, or a zero written to a mask or enable register,
 * masks; a set register, or another value written to an enable register,
 * unmasks.  Helpers: calls of the driver's *_irq_disable() and *_irq_enable()
 * style functions, and every such helper the file defines (the thread may
 * need one); a helper that calls synchronize_irq() or may sleep is marked
 * unusable in hard-irq context.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "tu.h"

enum reg_kind { REG_NONE, REG_CLEAR, REG_SET, REG_MASK, REG_ENABLE };

static const struct {
	const char *word;
	enum reg_kind kind;
} reg_words[] = {
	{ "IMC", REG_CLEAR }, { "INTDIS", REG_CLEAR }, { "INT_DIS", REG_CLEAR },
	{ "INTR_DIS", REG_CLEAR }, { "IRQ_DIS", REG_CLEAR },
	{ "IRQDIS", REG_CLEAR }, { "IMS", REG_SET }, { "MASK", REG_MASK },
	{ "IMR", REG_MASK }, { "IER", REG_ENABLE }, { "INTEN", REG_ENABLE },
	{ "INT_EN", REG_ENABLE }, { "INTR_EN", REG_ENABLE },
	{ "INTREN", REG_ENABLE }, { "IRQ_EN", REG_ENABLE },
	{ "IRQEN", REG_ENABLE }, { "INT_ENABLE", REG_ENABLE },
	{ "INTRENABLE", REG_ENABLE }, { "IRQENABLE", REG_ENABLE },
};

/* Words of a helper's name that make it a mask or unmask helper. */
static const char *const mask_helpers[] = {
	"_irq_disable", "_disable_irq", "_disable_irqs", "_intr_disable",
	"_disable_intr", "_disable_ints", "_int_disable", "_disable_interrupts",
	"_mask_irq", "_irq_mask", "_irqs_disable", "_disable_int", NULL,
};
static const char *const unmask_helpers[] = {
	"_irq_enable", "_enable_irq", "_enable_irqs", "_intr_enable",
	"_enable_intr", "_enable_ints", "_int_enable", "_enable_interrupts",
	"_unmask_irq", "_irq_unmask", "_irqs_enable", "_enable_int", NULL,
};

static const char *const not_usable_in_hardirq[] = {
	"synchronize_irq", "synchronize_hardirq", "disable_irq", "msleep",
	"usleep_range", "usleep_range_state", "ssleep", "mutex_lock",
	"might_sleep", "__might_sleep", "schedule_timeout",
	"wait_for_completion", "napi_disable", NULL,
};

static enum reg_kind register_kind(const char *text)
{
	char *up = xstrdup(text), *p;
	enum reg_kind kind = REG_NONE;
	size_t i;

	for (p = up; *p; p++)
		*p = toupper((unsigned char)*p);
	for (i = 0; i < ARRAY_SIZE(reg_words) && kind == REG_NONE; i++)
		if (strstr(up, reg_words[i].word))
			kind = reg_words[i].kind;
	free(up);
	return kind;
}

/*
 * The register a write names, from the text written at the call with the
 * value taken out: in cpw16(IntrStatus, status & ~cp_rx_intr_mask) the
 * mask word belongs to the value, not to the register.
 */
static enum reg_kind register_kind_of(struct analysis_ctx *ctx,
				      const char *text, CXCursor value)
{
	char *v = cx_spelled_text(ctx->st, cx_strip(value));
	char *at = *v ? strstr(text, v) : NULL;
	enum reg_kind kind;

	if (at) {
		char *rest = xasprintf("%.*s%s", (int)(at - text), text,
				       at + strlen(v));

		kind = register_kind(rest);
		free(rest);
	} else {
		kind = register_kind(text);
	}
	free(v);
	return kind;
}

static bool name_has(const char *name, const char *const *words)
{
	for (; *words; words++) {
		if (ends_with(name, *words))
			return true;
	}
	return false;
}

static bool blocks(const char *name)
{
	return name_in(name, not_usable_in_hardirq);
}

/* Value argument of a device write (writel(v, a), outb(v, p), ...). */
static int value_arg(const char *callee)
{
	if (starts_with(callee, "regmap_"))
		return 2;
	return 0;
}

static bool value_is_zero(CXCursor v)
{
	CXEvalResult ev = clang_Cursor_Evaluate(v);
	bool zero = false;

	if (ev) {
		zero = clang_EvalResult_getKind(ev) == CXEval_Int &&
		       clang_EvalResult_getAsLongLong(ev) == 0;
		clang_EvalResult_dispose(ev);
	}
	return zero;
}

static void helper_fact(struct analysis_ctx *ctx, enum fact_kind kind,
			const char *name, CXCursor where, CXCursor def,
			const char *detail)
{
	struct fact *f = an_add(ctx, kind, name, where);
	char *why = NULL;

	if (f->detail)
		return;
	f->detail = xstrdup(detail);
	f->target = xstrdup(name);
	if (!clang_Cursor_isNull(def) &&
	    cx_calls_matching(def, blocks, 2, &why)) {
		f->unusable = true;
		f->arg = xasprintf("calls %s()", why);
		free(why);
	}
}

static void mask_call(struct analysis_ctx *ctx, const struct an_call *c,
		      void *data)
{
	CXCursor def = cx_callee_definition(c->cursor);
	enum reg_kind kind;
	struct fact *f;
	char *text;
	int v;

	(void)data;
	if (name_has(c->callee, mask_helpers)) {
		helper_fact(ctx, FACT_MASK, c->callee, c->cursor, def, "helper");
		return;
	}
	if (name_has(c->callee, unmask_helpers)) {
		helper_fact(ctx, FACT_UNMASK, c->callee, c->cursor, def,
			    "helper");
		return;
	}
	if (!an_is_device_write(c->callee))
		return;
	v = value_arg(c->callee);
	if (v >= clang_Cursor_getNumArguments(c->cursor))
		return;
	text = cx_text(ctx->st, c->cursor);
	kind = register_kind_of(ctx, text,
				 clang_Cursor_getArgument(c->cursor, v));
	if (kind == REG_NONE) {
		free(text);
		return;
	}
	if (kind == REG_CLEAR || ((kind == REG_MASK || kind == REG_ENABLE) &&
	    value_is_zero(clang_Cursor_getArgument(c->cursor, v))))
		f = an_add(ctx, FACT_MASK, c->written, c->cursor);
	else if (kind == REG_MASK)
		/* A new mask value: it silences what it leaves out. */
		f = an_add(ctx, FACT_MASK, c->written, c->cursor);
	else
		f = an_add(ctx, FACT_UNMASK, c->written, c->cursor);
	if (f->arg) {
		free(text);
		return;
	}
	f->arg = text;
	f->target = xstrdup(c->callee);
	f->detail = xstrdup(kind == REG_MASK &&
			    !value_is_zero(clang_Cursor_getArgument(c->cursor, v)) ?
			    "write-partial" : "write");
}

/* Mask helpers the file defines but the handler does not call. */
static enum CXChildVisitResult file_helper(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct analysis_ctx *ctx = data;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) || !cx_in_main_file(ctx->st, c))
		return CXChildVisit_Continue;
	name = cxstring_take(clang_getCursorSpelling(c));
	if (name_has(name, mask_helpers))
		helper_fact(ctx, FACT_MASK, name, c, c, "available");
	else if (name_has(name, unmask_helpers))
		helper_fact(ctx, FACT_UNMASK, name, c, c, "available");
	free(name);
	return CXChildVisit_Continue;
}

void analyze_mask(struct analysis_ctx *ctx)
{
	an_for_each_call(ctx, mask_call, NULL);
	clang_visitChildren(clang_getTranslationUnitCursor(ctx->st->unit),
			    file_helper, ctx);
}
