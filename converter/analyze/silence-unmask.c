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

static void unmask_ctx_init(struct unmask_ctx *x, const struct silence_site *s)
{
	struct cursor_kids fns;
	size_t i;

	memset(x, 0, sizeof(*x));
	x->ap = s->ap;
	da_file_functions(s->handler, &fns);
	for (i = 0; i < fns.nr; i++) {
		char *name = da_spelling(fns.v[i]);

		if (da_is_irq_switch(name, true))
			da_kids_push(&x->enable, fns.v[i]);
		free(name);
	}
	for (i = 0; i < fns.nr && x->enable.nr; i++)
		da_for_each_call(fns.v[i], napi_add_visit, x);
	free(fns.v);
}

static void unmask_ctx_release(struct unmask_ctx *x)
{
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
		strbuf_addf(why, "the quick check would mask the device, but the thread does not unmask it on its way out at line %u%s",
			    x.bad_line ? x.bad_line : da_line(s->handler),
			    x.enable.nr ? "" : ": the driver has no irq-enable function to call");
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

