// SPDX-License-Identifier: GPL-2.0
/*
 * Finding request calls in the main file of a translation unit and reading
 * their arguments.  A call is recognised by the function it calls, so calls
 * written through a driver's own macro are found too; its location is the
 * one the user wrote (the macro invocation).
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/sites.h"
#include "tu.h"

/* Argument positions; -1 when the function has no such argument. */
struct request_fn {
	const char *name;
	int irq, handler, thread, flags, devname, dev_id;
	bool managed;
};

static const struct request_fn request_fns[] = {
	{ "request_irq",			0, 1, -1, 2, 3, 4, false },
	{ "devm_request_irq",			1, 2, -1, 3, 4, 5, true },
	{ "request_threaded_irq",		0, 1, 2, 3, 4, 5, false },
	{ "devm_request_threaded_irq",		1, 2, 3, 4, 5, 6, true },
	{ "request_any_context_irq",		0, 1, -1, 2, 3, 4, false },
	{ "devm_request_any_context_irq",	1, 2, -1, 3, 4, 5, true },
	{ "request_percpu_irq",			0, 1, -1, -1, 2, 3, false },
	{ "request_nmi",			0, 1, -1, 2, 3, 4, false },
	{ NULL, 0, 0, 0, 0, 0, 0, false },
};

static const char *const free_fns[] = {
	"free_irq", "devm_free_irq", "free_percpu_irq", "free_nmi", NULL,
};

struct scan_site *scan_sites_add(struct scan_sites *ss)
{
	if (ss->nr == ss->alloc) {
		ss->alloc = ss->alloc ? 2 * ss->alloc : 8;
		ss->v = xrealloc(ss->v, ss->alloc * sizeof(*ss->v));
	}
	scan_site_init(&ss->v[ss->nr]);
	return &ss->v[ss->nr++];
}

void scan_sites_release(struct scan_sites *ss)
{
	size_t i;

	for (i = 0; i < ss->nr; i++)
		scan_site_release(&ss->v[i]);
	free(ss->v);
	memset(ss, 0, sizeof(*ss));
}

static const struct request_fn *request_fn_of(const char *callee)
{
	const struct request_fn *r;

	for (r = request_fns; r->name; r++)
		if (!strcmp(r->name, callee))
			return r;
	return NULL;
}

static char *arg_text(struct scan_tu *st, CXCursor call, int i)
{
	if (i < 0 || i >= clang_Cursor_getNumArguments(call))
		return NULL;
	return cx_text(st, clang_Cursor_getArgument(call, i));
}

static void decode_flags(struct scan_tu *st, CXCursor arg,
			 struct scan_site *s)
{
	CXEvalResult ev;
	CXCursor e = cx_strip(arg);
	size_t i;

	/* int irq_flags = IRQF_SHARED; request_irq(..., irq_flags, ...) */
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_VarDecl) {
		CXCursor v = scan_single_value(st, clang_getCursorReferenced(e));

		if (!clang_Cursor_isNull(v))
			arg = v;
	}
	ev = clang_Cursor_Evaluate(arg);

	if (ev && clang_EvalResult_getKind(ev) == CXEval_Int) {
		s->flags_const = true;
		s->flags_value = clang_EvalResult_getAsUnsigned(ev);
	}
	if (ev)
		clang_EvalResult_dispose(ev);
	if (!s->flags_const)
		return;
	scan_tu_load_irqf(st);
	for (i = 0; i < st->irqf_names.nr; i++) {
		unsigned long long bit = st->irqf_values[i];

		if ((s->flags_value & bit) == bit)
			strvec_push(&s->flags_decoded, st->irqf_names.v[i]);
		if (!strcmp(st->irqf_names.v[i], "IRQF_SHARED"))
			s->shared = !!(s->flags_value & bit);
	}
	/* Without the macro (not included?) nothing says it is shared. */
	if (s->shared < 0)
		s->shared = 0;
}

struct frees {
	struct scan_tu *st;
	struct fact *v;
	size_t nr;
};

static void collect_free(CXCursor call, void *data)
{
	struct frees *fr = data;
	char *callee;
	struct fact *f;

	if (!cx_in_main_file(fr->st, call))
		return;
	callee = cx_callee(call);
	if (!name_in(callee, free_fns)) {
		free(callee);
		return;
	}
	fr->v = xrealloc(fr->v, (fr->nr + 1) * sizeof(*fr->v));
	f = &fr->v[fr->nr++];
	memset(f, 0, sizeof(*f));
	f->kind = FACT_LINE;
	f->name = callee;
	f->where = cx_range(fr->st, call, NULL);
	f->arg = arg_text(fr->st, call,
			  clang_Cursor_getNumArguments(call) - 1);
	if (!f->arg)
		f->arg = xstrdup("");
}

/* Fill what all alternatives of one call share. */
static void fill_site(struct scan_tu *st, CXCursor call,
		      const struct request_fn *r, bool not_in_config,
		      const struct frees *fr, struct scan_site *s)
{
	CXSourceLocation loc = clang_getCursorLocation(call);
	char *written;
	size_t i;

	s->file = xstrdup(st->relpath);
	s->not_in_config = not_in_config;
	s->call = cx_range(st, call, NULL);
	clang_getExpansionLocation(loc, NULL, NULL, &s->column, NULL);
	s->call_name = xstrdup(r->name);
	written = cx_written_name(st, call);
	/* Written as another name than the callee: through a macro. */
	if (*written && strcmp(written, r->name))
		s->via_macro = written;
	else
		free(written);
	s->managed = r->managed;
	s->irq = arg_text(st, call, r->irq);
	s->handler_text = arg_text(st, call, r->handler);
	s->thread_text = arg_text(st, call, r->thread);
	s->flags = arg_text(st, call, r->flags);
	s->devname = arg_text(st, call, r->devname);
	s->dev_id = arg_text(st, call, r->dev_id);
	if (r->flags >= 0 && r->flags < clang_Cursor_getNumArguments(call))
		decode_flags(st, clang_Cursor_getArgument(call, r->flags), s);
	if (!strcmp(r->name, "request_percpu_irq"))
		s->shared = 0;
	s->frees = xcalloc(fr->nr ? fr->nr : 1, sizeof(*s->frees));
	for (i = 0; i < fr->nr; i++) {
		s->frees[i] = fr->v[i];
		s->frees[i].name = xstrdup(fr->v[i].name);
		s->frees[i].arg = xstrdup(fr->v[i].arg);
	}
	s->nr_frees = fr->nr;
}

/* A thread function argument that is not NULL. */
static bool has_thread_fn(CXCursor call, const struct request_fn *r)
{
	CXCursor arg;
	CXEvalResult ev;
	bool null = false;

	if (r->thread < 0 || r->thread >= clang_Cursor_getNumArguments(call))
		return false;
	arg = cx_strip(clang_Cursor_getArgument(call, r->thread));
	if (clang_getCursorKind(arg) == CXCursor_IntegerLiteral)
		return false;
	ev = clang_Cursor_Evaluate(arg);
	if (ev) {
		null = clang_EvalResult_getKind(ev) == CXEval_Int &&
		       clang_EvalResult_getAsLongLong(ev) == 0;
		clang_EvalResult_dispose(ev);
	}
	return !null;
}

struct site_walk {
	struct scan_tu *st;
	bool not_in_config;
	struct scan_sites *out;
	struct frees frees;
};

static void site_call(CXCursor call, void *data)
{
	struct site_walk *w = data;
	struct scan_tu *st = w->st;
	const struct request_fn *r;
	struct resolution res;
	bool threaded;
	char *callee;
	size_t i;

	if (!cx_in_main_file(st, call))
		return;
	callee = cx_callee(call);
	r = request_fn_of(callee);
	free(callee);
	if (!r)
		return;
	memset(&res, 0, sizeof(res));
	if (r->handler < clang_Cursor_getNumArguments(call))
		scan_resolve_handler(st, call,
				     clang_Cursor_getArgument(call, r->handler),
				     &res);
	else
		res.why_not = xstrdup("the call has too few arguments");
	threaded = has_thread_fn(call, r);
	for (i = 0; i < (res.nr ? res.nr : 1); i++) {
		struct scan_site *s = scan_sites_add(w->out);

		fill_site(st, call, r, w->not_in_config, &w->frees, s);
		s->resolution = xstrdup(res.how ? res.how : "none");
		s->alternatives = res.nr;
		if (!threaded) {
			free(s->thread_text);
			s->thread_text = NULL;
		}
		if (!res.nr && threaded) {
			scan_site_judge(s, R_ALREADY_THREADED,
					r->name, s->thread_text);
			if (res.why_not)
				scan_site_note(s, "%s", res.why_not);
			continue;
		}
		if (!res.nr && res.elsewhere) {
			/* judge/elsewhere.c may find it in a sibling file. */
			s->handler = xstrdup(res.elsewhere);
			scan_site_judge(s, R_HANDLER_ELSEWHERE,
					res.why_not);
			continue;
		}
		if (!res.nr) {
			scan_site_judge(s, R_HANDLER_UNRESOLVED,
					res.why_not ? res.why_not :
					"the handler argument names no function");
			continue;
		}
		s->handler = cxstring_take(clang_getCursorSpelling(res.fn[i]));
		s->handler_file = cx_file_of(st, res.fn[i]);
		clang_getExpansionLocation(clang_getCursorLocation(res.fn[i]),
					   NULL, &s->handler_line, NULL, NULL);
		s->handler_def = res.fn[i];
		s->has_handler_def = true;
		scan_analyze_resolved(st, res.fn[i], s);
		if (res.passed_by[i])
			scan_site_note(s, "the handler is passed in by the calls in other files at %s",
				       res.passed_by[i]);
		if (res.why_not)
			scan_site_note(s, "another value of the handler argument is not followed: %s",
				       res.why_not);
	}
	scan_resolution_release(&res);
}

static void free_frees(struct frees *fr)
{
	size_t i;

	for (i = 0; i < fr->nr; i++) {
		free(fr->v[i].name);
		free(fr->v[i].arg);
	}
	free(fr->v);
}

void scan_tu_find_sites(struct scan_tu *st, bool not_in_config,
			struct scan_sites *out)
{
	struct site_walk w = { st, not_in_config, out, { st, NULL, 0 } };

	cx_for_each_main_call(st, collect_free, &w.frees);
	cx_for_each_main_call(st, site_call, &w);
	free_frees(&w.frees);
}
