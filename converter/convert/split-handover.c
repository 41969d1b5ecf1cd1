// SPDX-License-Identifier: GPL-2.0
/*
 * Split planning, the values that cross: which of the quick check's locals
 * the thread needs, and the fields of the driver's private structure that
 * carry them across.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/split-parts.h"
#include "tu.h"

static bool is_integer_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind >= CXType_Bool && t.kind <= CXType_Int128 &&
	       t.kind != CXType_Float && clang_Type_getSizeOf(t) <= 4;
}

/* `char name[];` or the older `char name[0];`: it must stay the last member. */
static bool is_flexible_array(CXCursor field)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));

	return t.kind == CXType_IncompleteArray ||
	       (t.kind == CXType_ConstantArray && clang_getArraySize(t) == 0);
}

/*
 * Where new members go: before the closing '}', or before a trailing
 * flexible array member (fsl_edma_engine's chans[], sky2_hw's irq_name[]),
 * which C requires to be last and whose storage follows the structure.
 * The offset of either; add_fields() takes the comment above a member too.
 */
static size_t priv_insert_at(CXCursor rec)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor last = clang_getNullCursor();
	size_t i;

	cursor_children(rec, &kids);
	for (i = 0; i < kids.nr; i++)
		if (clang_getCursorKind(kids.v[i]) == CXCursor_FieldDecl)
			last = kids.v[i];
	cursor_list_release(&kids);
	if (!clang_Cursor_isNull(last) && is_flexible_array(last))
		return cursor_range(last).begin;
	return cursor_range(rec).end - 1;
}

/* The driver's private structure, reached from a context pointer. */
void find_priv(struct split_plan *plan, const struct locals *l,
	       const char *buf)
{
	char *dir = xstrdup(plan->file);
	size_t i;

	(void)buf;
	*strrchr(dir, '/') = '\0';
	for (i = 0; i < l->nr; i++) {
		CXType t = clang_getCursorType(l->v[i].decl);
		CXType pointee;
		CXCursor rec;
		char *file;

		if (plan->stmts[l->v[i].stmt].role != ROLE_CONTEXT)
			continue;
		t = clang_getCanonicalType(t);
		if (t.kind != CXType_Pointer)
			continue;
		pointee = clang_getCanonicalType(clang_getPointeeType(t));
		if (pointee.kind != CXType_Record)
			continue;
		rec = clang_getTypeDeclaration(pointee);
		rec = clang_getCursorDefinition(rec);
		if (clang_Cursor_isNull(rec))
			continue;
		file = cursor_file(rec);
		if (starts_with(file, dir) && file[strlen(dir)] == '/') {
			plan->priv_var = xstrdup(l->v[i].name);
			plan->priv_struct = cursor_name(rec);
			plan->priv_file = file;
			plan->priv_close = priv_insert_at(rec);
			plan->priv_decl = rec;
			break;
		}
		free(file);
	}
	free(dir);
}

/* Is tokens [b, e) `!var`, perhaps in parentheses or (un)likely()? */
static const char *not_var(const struct strvec *t, size_t b, size_t e,
			   const struct locals *l)
{
	while (e - b > 2 && !strcmp(t->v[e - 1], ")") &&
	       (!strcmp(t->v[b], "(") ||
		(e - b > 3 && !strcmp(t->v[b + 1], "(") &&
		 (!strcmp(t->v[b], "unlikely") || !strcmp(t->v[b], "likely"))))) {
		b += strcmp(t->v[b], "(") ? 2 : 1;
		e--;
	}
	if (e - b == 2 && !strcmp(t->v[b], "!") &&
	    local_named((struct locals *)l, t->v[b + 1]))
		return t->v[b + 1];
	return NULL;
}

bool handed_over(const struct split_plan *plan, const char *name)
{
	size_t i;

	for (i = 0; i < plan->nr_handovers; i++)
		if (!strcmp(plan->handovers[i].name, name))
			return true;
	return false;
}

/*
 * `!var`, `unlikely(!var)`, `!var || ...` and the like: past the check var
 * is not zero, so a thread that finds it zero knows an earlier run took it.
 * Only `||` at the outer level splits, so precedence is respected.
 */
char *zero_check_var(CXCursor check, const struct locals *l)
{
	struct cursor_list kids = { NULL, 0, 0 };
	struct strvec t = STRVEC_INIT;
	const char *var = NULL;
	size_t i, b = 0, e, start = 0;
	int depth = 0;

	cursor_children(check, &kids);
	cursor_tokens(kids.v[0], &t);
	e = t.nr;
	/* Peel the wrappers around the whole condition first. */
	while (e - b > 2 && !strcmp(t.v[e - 1], ")") &&
	       (!strcmp(t.v[b], "unlikely") || !strcmp(t.v[b], "likely")) &&
	       !strcmp(t.v[b + 1], "(")) {
		b += 2;
		e--;
	}
	start = b;
	for (i = b; i <= e && !var; i++) {
		if (i == e || (!depth && !strcmp(t.v[i], "||"))) {
			var = not_var(&t, start, i, l);
			start = i + 1;
		} else if (!strcmp(t.v[i], "(")) {
			depth++;
		} else if (!strcmp(t.v[i], ")")) {
			depth--;
		}
	}
	if (var)
		var = xstrdup(var);
	strvec_clear(&t);
	cursor_list_release(&kids);
	return (char *)var;
}

static bool struct_has_field(CXCursor rec, const char *name)
{
	struct cursor_list kids = { NULL, 0, 0 };
	size_t i;
	bool hit = false;

	cursor_children(rec, &kids);
	for (i = 0; i < kids.nr && !hit; i++) {
		char *n = cursor_name(kids.v[i]);

		hit = clang_getCursorKind(kids.v[i]) == CXCursor_FieldDecl &&
		      !strcmp(n, name);
		free(n);
	}
	cursor_list_release(&kids);
	return hit;
}

/*
 * Fields this run has already added, as "struct-USR field": two handlers
 * of one driver that share a private structure must not both add irq_x.
 */
static struct strvec fields_added = STRVEC_INIT;

static bool field_taken(const struct split_plan *plan, const char *name)
{
	char *usr = cxstring_take(clang_getCursorUSR(plan->priv_decl));
	char *key = xasprintf("%s %s", usr, name);
	bool hit = false;
	size_t i;

	for (i = 0; i < fields_added.nr && !hit; i++)
		hit = !strcmp(fields_added.v[i], key);
	if (!hit)
		hit = struct_has_field(plan->priv_decl, name);
	free(key);
	free(usr);
	return hit;
}

/* irq_<var>, unless the structure has one: then <handler>_<var>. */
static char *field_name(const struct split_plan *plan, const char *var)
{
	char *name = xasprintf("irq_%s", var);
	char *usr;

	if (clang_Cursor_isNull(plan->priv_decl))
		return name;
	if (field_taken(plan, name)) {
		free(name);
		name = xasprintf("%s_%s", plan->handler, var);
	}
	usr = cxstring_take(clang_getCursorUSR(plan->priv_decl));
	strvec_push_nodup(&fields_added, xasprintf("%s %s", usr, name));
	free(usr);
	return name;
}

static void add_handover(struct split_plan *plan, const struct local *lo)
{
	struct split_handover *h;

	plan->handovers = xrealloc(plan->handovers,
				   (plan->nr_handovers + 1) * sizeof(*h));
	h = &plan->handovers[plan->nr_handovers++];
	h->decl = lo->decl;
	h->name = xstrdup(lo->name);
	h->type = cxstring_take(clang_getTypeSpelling(
		clang_getCursorType(lo->decl)));
	h->field = field_name(plan, lo->name);
	h->declared_in_quick = plan->stmts[lo->stmt].role == ROLE_QUICK;
}

bool used_in_role(const struct split_plan *plan, const struct local *lo,
		  enum stmt_role role)
{
	size_t i;

	for (i = 0; i < plan->nr_stmts; i++)
		if (plan->stmts[i].role == role &&
		    refs_local(plan->stmts[i].cursor, lo))
			return true;
	return false;
}

/*
 * Does the thread use @lo: in its statements, or through a context
 * declaration it keeps (apple_dart_irq()'s `u64 addr = addr_lo | ...`
 * reads the quick check's addr_lo)?  @depth bounds chains of them.
 */
static bool used_by_thread(const struct split_plan *plan,
			   const struct locals *l, const struct local *lo,
			   int depth)
{
	size_t i, k;

	if (used_in_role(plan, lo, ROLE_THREAD))
		return true;
	/* A statement the thread computes again reads it (split-derived.c). */
	for (i = 0; i < plan->nr_stmts; i++)
		if (plan->stmts[i].replay &&
		    refs_local(plan->stmts[i].cursor, lo) &&
		    !cursor_assigns(plan->stmts[i].cursor, lo->name))
			return true;
	for (i = 0; depth > 0 && i < plan->nr_stmts; i++) {
		if (plan->stmts[i].role != ROLE_CONTEXT || i == lo->stmt ||
		    !refs_local(plan->stmts[i].cursor, lo))
			continue;
		for (k = 0; k < l->nr; k++)
			if (l->v[k].stmt == i &&
			    used_by_thread(plan, l, &l->v[k], depth - 1))
				return true;
	}
	return false;
}

struct for_walk {
	const char *name;
	struct cursor_list fors;
};

static enum CXChildVisitResult for_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct for_walk *w = data;
	struct strvec t = STRVEC_INIT;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ForStmt)
		return CXChildVisit_Recurse;
	cursor_tokens(c, &t);
	if (t.nr > 3 && !strcmp(t.v[2], w->name) && !strcmp(t.v[3], "="))
		cursor_list_push(&w->fors, c);
	strvec_clear(&t);
	return CXChildVisit_Recurse;
}

/*
 * Does the thread use @lo only inside `for (lo = ...; ...)` loops, which set
 * it before reading it (ast_vhub_irq()'s counter i)?  Then the value the
 * quick check left in it, perhaps none, need not cross.
 */
static bool thread_sets_first(const struct split_plan *plan,
			      const struct local *lo)
{
	size_t i, r, f;
	bool inside = true, found = false;

	for (i = 0; i < plan->nr_stmts && inside; i++) {
		struct for_walk w = { lo->name, { NULL, 0, 0 } };
		struct cursor_list refs = { NULL, 0, 0 };

		if (plan->stmts[i].role != ROLE_THREAD)
			continue;
		find_refs(plan->stmts[i].cursor, lo->decl, &refs);
		found |= refs.nr > 0;
		if (refs.nr) {
			for_visit(plan->stmts[i].cursor, clang_getNullCursor(), &w);
			clang_visitChildren(plan->stmts[i].cursor, for_visit, &w);
		}
		for (r = 0; r < refs.nr && inside; r++) {
			struct cursor_range rr = cursor_range(refs.v[r]);

			inside = false;
			for (f = 0; f < w.fors.nr && !inside; f++) {
				struct cursor_range fr = cursor_range(w.fors.v[f]);

				inside = rr.begin >= fr.begin && rr.end <= fr.end;
			}
		}
		cursor_list_release(&refs);
		cursor_list_release(&w.fors);
	}
	/* A declaration the thread keeps may read it before any loop. */
	for (i = 0; i < plan->nr_stmts && inside; i++)
		if (plan->stmts[i].role == ROLE_CONTEXT && i != lo->stmt &&
		    refs_local(plan->stmts[i].cursor, lo))
			inside = false;
	return inside && found;
}

/* Does @lo need to cross from the quick check to the thread? */
static bool crosses(const struct split_plan *plan, const struct locals *l,
		    const struct local *lo)
{
	bool staged = plan->strategy == SPLIT_STAGED;
	enum stmt_role decl_role = plan->stmts[lo->stmt].role;

	/*
	 * staged: the main handler runs the check again, so every value the
	 * quick check read crosses, used later or not (a read-to-clear status
	 * read twice is 0); it recomputes the rest.
	 */
	if (decl_role == ROLE_THREAD ||
	    (staged ? !lo->device_value : !used_by_thread(plan, l, lo, 4)))
		return false;
	if (decl_role == ROLE_CONTEXT && !lo->set_in_quick)
		return false;
	return staged || !thread_sets_first(plan, lo);
}

int plan_handovers(struct split_plan *plan, struct locals *l)
{
	bool staged = plan->strategy == SPLIT_STAGED;
	bool *derived = xcalloc(l->nr + 1, sizeof(*derived));
	struct strvec names = STRVEC_INIT;
	size_t i;
	int r = 0;

	/* First what the thread computes again: it needs the status then. */
	for (i = 0; !staged && i < l->nr && r >= 0; i++) {
		if (!l->v[i].device_value || !crosses(plan, l, &l->v[i]))
			continue;
		r = split_handover_derived(plan, l, &l->v[i]);
		derived[i] = r > 0;
		if (r > 0)
			strvec_push(&names, l->v[i].name);
	}
	for (i = 0; r >= 0 && i < l->nr; i++) {
		struct local *lo = &l->v[i];

		if (derived[i] || !crosses(plan, l, lo))
			continue;
		if (!is_integer_type(clang_getCursorType(lo->decl))) {
			refuse(plan, R_HANDOVER_TYPE,
			       lo->name);
			r = -1;
			break;
		}
		add_handover(plan, lo);
	}
	if (r >= 0)
		split_derived_note(plan, &names);
	strvec_clear(&names);
	free(derived);
	return r < 0 ? -1 : 0;
}
