// SPDX-License-Identifier: GPL-2.0
/*
 * Folding a work item, the work function's side: can it be the thread
 * (it finds its structure with container_of(), nothing else uses it, it
 * does not wait for its own line), and which enable_irq() and which member
 * go with the work item.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/fold-work-parts.h"
#include "convert/fold.h"
#include "tu.h"

/* The definition of @name in @file, with its forward declarations. */
CXCursor find_fn(CXCursor root, const char *file, const char *name,
			struct cursor_list *protos)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor def = clang_getNullCursor();
	size_t i;

	cursor_children(root, &kids);
	for (i = 0; i < kids.nr; i++) {
		char *n, *f;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl)
			continue;
		n = cursor_name(kids.v[i]);
		f = cursor_file(kids.v[i]);
		if (!strcmp(n, name) && !strcmp(f, file)) {
			if (clang_isCursorDefinition(kids.v[i]))
				def = kids.v[i];
			else
				cursor_list_push(protos, kids.v[i]);
		}
		free(n);
		free(f);
	}
	cursor_list_release(&kids);
	return def;
}

static bool is_enable_irq(const char *n)
{
	return !strcmp(n, "enable_irq");
}

/*
 * The enable_irq() statements of the work function, each alone or the only
 * statement of an `if` without else, which go with the handler's
 * disable_irq(): IRQF_ONESHOT does what the pair did.  False when one
 * stands elsewhere.
 */
static bool collect_enables(CXCursor c, struct work_fold *wf)
{
	struct cursor_list kids = { NULL, 0, 0 };
	enum CXCursorKind k = clang_getCursorKind(c);
	bool ok = true;
	size_t i;

	if (clang_Cursor_isNull(find_call(c, is_enable_irq)))
		return true;
	cursor_children(c, &kids);
	if (k == CXCursor_CallExpr) {
		char *n = call_name(c);

		ok = is_enable_irq(n);
		if (ok)
			cursor_list_push(&wf->enables, c);
		free(n);
	} else if (k == CXCursor_IfStmt && kids.nr == 2 &&
		   clang_Cursor_isNull(find_call(kids.v[0], is_enable_irq)) &&
		   clang_getCursorKind(kids.v[1]) == CXCursor_CallExpr) {
		char *n = call_name(kids.v[1]);

		ok = is_enable_irq(n);
		if (ok)
			cursor_list_push(&wf->enables, c);
		free(n);
	} else if (k == CXCursor_CompoundStmt) {
		for (i = 0; i < kids.nr && ok; i++)
			ok = collect_enables(kids.v[i], wf);
	} else {
		ok = false;
	}
	cursor_list_release(&kids);
	return ok;
}

static bool is_line_control(const char *n)
{
	return waits_for_irq(n) || !strcmp(n, "disable_irq_nosync");
}

/* Can the work function @wf->fn_def be the thread?  -1 after a refusal. */
int check_fn(struct split_plan *plan, struct work_fold *wf,
		    CXCursor root, CXCursor base)
{
	CXCursor body = cursor_fn_body(wf->fn_def), param, var;
	struct cursor_list refs = { NULL, 0, 0 }, vars = { NULL, 0, 0 };
	CXCursor ctl;
	char *pname, *why = NULL;
	size_t i;

	if (clang_Cursor_getNumArguments(wf->fn_def) != 1 ||
	    clang_Cursor_isNull(body)) {
		unfoldable(plan, wf->field_name, "its function is not a work function defined here");
		return -1;
	}
	param = clang_Cursor_getArgument(wf->fn_def, 0);
	pname = cursor_name(param);
	wf->obj_decl = fold_derivation(body, pname, wf->field_name);
	free(pname);
	if (clang_Cursor_isNull(wf->obj_decl)) {
		why = xasprintf("%s() does not find its structure with container_of() in a declaration of its own", wf->fn);
		goto out;
	}
	all_refs(body, param, &refs);
	for (i = 1; i < refs.nr; i++)
		if (!within(refs.v[i], wf->obj_decl))
			why = xasprintf("%s() uses its work_struct argument at line %u other than to find its structure",
					wf->fn, cursor_line(refs.v[i]));
	cursor_list_release(&refs);
	if (why)
		goto out;
	/* The thread's dev_id must be the object the work belongs to. */
	cursor_children(wf->obj_decl, &vars);
	var = vars.nr ? vars.v[0] : clang_getNullCursor();
	if (clang_Cursor_isNull(base) || clang_Cursor_isNull(var) ||
	    !clang_equalTypes(clang_getCanonicalType(clang_getCursorType(var)),
			      clang_getCanonicalType(clang_getCursorType(base))))
		why = xasprintf("the handler's dev_id is not the structure %s() works on", wf->fn);
	cursor_list_release(&vars);
	if (why)
		goto out;
	all_refs(root, wf->fn_def, &refs);
	for (i = 1; i < refs.nr && !why; i++) {
		size_t off = cursor_range(refs.v[i]).begin;
		bool init = false;
		size_t j;

		for (j = 0; j < wf->removals.nr; j++)
			init |= cursor_range(wf->removals.v[j]).begin == off;
		if (!init && !within(refs.v[i], wf->fn_def))
			why = xasprintf("%s() is also used at line %u",
					wf->fn, cursor_line(refs.v[i]));
	}
	cursor_list_release(&refs);
	if (why)
		goto out;
	ctl = find_call(body, is_line_control);
	if (!clang_Cursor_isNull(ctl)) {
		char *n = call_name(ctl);

		refuse(plan, R_OWN_LINE_DISABLE, wf->fn, n);
		free(n);
		return -1;
	}
	if (!collect_enables(body, wf) || (wf->enables.nr && !wf->disables) ||
	    (wf->disables && !wf->enables.nr))
		why = xasprintf("the handler's disable_irq() and the enable_irq() of %s() are not a pair the thread can drop",
				wf->fn);
out:
	if (why)
		unfoldable(plan, wf->field_name, why);
	free(why);
	return why ? -1 : 0;
}

/* The member goes when nothing but the removed code names it. */
void find_member_decl(const struct split_plan *plan,
			     struct work_fold *wf, CXCursor root)
{
	struct cursor_list refs = { NULL, 0, 0 };
	char *file = cursor_file(wf->field);
	size_t i, j;
	bool used = false;

	wf->field_decl_stmt = clang_getNullCursor();
	if (strcmp(file, plan->file)) {
		free(file);
		return;
	}
	free(file);
	all_refs(root, wf->field, &refs);
	for (i = 1; i < refs.nr && !used; i++) {
		bool gone = within(refs.v[i], plan->def) ||
			    within(refs.v[i], wf->obj_decl);

		for (j = 0; j < wf->removals.nr; j++)
			gone |= cursor_range(refs.v[i]).begin >=
				cursor_range(wf->removals.v[j]).begin &&
				cursor_range(refs.v[i]).begin <
				cursor_range(wf->removals.v[j]).end;
		used = !gone;
	}
	cursor_list_release(&refs);
	if (!used)
		wf->field_decl_stmt = wf->field;
}

