// SPDX-License-Identifier: GPL-2.0
/*
 * Memory the device writes (docs/convert.md, "Which loops and delays
 * count"): a ring of descriptors the driver allocates with
 * dma_alloc_coherent(), whose completion or generation bits the device
 * sets as it posts each one.  A loop that walks such a ring until a
 * descriptor the device has not completed ends on what the device wrote,
 * as a loop ends on a status register: rocker's event ring, walked while
 * rocker_desc_gen() finds the generation bit the device set.  Only rings
 * are taken: a structure from a dma_pool is a driver's descriptor whose
 * list the driver links itself.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/lock-graph.h"
#include "tu.h"

static bool coherent_alloc(const char *callee)
{
	static const char *const names[] = {
		"dma_alloc_coherent", "dmam_alloc_coherent", NULL
	};

	return name_in(callee, names);
}

/* The structure @type is or points to, "struct rocker_desc", or NULL. */
static char *record_of(CXType type)
{
	CXType t = clang_getCanonicalType(type);

	if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	if (t.kind != CXType_Record)
		return NULL;
	return cxstring_take(clang_getTypeSpelling(t));
}

/* `lhs = dma_alloc_coherent(...)`: the structure lhs points to. */
static void note_store(CXType lhs, CXCursor value, struct strvec *out)
{
	char *callee, *record;

	value = da_strip(value);
	if (clang_getCursorKind(value) != CXCursor_CallExpr)
		return;
	callee = da_callee(value);
	if (coherent_alloc(callee)) {
		record = record_of(lhs);
		if (record && !strvec_has(out, record))
			strvec_push(out, record);
		free(record);
	}
	free(callee);
}

static enum CXChildVisitResult store_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	char *op;

	(void)parent;
	if (k != CXCursor_BinaryOperator && k != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	if (k == CXCursor_VarDecl && kids.nr) {
		note_store(clang_getCursorType(c), kids.v[kids.nr - 1], data);
	} else if (k == CXCursor_BinaryOperator && kids.nr == 2) {
		op = benefit_op_token(c, kids.v[0]);
		if (op && !strcmp(op, "="))
			note_store(clang_getCursorType(kids.v[0]), kids.v[1],
				   data);
		free(op);
	}
	free(kids.v);
	return CXChildVisit_Recurse;
}

void benefit_coherent_types(CXCursor handler, const struct lock_module *lm,
			    struct strvec *out)
{
	struct cursor_kids fns;
	size_t i;

	if (lm) {
		for (i = 0; i < lm->defs.nr; i++)
			clang_visitChildren(lm->defs.v[i], store_visit, out);
		return;
	}
	da_file_functions(handler, &fns);
	for (i = 0; i < fns.nr; i++)
		clang_visitChildren(fns.v[i], store_visit, out);
	free(fns.v);
}

struct coherent_read {
	const struct loop_env *e;
	int depth;
	bool hit;
};

static bool reads_member(CXCursor member, const struct strvec *types)
{
	struct cursor_kids kids;
	char *record;
	bool hit = false;

	da_kids(member, &kids);
	if (kids.nr) {
		record = record_of(clang_getCursorType(da_strip(kids.v[0])));
		hit = record && strvec_has(types, record);
		free(record);
	}
	free(kids.v);
	return hit;
}

static enum CXChildVisitResult coherent_visit(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct coherent_read *r = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor def;

	(void)parent;
	if (k == CXCursor_MemberRefExpr && reads_member(c, r->e->coherent)) {
		r->hit = true;
	} else if (k == CXCursor_CallExpr && r->depth < BENEFIT_CALLEE_DEPTH) {
		def = da_callee_def(c);
		if (!clang_Cursor_isNull(def) &&
		    benefit_in_file(def, r->e->file)) {
			r->depth++;
			clang_visitChildren(def, coherent_visit, r);
			r->depth--;
		}
	}
	return r->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool benefit_reads_coherent(CXCursor c, const struct loop_env *e)
{
	struct coherent_read r = { e, e->depth, false };

	if (!e->coherent || !e->coherent->nr)
		return false;
	if (coherent_visit(c, clang_getNullCursor(), &r) == CXChildVisit_Break)
		return true;
	clang_visitChildren(c, coherent_visit, &r);
	return r.hit;
}
