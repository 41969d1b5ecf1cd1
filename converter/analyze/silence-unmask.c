// SPDX-License-Identifier: GPL-2.0
/*
 * When the quick check masks the device (silence-evidence.c), the thread
 * must unmask it on every way out: by calling the driver's irq-enable
 * function, or by scheduling NAPI whose poll function calls it (a failed
 * napi_schedule_prep() means a poll is pending and will).  A return the
 * old handler took before it masked is allowed and named in the patch.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/silence-evidence.h"

struct unmask_ctx {
	const struct access_preds *ap;
	struct cursor_kids enable;	/* the driver's irq-enable functions */
	char *poll;		/* a NAPI poll that calls one of them */
	char *poll_enable;
	struct strvec used;	/* the ways the thread unmasks */
	bool exempt;		/* in a statement the mask overtook */
	unsigned int bad_line;	/* a way out without unmask */
	struct strvec exempt_lines;
	struct cursor_kids fns;		/* the functions of the file */
	struct mask_write *masks;	/* what the quick check writes */
	size_t nr_masks;
	bool in_tasklet;
	char *tasklet_why;	/* a scheduled tasklet that does not unmask */
};

struct mask_write {
	char *reg, *value;
};

static bool is_napi_schedule(const char *n)
{
	return !strcmp(n, "napi_schedule") || !strcmp(n, "__napi_schedule") ||
	       !strcmp(n, "napi_schedule_irqoff") ||
	       !strcmp(n, "__napi_schedule_irqoff");
}

static bool is_napi_add(const char *n)
{
	return starts_with(n, "netif_napi_add");
}

/* The enable function @fn is or calls (one level), or NULL. */
static char *enables(const struct unmask_ctx *x, CXCursor fn, int depth);

struct enable_walk {
	const struct unmask_ctx *x;
	int depth;
	char *found;
};

static void enable_visit(CXCursor call, void *data)
{
	struct enable_walk *ew = data;
	char *callee;
	CXCursor def;
	size_t i;

	if (ew->found)
		return;
	callee = da_callee(call);
	for (i = 0; i < ew->x->enable.nr && !ew->found; i++) {
		char *name = da_spelling(ew->x->enable.v[i]);

		if (!strcmp(name, callee))
			ew->found = xstrdup(name);
		free(name);
	}
	def = da_callee_def(call);
	if (!ew->found && ew->depth < 1 && !clang_Cursor_isNull(def))
		ew->found = enables(ew->x, def, ew->depth + 1);
	free(callee);
}

static char *enables(const struct unmask_ctx *x, CXCursor fn, int depth)
{
	struct enable_walk ew = { x, depth, NULL };

	da_for_each_call(fn, enable_visit, &ew);
	return ew.found;
}

static void napi_add_visit(CXCursor call, void *data)
{
	struct unmask_ctx *x = data;
	char *callee = da_callee(call);
	CXCursor poll, def;

	if (x->poll || !is_napi_add(callee) ||
	    clang_Cursor_getNumArguments(call) < 3) {
		free(callee);
		return;
	}
	free(callee);
	poll = da_strip(clang_Cursor_getArgument(call, 2));
	if (clang_getCursorKind(poll) != CXCursor_DeclRefExpr)
		return;
	def = clang_getCursorDefinition(clang_getCursorReferenced(poll));
	if (clang_Cursor_isNull(def))
		return;
	x->poll_enable = enables(x, def, 0);
	if (x->poll_enable)
		x->poll = da_spelling(def);
}


/* ---- the quick check's own mask registers, written again -------------- */


static void mask_collect_visit(CXCursor call, void *data)
{
	struct unmask_ctx *x = data;
	char *callee = da_callee(call);
	struct device_access a;
	bool w;

	if (!(da_is_accessor(callee, &w) && w) &&
	    !x->ap->is_write(callee, x->ap->data)) {
		free(callee);
		return;
	}
	free(callee);
	if (da_resolve_typed(call, x->ap, &a) && a.write) {
		x->masks = xrealloc(x->masks, (x->nr_masks + 1) *
				    sizeof(*x->masks));
		x->masks[x->nr_masks].reg = a.reg;
		x->masks[x->nr_masks++].value = a.value;
		a.reg = a.value = NULL;
	}
	da_release(&a);
}

/*
 * The write @call puts another value than the quick check's into one of
 * the registers the quick check masks: dw_dmac's tasklet ends with
 * channel_set_bit(dw, MASK.XFER, ...) after the handler's
 * channel_clear_bit(dw, MASK.XFER, ...).
 */
static bool rewrites_mask(const struct unmask_ctx *x, CXCursor call)
{
	char *callee = da_callee(call);
	struct device_access a;
	bool w, reg = false, same = false;
	size_t i;

	if (!x->nr_masks || (!(da_is_accessor(callee, &w) && w) &&
			     !x->ap->is_write(callee, x->ap->data))) {
		free(callee);
		return false;
	}
	free(callee);
	if (da_resolve_typed(call, x->ap, &a) && a.write) {
		for (i = 0; i < x->nr_masks; i++) {
			if (strcmp(x->masks[i].reg, a.reg))
				continue;
			reg = true;
			same |= !strcmp(x->masks[i].value, a.value);
		}
	}
	da_release(&a);
	return reg && !same;
}

/* ---- a tasklet the thread schedules ----------------------------------- */

/* The field or variable a tasklet argument (`&dw->tasklet`) names. */
static CXCursor tasklet_object(CXCursor arg)
{
	struct cursor_kids kids;
	CXCursor c = da_strip(arg);

	if (clang_getCursorKind(c) == CXCursor_UnaryOperator) {
		da_kids(c, &kids);
		c = kids.nr ? da_strip(kids.v[0]) : clang_getNullCursor();
		free(kids.v);
	}
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr &&
	    clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	return clang_getCursorReferenced(c);
}

struct tasklet_find {
	CXCursor object;
	CXCursor fn;
};

static void tasklet_setup_visit(CXCursor call, void *data)
{
	struct tasklet_find *tf = data;
	char *callee = da_callee(call);
	CXCursor fn;

	if ((strcmp(callee, "tasklet_setup") && strcmp(callee, "tasklet_init")) ||
	    clang_Cursor_getNumArguments(call) < 2 ||
	    !clang_equalCursors(tasklet_object(
					clang_Cursor_getArgument(call, 0)),
				tf->object)) {
		free(callee);
		return;
	}
	free(callee);
	fn = da_strip(clang_Cursor_getArgument(call, 1));
	if (clang_getCursorKind(fn) == CXCursor_DeclRefExpr)
		tf->fn = clang_getCursorDefinition(
				clang_getCursorReferenced(fn));
}

/* The function tasklet_setup()/tasklet_init() in the file gives @object. */
static CXCursor tasklet_fn(const struct unmask_ctx *x, CXCursor object)
{
	struct tasklet_find tf = { object, clang_getNullCursor() };
	size_t i;

	for (i = 0; i < x->fns.nr && clang_Cursor_isNull(tf.fn); i++)
		da_for_each_call(x->fns.v[i], tasklet_setup_visit, &tf);
	return tf.fn;
}
static void unmask_ctx_init(struct unmask_ctx *x, const struct silence_site *s)
{
	struct cursor_kids fns;
	size_t i;

	memset(x, 0, sizeof(*x));
	x->ap = s->ap;
	for (i = s->start; i < s->start + s->len; i++)
		da_for_each_call(s->stmts[i], mask_collect_visit, x);
	da_file_functions(s->handler, &x->fns);
	fns = x->fns;
	for (i = 0; i < fns.nr; i++) {
		char *name = da_spelling(fns.v[i]);

		if (da_is_irq_switch(name, true))
			da_kids_push(&x->enable, fns.v[i]);
		free(name);
	}
	for (i = 0; i < fns.nr && x->enable.nr; i++)
		da_for_each_call(fns.v[i], napi_add_visit, x);
}

static void unmask_ctx_release(struct unmask_ctx *x)
{
	size_t i;

	for (i = 0; i < x->nr_masks; i++) {
		free(x->masks[i].reg);
		free(x->masks[i].value);
	}
	free(x->masks);
	free(x->fns.v);
	free(x->tasklet_why);
	free(x->enable.v);
	free(x->poll);
	free(x->poll_enable);
	strvec_clear(&x->used);
	strvec_clear(&x->exempt_lines);
}

struct unmask_walk {
	struct unmask_ctx *x;
	bool hit;
	bool prep;		/* napi_schedule_prep(): NAPI already pending */
};

static bool tasklet_unmasks(struct unmask_ctx *x, CXCursor fn);

/*
 * Besides the enable functions: the thread writes a mask register of the
 * quick check's again with another value, or schedules a tasklet that
 * does so (or calls an enable function) on every way out of it.
 */
static void unmask_extra(struct unmask_walk *uw, CXCursor call,
			 const char *callee)
{
	struct unmask_ctx *x = uw->x;
	CXCursor fn;
	char *name;

	if (rewrites_mask(x, call)) {
		uw->hit = true;
		if (!x->in_tasklet)
			strvec_push_nodup(&x->used, xasprintf("its write of the mask register at line %u, which undoes the quick check's",
							       da_line(call)));
		return;
	}
	if (x->in_tasklet || (strcmp(callee, "tasklet_schedule") &&
			      strcmp(callee, "tasklet_hi_schedule")) ||
	    clang_Cursor_getNumArguments(call) < 1)
		return;
	fn = tasklet_fn(x, tasklet_object(clang_Cursor_getArgument(call, 0)));
	if (clang_Cursor_isNull(fn) || !tasklet_unmasks(x, fn))
		return;
	uw->hit = true;
	name = da_spelling(fn);
	strvec_push_nodup(&x->used, xasprintf("%s(), the tasklet function the old handler scheduled with %s() (the thread calls it if it is folded), which undoes the quick check's mask on every way out of it",
					       name, callee));
	free(name);
}

static void unmask_visit(CXCursor call, void *data)
{
	struct unmask_walk *uw = data;
	char *callee = da_callee(call);
	size_t i;

	if (uw->x->poll && is_napi_schedule(callee)) {
		uw->hit = true;
		strvec_push_nodup(&uw->x->used,
				  xasprintf("%s(), whose poll %s() calls %s()",
					    callee, uw->x->poll,
					    uw->x->poll_enable));
	}
	if (uw->x->poll && !strcmp(callee, "napi_schedule_prep"))
		uw->prep = true;
	for (i = 0; i < uw->x->enable.nr; i++) {
		char *name = da_spelling(uw->x->enable.v[i]);

		if (!strcmp(name, callee)) {
			uw->hit = true;
			strvec_push_nodup(&uw->x->used, xasprintf("%s()", name));
		}
		free(name);
	}
	unmask_extra(uw, call, callee);
	free(callee);
}

static bool calls_unmask(struct unmask_ctx *x, CXCursor c, bool *prep)
{
	struct unmask_walk uw = { x, false, false };

	da_for_each_call(c, unmask_visit, &uw);
	if (prep)
		*prep = uw.prep;
	return uw.hit;
}

static void way_out(struct unmask_ctx *x, CXCursor c, bool u)
{
	if (u)
		return;
	if (x->exempt)
		strvec_push_nodup(&x->exempt_lines,
				  xasprintf("%u", da_line(c)));
	else if (!x->bad_line)
		x->bad_line = da_line(c);
}

/*
 * Does every path through @c that falls through unmask, given @u (already
 * unmasked) on entry?  A return on a path that has not unmasked is noted.
 */
static bool flow(struct unmask_ctx *x, CXCursor c, bool u)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	bool out = u, prep = false;
	size_t i;

	da_kids(c, &kids);
	if (k == CXCursor_CompoundStmt) {
		for (i = 0; i < kids.nr; i++)
			out = flow(x, kids.v[i], out);
	} else if (k == CXCursor_IfStmt && kids.nr >= 2) {
		bool in = calls_unmask(x, kids.v[0], &prep) || u;

		/* Unless prep succeeds, a poll is pending and will unmask. */
		out = flow(x, kids.v[1], in);
		out &= kids.nr > 2 ? flow(x, kids.v[2], in || prep) :
				     in || prep;
	} else if (k == CXCursor_ReturnStmt) {
		way_out(x, c, calls_unmask(x, c, NULL) || u);
		out = true;
	} else if (da_is_loop(c) || k == CXCursor_SwitchStmt ||
		   k == CXCursor_LabelStmt || k == CXCursor_CaseStmt ||
		   k == CXCursor_DefaultStmt) {
		for (i = 0; i < kids.nr; i++)
			flow(x, kids.v[i], u);
		out = u;
	} else {
		out = calls_unmask(x, c, NULL) || u;
	}
	free(kids.v);
	return out;
}

/*
 * The tasklet function @fn unmasks on every way out of it: dw_dmac's
 * dw_dma_tasklet() ends with channel_set_bit(dw, MASK.XFER, ...), what the
 * old handler relied on too.  Its ways out are its own, not the thread's.
 */
static bool tasklet_unmasks(struct unmask_ctx *x, CXCursor fn)
{
	unsigned int bad = x->bad_line;
	bool exempt = x->exempt, ok;
	struct cursor_kids kids;
	size_t i;

	x->in_tasklet = true;
	x->exempt = false;
	x->bad_line = 0;
	da_kids(fn, &kids);
	ok = false;
	for (i = 0; i < kids.nr; i++)
		if (clang_getCursorKind(kids.v[i]) == CXCursor_CompoundStmt)
			ok = flow(x, kids.v[i], false);
	free(kids.v);
	if ((!ok || x->bad_line) && !x->tasklet_why) {
		char *name = da_spelling(fn);

		x->tasklet_why = xasprintf("nor does %s(), the tasklet it schedules, on its way out at line %u",
					   name, x->bad_line ? x->bad_line :
					   da_line(fn));
		free(name);
	}
	ok &= !x->bad_line;
	x->bad_line = bad;
	x->exempt = exempt;
	x->in_tasklet = false;
	return ok;
}

/* Every way out of the thread unmasks (or was out before the mask). */
bool silence_thread_unmasks(const struct silence_site *s, struct strbuf *why,
			    struct strvec *notes)
{
	struct unmask_ctx x;
	bool u = false, ok;
	size_t i;

	unmask_ctx_init(&x, s);
	for (i = s->check + 1; i < s->nr; i++) {
		if (i >= s->start && i < s->start + s->len)
			continue;
		x.exempt = i < s->start;
		u = flow(&x, s->stmts[i], u);
	}
	if (!u && !x.bad_line && s->nr)
		x.bad_line = da_line(s->stmts[s->nr - 1]);
	ok = !x.bad_line && x.used.nr;
	if (!ok) {
		strbuf_addf(why, "the quick check would mask the device, but the thread does not unmask it on its way out at line %u%s%s",
			    x.bad_line ? x.bad_line : da_line(s->handler),
			    x.tasklet_why ? "; " : x.enable.nr ? "" :
			    ": the driver has no irq-enable function to call",
			    x.tasklet_why ? x.tasklet_why : "");
	} else {
		struct strbuf sb = STRBUF_INIT;
		char *handler_name = da_spelling(s->handler);

		for (i = 0; i < x.used.nr; i++)
			strbuf_addf(&sb, "%s%s", i ? "; or through " : "",
				    x.used.v[i]);
		strvec_push_nodup(notes, xasprintf("The thread unmasks the device on every way out, through %s.",
						   sb.buf));
		strbuf_reset(&sb);
		for (i = 0; i < x.exempt_lines.nr; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "",
				    x.exempt_lines.v[i]);
		if (x.exempt_lines.nr)
			strvec_push_nodup(notes, xasprintf("The return at line %s of the old %s() left before the old handler masked the device; on that path the device now stays masked until the driver enables its interrupts again.",
							   sb.buf, handler_name));
		strbuf_release(&sb);
		free(handler_name);
	}
	unmask_ctx_release(&x);
	return ok;
}

