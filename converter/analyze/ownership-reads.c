// SPDX-License-Identifier: GPL-2.0
/*
 * Device reads that hand their value back through a pointer, for the
 * ownership check to test (i2c-i801's PCI_STATUS, i2c-designware's
 * regmap).  A regmap over I2C or SPI sleeps: it has no place in hard-irq
 * context, and a quick check cannot read through it.  So regmap_read()
 * counts only on a regmap that every place of the module that creates it
 * makes over MMIO: regmap_init_mmio*(), or a regmap with no bus whose
 * config's callbacks are the driver's own MMIO accessors.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/device-access.h"
#include "analyze/lock-graph.h"
#include "analyze/module.h"
#include "analyze/ownership-reads.h"
#include "ast/cursor.h"
#include "tu.h"

#define PCI_STATUS_REG 0x06

bool or_is_out_read(const char *callee)
{
	return !strcmp(callee, "regmap_read") ||
	       !strcmp(callee, "pci_read_config_byte") ||
	       !strcmp(callee, "pci_read_config_word") ||
	       !strcmp(callee, "pci_read_config_dword");
}

static bool evaluates_to(CXCursor e, long long want)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool hit;

	if (!r)
		return false;
	hit = clang_EvalResult_getKind(r) == CXEval_Int &&
	      clang_EvalResult_getAsLongLong(r) == want;
	clang_EvalResult_dispose(r);
	return hit;
}

/* The variable of `&var`, or a null cursor. */
static CXCursor address_of(CXCursor e)
{
	struct cursor_kids kids;
	CXCursor v = clang_getNullCursor();

	e = da_strip(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator)
		return v;
	da_kids(e, &kids);
	if (kids.nr == 1 &&
	    clang_getCursorKind(da_strip(kids.v[0])) == CXCursor_DeclRefExpr)
		v = clang_getCursorReferenced(da_strip(kids.v[0]));
	free(kids.v);
	if (clang_getCursorKind(v) != CXCursor_VarDecl)
		return clang_getNullCursor();
	return v;
}

/* The field or variable a regmap expression names, as a USR, or NULL. */
static char *regmap_usr(CXCursor e)
{
	enum CXCursorKind k;
	CXCursor ref;
	char *usr;

	e = da_strip(e);
	k = clang_getCursorKind(e);
	if (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(e);
	k = clang_getCursorKind(ref);
	if (k != CXCursor_FieldDecl && k != CXCursor_VarDecl)
		return NULL;
	usr = cxstring_take(clang_getCursorUSR(ref));
	if (!*usr) {
		free(usr);
		return NULL;
	}
	return usr;
}

struct mmio_call {
	bool hit;
};

static void mmio_call_visit(CXCursor call, void *data)
{
	char *callee = da_callee(call);
	bool w;

	if (da_is_accessor(callee, &w))
		((struct mmio_call *)data)->hit = true;
	free(callee);
}

/* @fn (a function named in a regmap config) calls readl() or writel(). */
static bool is_mmio_callback(CXCursor fn, const struct lock_module *lm)
{
	CXCursor def = clang_getCursorDefinition(fn);
	struct mmio_call mc = { false };
	char *name;

	if (clang_Cursor_isNull(def)) {
		name = da_spelling(fn);
		def = module_def_named(lm, name);
		free(name);
	}
	if (clang_Cursor_isNull(def))
		return false;
	da_for_each_call(def, mmio_call_visit, &mc);
	return mc.hit;
}

struct config_walk {
	const struct lock_module *lm;
	unsigned int fns;
	bool other;
};

static enum CXChildVisitResult config_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct config_walk *cw = data;
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		cw->fns++;
		if (!is_mmio_callback(ref, cw->lm))
			cw->other = true;
	}
	return CXChildVisit_Continue;
}

/* `&cfg`, a regmap_config whose every callback accesses MMIO. */
static bool is_mmio_config(CXCursor arg, const struct lock_module *lm)
{
	CXCursor var = address_of(arg);
	struct config_walk cw = { lm, 0, false };

	if (clang_Cursor_isNull(var))
		return false;
	var = clang_getCursorDefinition(var);
	if (clang_Cursor_isNull(var))
		return false;
	clang_visitChildren(var, config_visit, &cw);
	return cw.fns && !cw.other;
}

struct create_walk {
	const struct lock_module *lm;
	const char *usr;
	unsigned int made, mmio;
};

static void create_call_visit(CXCursor call, void *data)
{
	struct create_walk *cw = data;
	char *callee = da_callee(call);

	if (strstr(callee, "regmap_init_mmio")) {
		cw->mmio++;
	} else if ((!strcmp(callee, "__devm_regmap_init") ||
		    !strcmp(callee, "__regmap_init")) &&
		   clang_Cursor_getNumArguments(call) > 3 &&
		   evaluates_to(da_strip(clang_Cursor_getArgument(call, 1)), 0) &&
		   is_mmio_config(clang_Cursor_getArgument(call, 3), cw->lm)) {
		cw->mmio++;
	}
	free(callee);
}

static enum CXChildVisitResult create_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct create_walk *cw = data;
	struct cursor_kids kids;
	unsigned int before;
	char *usr;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	da_kids(c, &kids);
	usr = kids.nr == 2 ? regmap_usr(kids.v[0]) : NULL;
	if (usr && !strcmp(usr, cw->usr) &&
	    cursor_is_plain_assign(c, kids.v[0])) {
		before = cw->mmio;
		cw->made++;
		da_for_each_call(kids.v[1], create_call_visit, cw);
		/* One creation, one MMIO call at most. */
		if (cw->mmio > before + 1)
			cw->mmio = before + 1;
	}
	free(usr);
	free(kids.v);
	return CXChildVisit_Recurse;
}

/* Every place that creates the regmap @map names makes it over MMIO. */
static bool regmap_is_mmio(CXCursor call, CXCursor map,
			   const struct lock_module *lm)
{
	struct create_walk cw = { lm, NULL, 0, 0 };
	struct cursor_kids fns;
	char *usr = regmap_usr(map);
	size_t i;

	if (!usr)
		return false;
	cw.usr = usr;
	if (lm) {
		for (i = 0; i < lm->defs.nr; i++)
			clang_visitChildren(lm->defs.v[i], create_visit, &cw);
	} else {
		da_file_functions(call, &fns);
		for (i = 0; i < fns.nr; i++)
			clang_visitChildren(fns.v[i], create_visit, &cw);
		free(fns.v);
	}
	free(usr);
	return cw.made && cw.made == cw.mmio;
}

CXCursor or_read_into(CXCursor call, const struct lock_module *lm)
{
	CXCursor none = clang_getNullCursor();
	char *callee = da_callee(call);
	bool regmap = !strcmp(callee, "regmap_read");
	bool pci = or_is_out_read(callee) && !regmap;

	free(callee);
	if ((!regmap && !pci) || clang_Cursor_getNumArguments(call) != 3)
		return none;
	if (pci && !evaluates_to(clang_Cursor_getArgument(call, 1),
				 PCI_STATUS_REG))
		return none;
	if (regmap && !regmap_is_mmio(call, clang_Cursor_getArgument(call, 0),
				      lm))
		return none;
	return address_of(clang_Cursor_getArgument(call, 2));
}
