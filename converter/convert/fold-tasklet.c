// SPDX-License-Identifier: GPL-2.0
/*
 * A folded tasklet's function, called by the thread, has no tasklet to be
 * given: when it only used its argument to find its structure, it takes the
 * pointer the thread already has, and the tasklet member, used by nothing
 * else, goes from the structure.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/fold.h"
#include "tu.h"

static bool same_decl(CXCursor a, CXCursor b)
{
	return clang_equalCursors(clang_getCanonicalCursor(a),
				  clang_getCanonicalCursor(b));
}

static bool inside(CXCursor c, CXCursor outer)
{
	struct cursor_range r = cursor_range(c), o = cursor_range(outer);

	return !clang_Cursor_isNull(outer) && r.begin >= o.begin &&
	       r.end <= o.end;
}

struct refs {
	CXCursor decl;
	struct cursor_list hits;
};

/* Expressions naming the declaration, and offsetof()'s member names. */
static enum CXChildVisitResult refs_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct refs *rs = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ref;

	(void)parent;
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	    k == CXCursor_MemberRef) {
		ref = clang_getCursorReferenced(c);
		if (!clang_Cursor_isNull(ref) && same_decl(ref, rs->decl))
			cursor_list_push(&rs->hits, c);
	}
	return CXChildVisit_Recurse;
}

static void find_uses(CXCursor c, CXCursor decl, struct cursor_list *out)
{
	struct refs rs = { decl, { NULL, 0, 0 } };

	clang_visitChildren(c, refs_visit, &rs);
	*out = rs.hits;
}

/* Is @c inside one of the setup and kill calls that go? */
static bool in_removals(CXCursor c, const struct tasklet_fold *tf)
{
	size_t i;

	for (i = 0; i < tf->removals.nr; i++)
		if (inside(c, tf->removals.v[i]))
			return true;
	return false;
}

static bool in_file(CXCursor c, const struct split_plan *plan)
{
	char *file = cursor_file(c);
	bool here = !strcmp(file, plan->file);

	free(file);
	return here;
}

static CXType canonical(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c));
}

/* The variable the derivation declares, a pointer to the member's record. */
static CXCursor derived_var(CXCursor decl, CXCursor field)
{
	struct cursor_list vars = { NULL, 0, 0 };
	CXCursor var = clang_getNullCursor();
	CXType rec = canonical(clang_getCursorSemanticParent(field));

	cursor_children(decl, &vars);
	if (vars.nr == 1 &&
	    clang_equalTypes(clang_getPointeeType(canonical(vars.v[0])), rec))
		var = vars.v[0];
	cursor_list_release(&vars);
	return var;
}

/* `x` of the scheduled `&x->member`, when it is a @var-typed pointer. */
static char *thread_pointer(CXCursor call, CXCursor var, const char *buf)
{
	CXCursor member = cursor_strip_address(clang_Cursor_getArgument(call, 0));
	struct cursor_list kids = { NULL, 0, 0 };
	struct cursor_range r;
	char *text = NULL;

	cursor_children(member, &kids);
	if (kids.nr == 1) {
		r = cursor_range(kids.v[0]);
		if (!r.in_macro &&
		    clang_equalTypes(canonical(kids.v[0]), canonical(var)))
			text = xstrndup(buf + r.begin, r.end - r.begin);
	}
	cursor_list_release(&kids);
	return text;
}

/* The forward declarations of the function; false when one is elsewhere. */
static bool find_protos(CXCursor root, const struct split_plan *plan,
			struct tasklet_fold *tf)
{
	struct cursor_list kids = { NULL, 0, 0 };
	bool here = true;
	size_t i;

	cursor_children(root, &kids);
	for (i = 0; i < kids.nr; i++) {
		char *file;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl ||
		    clang_isCursorDefinition(kids.v[i]) ||
		    !same_decl(kids.v[i], tf->fn_decl))
			continue;
		file = cursor_file(kids.v[i]);
		if (strcmp(file, plan->file))
			here = false;
		else
			cursor_list_push(&tf->protos, kids.v[i]);
		free(file);
	}
	cursor_list_release(&kids);
	return here;
}

/* The function whose body holds @c, or a null cursor. */
static CXCursor enclosing(CXCursor root, CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor fn = clang_getNullCursor();
	size_t i;

	char *file = cursor_file(c);

	cursor_children(root, &kids);
	for (i = 0; i < kids.nr && clang_Cursor_isNull(fn); i++) {
		char *f;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(kids.v[i]) ||
		    !inside(c, kids.v[i]))
			continue;
		f = cursor_file(kids.v[i]);
		if (!strcmp(f, file))
			fn = kids.v[i];
		free(f);
	}
	free(file);
	cursor_list_release(&kids);
	return fn;
}

/* Is @use the callee of a call in @fn? */
static bool called(CXCursor fn, CXCursor use)
{
	struct cursor_list calls = { NULL, 0, 0 };
	bool hit = false;
	size_t i;

	find_calls(fn, any_callee, &calls);
	for (i = 0; i < calls.nr && !hit; i++)
		hit = cursor_range(calls.v[i]).begin == cursor_range(use).begin;
	cursor_list_release(&calls);
	return hit;
}

/* Who else names the function: NULL when only the setup calls that go. */
static char *other_use(CXCursor root, const struct tasklet_fold *tf)
{
	struct cursor_list uses;
	char *why = NULL, *by;
	size_t i;
	CXCursor fn;

	find_uses(root, tf->fn_decl, &uses);
	for (i = 0; i < uses.nr && !why; i++) {
		if (in_removals(uses.v[i], tf) || inside(uses.v[i], tf->merged))
			continue;
		fn = enclosing(root, uses.v[i]);
		if (clang_Cursor_isNull(fn)) {
			why = xasprintf("%s() is also named at line %u",
					tf->fn, cursor_line(uses.v[i]));
			continue;
		}
		by = cursor_name(fn);
		why = xasprintf("%s() is also %s by %s() at line %u", tf->fn,
				called(fn, uses.v[i]) ?
				"called" : "named", by,
				cursor_line(uses.v[i]));
		free(by);
	}
	cursor_list_release(&uses);
	return why;
}

/* Does the function use its argument only to find its structure? */
static char *check_fn(CXCursor root, const struct split_plan *plan,
		      const char *buf, CXCursor call, struct tasklet_fold *tf)
{
	CXCursor body = cursor_fn_body(tf->fn_def), param, var;
	struct cursor_list uses;
	char *pname, *field, *why = NULL;
	size_t i;

	if (clang_Cursor_getNumArguments(tf->fn_def) != 1 ||
	    clang_Cursor_isNull(body))
		return xasprintf("%s() is not a tasklet function defined here",
				 tf->fn);
	param = clang_Cursor_getArgument(tf->fn_def, 0);
	pname = cursor_name(param);
	field = cursor_name(tf->field);
	tf->ctx_decl = fold_derivation(body, pname, field);
	free(pname);
	free(field);
	if (clang_Cursor_isNull(tf->ctx_decl))
		return xasprintf("%s() does not find its structure with from_tasklet() or container_of() in a declaration of its own",
				 tf->fn);
	find_uses(body, param, &uses);
	for (i = 0; i < uses.nr && !why; i++)
		if (!inside(uses.v[i], tf->ctx_decl))
			why = xasprintf("%s() uses its tasklet argument at line %u other than to find its structure",
					tf->fn, cursor_line(uses.v[i]));
	cursor_list_release(&uses);
	if (why)
		return why;
	var = derived_var(tf->ctx_decl, tf->field);
	if (!clang_Cursor_isNull(var))
		tf->ctx_arg = thread_pointer(call, var, buf);
	if (!tf->ctx_arg)
		return xstrdup("the thread has no pointer of the type it derives");
	why = other_use(root, tf);
	if (why || !find_protos(root, plan, tf))
		return why ? why : xasprintf("%s() is declared in another file",
					     tf->fn);
	return NULL;
}

/* `struct X *x` of `struct X *x = ...;`, as written. */
static void ctx_texts(const char *buf, struct tasklet_fold *tf)
{
	struct cursor_range r = cursor_range(tf->ctx_decl);
	CXCursor var = derived_var(tf->ctx_decl, tf->field);
	CXType pointee = clang_getPointeeType(clang_getCursorType(var));
	size_t eq = r.begin;

	while (eq < r.end && buf[eq] != '=')
		eq++;
	while (eq > r.begin && (buf[eq - 1] == ' ' || buf[eq - 1] == '\t'))
		eq--;
	tf->ctx_param = xstrndup(buf + r.begin, eq - r.begin);
	tf->ctx_type = cxstring_take(clang_getTypeSpelling(pointee));
}

/*
 * Does anything but the code that goes name the member?  NULL when
 * nothing does and it may go.
 */
static char *member_used(CXCursor root, const struct split_plan *plan,
			 CXCursor call, struct tasklet_fold *tf)
{
	struct cursor_list uses;
	char *file = cursor_file(tf->field), *why = NULL;
	size_t i;

	if (strcmp(file, plan->file)) {
		char *name = cursor_name(tf->field);

		if (plan->side)
			why = fold_header_member_kept(file, plan->file, name);
		else
			why = xasprintf("it is declared in %s, which this patch does not edit for it",
					strrchr(file, '/') ? strrchr(file, '/') + 1 : file);
		free(name);
		if (why) {
			free(file);
			return why;
		}
		tf->member_file = file;
	} else {
		free(file);
	}
	find_uses(root, tf->field, &uses);
	for (i = 0; i < uses.nr && !why; i++)
		if (!in_removals(uses.v[i], tf) &&
		    !inside(uses.v[i], tf->ctx_decl) &&
		    !inside(uses.v[i], call) && !inside(uses.v[i], tf->merged))
			why = xasprintf("line %u still uses it",
					cursor_line(uses.v[i]));
	cursor_list_release(&uses);
	return why;
}

void fold_plan_retype(CXCursor call, const struct split_plan *plan,
		      const char *buf, struct tasklet_fold *tf)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(call);
	CXCursor root = clang_getTranslationUnitCursor(tu);

	tf->ctx_decl = clang_getNullCursor();
	tf->fn_def = clang_getCursorDefinition(tf->fn_decl);
	if (clang_Cursor_isNull(tf->fn_def) || !in_file(tf->fn_def, plan))
		tf->kept = xasprintf("%s() is not defined in this file",
				     tf->fn);
	else
		tf->kept = check_fn(root, plan, buf, call, tf);
	if (tf->kept) {
		tf->member_kept = xstrdup("the thread still passes it");
		return;
	}
	ctx_texts(buf, tf);
	tf->member_kept = member_used(root, plan, call, tf);
	tf->member_goes = !tf->member_kept;
}
