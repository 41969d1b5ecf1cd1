// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/module.h"
#include "ast/cursor.h"
#include "convert/callsite-parts.h"
#include "convert/cocci.h"
#include "convert/split.h"
#include "tu.h"

#define IRQF_SHARED_BIT 0x00000080
/* the caller expects a sharer (e1000_test_intr()): not exclusive either */
#define IRQF_PROBE_SHARED_BIT 0x00000100

static bool is_request_call(const char *callee)
{
	return !strcmp(callee, "request_irq") ||
	       !strcmp(callee, "devm_request_irq") ||
	       !strcmp(callee, "request_threaded_irq") ||
	       !strcmp(callee, "devm_request_threaded_irq") ||
	       !strcmp(callee, "request_any_context_irq") ||
	       !strcmp(callee, "devm_request_any_context_irq") ||
	       !strcmp(callee, "request_percpu_irq") ||
	       !strcmp(callee, "request_nmi");
}

static char *text_of(const char *buf, CXCursor c)
{
	struct cursor_range r = cursor_range(c);

	return xstrndup(buf + r.begin, r.end - r.begin);
}

static void resolve_handler(struct callsite *cs, CXCursor arg,
			    const struct lock_module *lm)
{
	CXCursor ref;

	arg = cursor_strip(arg);
	if (clang_getCursorKind(arg) == CXCursor_UnaryOperator) {
		struct cursor_list kids = { NULL, 0, 0 };

		cursor_children(arg, &kids);
		if (kids.nr == 1)
			arg = cursor_strip(kids.v[0]);
		cursor_list_release(&kids);
	}
	if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr) {
		refusal_set(&cs->refusal, R_HANDLER_NOT_NAMED);
		return;
	}
	ref = clang_getCursorReferenced(arg);
	if (clang_getCursorKind(ref) == CXCursor_VarDecl) {
		struct cursor_list kids = { NULL, 0, 0 };
		CXCursor init = clang_getNullCursor();
		size_t i;

		cursor_children(ref, &kids);
		for (i = 0; i < kids.nr; i++)
			if (clang_isExpression(clang_getCursorKind(kids.v[i])))
				init = cursor_strip(kids.v[i]);
		cursor_list_release(&kids);
		if (clang_Cursor_isNull(init) ||
		    clang_getCursorKind(init) != CXCursor_DeclRefExpr) {
			char *var = cursor_name(ref);

			refusal_set(&cs->refusal, R_HANDLER_RUNTIME_CHOICE, var);
			free(var);
			return;
		}
		cs->handler_var = ref;
		ref = clang_getCursorReferenced(init);
	}
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl) {
		refusal_set(&cs->refusal, R_HANDLER_NOT_FUNCTION);
		return;
	}
	cs->handler = cursor_name(ref);
	cs->handler_def = clang_getCursorDefinition(ref);
	/* Defined in another file of the module: analysed and edited there. */
	if (clang_Cursor_isNull(cs->handler_def))
		cs->handler_def = module_def_named(lm, cs->handler);
	if (clang_Cursor_isNull(cs->handler_def))
		refusal_set(&cs->refusal, R_HANDLER_NOT_HERE, cs->handler);
}

struct find_ctx {
	const char *file;
	const char *buf;
	const struct lock_module *lm;
	struct callsite_list *out;
};

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct find_ctx *ctx = data;
	struct callsite *cs;
	char *name, *file;
	int handler_arg, flags_arg;
	CXEvalResult ev;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	name = call_name(c);
	file = cursor_file(c);
	if (!is_request_call(name) || strcmp(file, ctx->file)) {
		free(name);
		free(file);
		return CXChildVisit_Recurse;
	}
	free(file);
	ctx->out->v = xrealloc(ctx->out->v, (ctx->out->nr + 1) * sizeof(*cs));
	cs = &ctx->out->v[ctx->out->nr++];
	memset(cs, 0, sizeof(*cs));
	cs->call = c;
	cs->callee = name;
	cs->line = cursor_line(c);
	cs->handler_def = clang_getNullCursor();
	cs->handler_var = clang_getNullCursor();
	if (strcmp(name, "request_irq") && strcmp(name, "devm_request_irq")) {
		refusal_set(&cs->refusal, R_NOT_PLAIN_REQUEST, name);
		return CXChildVisit_Continue;
	}
	handler_arg = starts_with(name, "devm_") ? 2 : 1;
	flags_arg = handler_arg + 1;
	if (clang_Cursor_getNumArguments(c) <= flags_arg) {
		refusal_set(&cs->refusal, R_BAD_ARG_COUNT);
		return CXChildVisit_Continue;
	}
	cs->flags_text = text_of(ctx->buf, clang_Cursor_getArgument(c, flags_arg));
	ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(c, flags_arg));
	if (ev && clang_EvalResult_getKind(ev) == CXEval_Int) {
		unsigned long long v = clang_EvalResult_getAsUnsigned(ev);

		cs->shared = v & IRQF_SHARED_BIT;
		cs->exclusive = !(v & (IRQF_SHARED_BIT | IRQF_PROBE_SHARED_BIT));
	} else {
		/*
		 * Flags computed at run time (platform data, a probe-time
		 * choice) may hold IRQF_SHARED: the line may be shared, and
		 * IRQF_ONESHOT must not be added to it.
		 */
		cs->shared = true;
	}
	if (ev)
		clang_EvalResult_dispose(ev);
	resolve_handler(cs, clang_Cursor_getArgument(c, handler_arg), ctx->lm);
	return CXChildVisit_Continue;
}

void callsites_find(CXTranslationUnit tu, const char *file, const char *buf,
		    const struct lock_module *lm, struct callsite_list *out)
{
	struct find_ctx ctx = { file, buf, lm, out };

	out->v = NULL;
	out->nr = 0;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &ctx);
}

void callsites_release(struct callsite_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].callee);
		free(l->v[i].handler);
		free(l->v[i].flags_text);
		refusal_release(&l->v[i].refusal);
	}
	free(l->v);
	l->v = NULL;
	l->nr = 0;
}

/*
 * `if ((err = request_irq(...)))`: the variable, and where `if` starts;
 * NULL for any other shape.  The shape is read off the line as written.
 */
static char *assigned_in_if(const char *buf, struct cursor_range r,
			    size_t *if_begin)
{
	size_t p = split_line_start(buf, r.begin), v;

	while (buf[p] == '\t' || buf[p] == ' ')
		p++;
	*if_begin = p;
	if (strncmp(buf + p, "if ((", 5))
		return NULL;
	p += 5;
	v = p;
	while (isalnum((unsigned char)buf[p]) || buf[p] == '_')
		p++;
	if (p == v || strncmp(buf + p, " = ", 3) || p + 3 != r.begin ||
	    strncmp(buf + r.end, "))", 2))
		return NULL;
	return xstrndup(buf + v, p - v);
}

/*
 * The new call, written out again: the name grew, so kernel style wants
 * the arguments refilled to 80 columns, aligned with the open parenthesis.
 */
static void render_call(const struct callsite *cs, const char *buf,
			const char *quick, const char *thread,
			enum request_form form, bool hoist,
			struct edit_list *el)
{
	int handler_arg = starts_with(cs->callee, "devm_") ? 2 : 1;
	int i, n = clang_Cursor_getNumArguments(cs->call);
	struct cursor_range r = cursor_range(cs->call);
	struct strvec args = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT, indent = STRBUF_INIT;
	size_t open, col, tail, k;
	size_t hoist_begin = 0;
	char *var;
	bool oneshot = form == REQUEST_ONESHOT || form == REQUEST_WHOLE;
	char *name = xasprintf(form == REQUEST_QUICKCHECK ? "%s_irq_quickcheck" :
			       "%s_threaded_irq",
			       starts_with(cs->callee, "devm_") ?
			       "devm_request" : "request");

	for (i = 0; i < n; i++) {
		char *t = cursor_one_line_text(buf, clang_Cursor_getArgument(cs->call, i));

		if (i == handler_arg && form == REQUEST_WHOLE) {
			/* no quick check: the handler, as named, is the thread */
			strvec_push(&args, "NULL");
			strvec_push_nodup(&args, t);
			continue;
		}
		if (i == handler_arg && form == REQUEST_QUICKCHECK) {
			/* the old handler stays, the quick check after it */
			strvec_push_nodup(&args, t);
			strvec_push(&args, quick);
			continue;
		}
		if (i == handler_arg && clang_Cursor_isNull(cs->handler_var)) {
			strvec_push(&args, quick);
			strvec_push(&args, thread);
			free(t);
			continue;
		}
		strvec_push_nodup(&args, t);
		if (i == handler_arg)
			strvec_push(&args, thread);
		if (i == handler_arg + 1 && oneshot) {
			/* t is args.v[args.nr - 1]: build the new text first */
			args.v[args.nr - 1] = !strcmp(t, "0") ? xstrdup("IRQF_ONESHOT") :
				xasprintf("%s | IRQF_ONESHOT", t);
			free(t);
		}
	}
	var = hoist ? assigned_in_if(buf, r, &hoist_begin) : NULL;
	open = (var ? cursor_column_of(buf, hoist_begin) + strlen(var) + 3 :
		cursor_column_of(buf, r.begin)) + strlen(name) + 1;
	for (k = 0; k < open / 8; k++)
		strbuf_addch(&indent, '\t');
	for (k = 0; k < open % 8; k++)
		strbuf_addch(&indent, ' ');
	/* What follows the call on its last line: ");" or ")) {". */
	tail = var ? 1 : strcspn(buf + r.end, "\n");
	strbuf_addf(&sb, "%s(", name);
	col = open;
	for (k = 0; k < args.nr; k++) {
		size_t w = strlen(args.v[k]) + (k + 1 < args.nr ? 1 : 1 + tail);

		if (k && col + 1 + w > 80) {
			strbuf_addf(&sb, "\n%s", indent.buf);
			col = open;
		} else if (k) {
			strbuf_addch(&sb, ' ');
			col++;
		}
		strbuf_addstr(&sb, args.v[k]);
		col += strlen(args.v[k]);
		if (k + 1 < args.nr) {
			strbuf_addch(&sb, ',');
			col++;
		}
	}
	strbuf_addch(&sb, ')');
	if (var) {
		/*
		 * checkpatch forbids assignment in an if condition, and the
		 * line is ours now: hoist it, as the kernel writes it today.
		 */
		char *indent = xstrndup(buf + split_line_start(buf, r.begin),
					hoist_begin - split_line_start(buf, r.begin));
		char *text = xasprintf("%s = %s;\n%sif (%s)", var, sb.buf, indent,
				       var);

		edit_add(el, hoist_begin, r.end + 2 - hoist_begin, text,
			 "threaded request");
		free(text);
		free(indent);
		free(var);
	} else {
		edit_add(el, r.begin, r.end - r.begin, sb.buf,
			 "threaded request");
	}
	strbuf_release(&sb);
	strbuf_release(&indent);
	strvec_clear(&args);
	free(name);
}

static int agree_with_cocci(const struct callsite *cs, const char *path,
			    const char *buf, size_t len, const char *handler,
			    const char *quick, const char *thread,
			    enum request_form form, struct edit_list *call,
			    struct refusal *why)
{
	char *ours, *theirs = NULL, *failure = NULL;
	size_t ours_len, theirs_len = 0;
	int ret = 0, failed;

	if (edit_list_check(call, len)) {
		refusal_set(why, R_EDITS_OVERLAP, handler);
		return -1;
	}
	ours = edit_apply(call, buf, len, &ours_len);
	if (form == REQUEST_QUICKCHECK)
		failed = cocci_request_to_quickcheck(path, handler, quick, &theirs,
						     &theirs_len, &failure);
	else
		failed = cocci_request_to_threaded(path, cs->line, handler,
						   quick, thread,
						   form == REQUEST_ONESHOT ||
						   form == REQUEST_WHOLE,
						   cs->sharers_agree,
						   &theirs, &theirs_len, &failure);
	if (failed) {
		refusal_take(why, R_COCCI_FAILED, failure);
		ret = -1;
	} else if (!same_but_whitespace(ours, ours_len, theirs, theirs_len)) {
		refusal_set(why, R_COCCI_DISAGREES,
			    cs->line, form == REQUEST_QUICKCHECK ?
			    "request_irq_to_quickcheck.cocci" :
			    "request_irq_to_threaded.cocci");
		ret = -1;
	}
	free(ours);
	free(theirs);
	return ret;
}

int callsite_rewrite(const struct callsite *cs, const char *path,
		     const char *buf, size_t len, const char *quick,
		     const char *thread, enum request_form form,
		     struct edit_list *el, struct strvec *notes, struct refusal *why)
{
	struct edit_list call;
	struct other_use ou;
	size_t i;
	CXCursor name_ref = handler_ref(cs);
	char *cocci_handler = NULL;
	bool keeps_handler;
	int ret = -1;

	if (request_checks(cs, NULL, form, &ou, why))
		return -1;
	/*
	 * The staged request keeps the old handler, and so does one moved to
	 * the thread whole (NULL primary); with it e1000's
	 * `handler` variable: the semantic patch, told that name, rewrites
	 * the call as it is.  Otherwise the variable names the quick check
	 * now, and only direct names are checked against the semantic patch
	 * (through a variable it would replace the variable).
	 */
	keeps_handler = form == REQUEST_QUICKCHECK || form == REQUEST_WHOLE;
	if (keeps_handler && !clang_Cursor_isNull(cs->handler_var))
		cocci_handler = cursor_name(cs->handler_var);
	else if (clang_Cursor_isNull(cs->handler_var))
		cocci_handler = xstrdup(cs->handler);
	if (form == REQUEST_WHOLE) {
		quick = "NULL";
		thread = cocci_handler;
	}
	edit_list_init(&call, el->file);
	if (!keeps_handler && !clang_Cursor_isNull(cs->handler_var)) {
		struct cursor_range nr = cursor_range(name_ref);

		edit_add(&call, nr.begin, nr.end - nr.begin, quick,
			 "handler variable");
	}
	render_call(cs, buf, quick, thread, form, false, &call);
	if (cocci_handler &&
	    agree_with_cocci(cs, path, buf, len, cocci_handler, quick, thread,
			     form, &call, why))
		goto out;
	/* Checked as Coccinelle writes it; laid out as checkpatch wants it. */
	edit_list_release(&call);
	edit_list_init(&call, el->file);
	if (!keeps_handler && !clang_Cursor_isNull(cs->handler_var)) {
		struct cursor_range nr = cursor_range(name_ref);

		edit_add(&call, nr.begin, nr.end - nr.begin, quick,
			 "handler variable");
	}
	render_call(cs, buf, quick, thread, form, true, &call);
	for (i = 0; i < call.nr; i++)
		edit_add(el, call.v[i].offset, call.v[i].length, call.v[i].text,
			 call.v[i].why);
	ret = rewrite_direct_calls(cs, &ou, buf, len, quick, form, el, notes,
				   why);
out:
	free(cocci_handler);
	cursor_list_release(&ou.calls);
	edit_list_release(&call);
	return ret;
}
