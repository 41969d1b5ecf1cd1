// SPDX-License-Identifier: GPL-2.0
/*
 * A configuration count: a field of the driver's structure that only the
 * functions probing the device write (probe, the functions they call, in
 * any file of the module, and what a driver's .ndo_open sizes as probe
 * does), or that every other write sets to a compile-time constant (a
 * hardware variant's capabilities), so that a loop bounded by it runs as
 * many rounds as the device has channels, however busy.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/lock-graph.h"
#include "tu.h"

/* Functions called from probing, followed this many calls deep. */
#define PROBE_DEPTH 3

/*
 * `.probe = foo_probe,` in a driver structure: the functions a driver
 * registers as its probe, by the tokens of the file's variables; and a
 * network driver's `.ndo_open`, where it sizes its queues for the time
 * the interface is up (octeontx2's `qset.cq_cnt`), and its ethtool
 * `.set_channels`, where the administrator sizes them again.
 */
static bool probe_member(const char *name)
{
	return starts_with(name, "probe") || !strcmp(name, "ndo_open") ||
	       !strcmp(name, "set_channels");
}

struct probing {
	struct strvec *names;
	CXFile file;
	bool grew;
};

static void probing_visit(CXCursor call, void *data)
{
	struct probing *p = data;
	CXCursor def = da_callee_def(call);
	char *callee;

	if (clang_Cursor_isNull(def) || !benefit_in_file(def, p->file))
		return;
	callee = da_callee(call);
	if (*callee && !strvec_has(p->names, callee)) {
		strvec_push(p->names, callee);
		p->grew = true;
	}
	free(callee);
}

/*
 * The functions of @file that run while the driver probes: those named
 * *probe*, those a driver structure registers as .probe, and the
 * functions of the file they call.
 */
static void probing_functions(const struct cursor_kids *fns,
			      const struct cursor_kids *top, CXFile file,
			      struct strvec *names)
{
	struct probing p = { names, file, true };
	size_t i;
	int round;

	da_member_values(top, file, probe_member, names);
	for (i = 0; i < fns->nr; i++) {
		char *n = da_spelling(fns->v[i]);

		if (strstr(n, "probe") && !strvec_has(names, n))
			strvec_push(names, n);
		free(n);
	}
	for (round = 0; round < PROBE_DEPTH && p.grew; round++) {
		p.grew = false;
		for (i = 0; i < fns->nr; i++) {
			char *n = da_spelling(fns->v[i]);

			if (strvec_has(names, n))
				da_for_each_call(fns->v[i], probing_visit, &p);
			free(n);
		}
	}
}

struct field_writes {
	CXCursor field;
	char *usr;		/* its USR, in another file of the module */
	bool written;		/* a function of the module writes it */
	bool outside;		/* one that does not run at probe does */
	bool probing;		/* the function walked runs at probe */
};

static bool names_field(CXCursor e, const struct field_writes *fw)
{
	CXCursor ref;
	char *usr;
	bool same;

	e = da_strip(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	ref = clang_getCursorReferenced(e);
	if (!fw->usr)
		return clang_equalCursors(ref, fw->field);
	usr = cxstring_take(clang_getCursorUSR(ref));
	same = !strcmp(usr, fw->usr);
	free(usr);
	return same;
}

/*
 * A write of the field: assigned, stepped or its address taken (passed
 * to device_property_read_u32()).  An operator written in a macro
 * cannot be read, and counts as a write.
 */
static bool writes_field(CXCursor c, const struct field_writes *fw)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_kids kids;
	bool hit = false;
	char *op;

	if (k != CXCursor_BinaryOperator && k != CXCursor_UnaryOperator &&
	    k != CXCursor_CompoundAssignOperator)
		return false;
	da_kids(c, &kids);
	if (kids.nr && names_field(kids.v[0], fw)) {
		op = benefit_op_token(c, kids.v[0]);
		hit = k == CXCursor_CompoundAssignOperator || !op ||
		      !strcmp(op, "=") || !strcmp(op, "++") ||
		      !strcmp(op, "--") || !strcmp(op, "&");
		free(op);
	}
	free(kids.v);
	return hit;
}

/*
 * The field's address converted to a pointer to const: a function that
 * only reads it, as find_next_bit() reads for_each_set_bit()'s mask.
 */
static bool const_address(CXCursor c, const struct field_writes *fw)
{
	CXType t = clang_getCursorType(c);
	CXCursor e = da_strip(c);
	struct cursor_kids kids;
	bool hit;

	if (t.kind != CXType_Pointer ||
	    !clang_isConstQualifiedType(clang_getPointeeType(t)) ||
	    clang_getCursorKind(e) != CXCursor_UnaryOperator ||
	    clang_equalCursors(e, c))
		return false;
	da_kids(e, &kids);
	hit = kids.nr == 1 && names_field(kids.v[0], fw);
	free(kids.v);
	return hit;
}

/*
 * `hw->sc_entries = 128;`: a plain store of a compile-time constant, what
 * a hardware variant's capabilities are (octeontx2 mcs's
 * cn10kb_mcs_set_hw_capabilities(), which probe reaches through an ops
 * pointer).  Wherever it is made, the field holds one of the constants.
 */
static bool stores_constant(CXCursor c)
{
	struct cursor_kids kids;
	bool hit = false;
	char *op;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op = benefit_binop(c);
	da_kids(c, &kids);
	hit = op && !strcmp(op, "=") && kids.nr == 2 &&
	      benefit_evaluates(kids.v[1]);
	free(kids.v);
	free(op);
	return hit;
}

static enum CXChildVisitResult field_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct field_writes *fw = data;

	(void)parent;
	if (const_address(c, fw))
		return CXChildVisit_Continue;
	if (writes_field(c, fw)) {
		fw->written = true;
		fw->outside |= !fw->probing && !stores_constant(c);
	}
	return fw->outside ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * The module's other files (@lm, nicvf's nicvf_queues.c): a function of
 * theirs that the probing functions call (PROBE_DEPTH calls deep) runs at
 * probe too; any other that writes the field keeps it from being a
 * configuration.
 */
static void module_writes(const struct lock_module *lm, CXCursor fn,
			  const struct strvec *probing, struct field_writes *fw)
{
	ssize_t home = lm_tu_of(lm, fn);
	bool *runs = xcalloc(lm->nr_fns ? lm->nr_fns : 1, sizeof(*runs));
	struct strvec names = STRVEC_INIT;
	struct cursor_kids top;
	size_t i, j;
	int round;

	/* What the other files register: otx2_ethtool.c's .set_channels. */
	for (i = 0; i < lm->nr_module_tus; i++) {
		CXTranslationUnit unit = lm->tus[i].unit;

		if ((ssize_t)i == home)
			continue;
		da_kids(clang_getTranslationUnitCursor(unit), &top);
		da_member_values(&top, clang_getFile(unit, lm->tus[i].path),
				 probe_member, &names);
		free(top.v);
	}
	for (i = 0; i < lm->nr_fns; i++)
		runs[i] = lm->fns[i].module &&
			  (strvec_has(probing, lm->fns[i].name) ||
			   strvec_has(&names, lm->fns[i].name) ||
			   strstr(lm->fns[i].name, "probe"));
	strvec_clear(&names);
	for (round = 0; round < PROBE_DEPTH; round++)
		for (i = 0; i < lm->nr_fns; i++)
			for (j = 0; runs[i] && j < lm->fns[i].nr_calls; j++)
				runs[lm->fns[i].calls[j]] = true;
	fw->usr = cxstring_take(clang_getCursorUSR(fw->field));
	for (i = 0; i < lm->nr_fns && !fw->outside; i++) {
		if (!lm->fns[i].module || lm_tu_of(lm, lm->fns[i].def) == home)
			continue;
		fw->probing = runs[i];
		clang_visitChildren(lm->fns[i].def, field_visit, fw);
	}
	free(fw->usr);
	fw->usr = NULL;
	free(runs);
}

bool benefit_config_field(CXCursor member, const struct loop_env *e)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(member);
	struct field_writes fw = { clang_getCursorReferenced(member), NULL,
				   false, false, false };
	struct strvec probing = STRVEC_INIT;
	struct cursor_kids fns, top;
	size_t i;

	if (clang_getCursorKind(fw.field) != CXCursor_FieldDecl)
		return false;
	da_file_functions(e->fn, &fns);
	da_kids(clang_getTranslationUnitCursor(tu), &top);
	probing_functions(&fns, &top, e->file, &probing);
	for (i = 0; i < fns.nr && !fw.outside; i++) {
		char *n = da_spelling(fns.v[i]);

		fw.probing = strvec_has(&probing, n);
		clang_visitChildren(fns.v[i], field_visit, &fw);
		free(n);
	}
	if (e->lm && !fw.outside)
		module_writes(e->lm, e->fn, &probing, &fw);
	strvec_clear(&probing);
	free(fns.v);
	free(top.v);
	return fw.written && !fw.outside;
}
