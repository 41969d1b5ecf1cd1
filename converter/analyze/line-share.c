// SPDX-License-Identifier: GPL-2.0
/*
 * Whether the requesters of a shared line agree (analyze/line-share.h):
 * where the irq number comes from, followed through the variables and
 * fields it is stored in, and which other requests of the module may be
 * on the same line.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/line-share.h"
#include "analyze/lock-graph.h"
#include "ast/cursor.h"
#include "tu.h"

#define IRQF_SHARED_BIT 0x00000080
#define IRQF_ONESHOT_BIT 0x00002000
/* variable to field to local: deeper chains are not followed */
#define ORIGIN_DEPTH 4

/* Calls that read an irq from platform or firmware data. */
static const char *const firmware_calls[] = {
	"platform_get_irq", "platform_get_irq_optional",
	"platform_get_irq_byname", "platform_get_irq_byname_optional",
	"of_irq_get", "of_irq_get_byname", "irq_of_parse_and_map",
	"fwnode_irq_get", "fwnode_irq_get_byname", NULL,
};

/* Calls whose irq is a PCI device's, INTx among them. */
static const char *const pci_calls[] = {
	"pci_irq_vector", "pci_dev_irq", NULL,
};

static const char *const resource_calls[] = {
	"platform_get_resource", "platform_get_resource_byname", NULL,
};

struct origin {
	const struct lock_module *lm;
	CXTranslationUnit own;	/* the request's unit, when @lm is NULL */
	bool fw, pci, unknown;
	char *source;		/* the first firmware call met */
};

static void origin_of(struct origin *o, CXCursor e, int depth);

/* The irq argument of a request_irq() family call. */
static CXCursor irq_argument(CXCursor call)
{
	char *name = call_name(call);
	int at = starts_with(name, "devm_") ? 1 : 0;

	free(name);
	if (clang_Cursor_getNumArguments(call) <= at)
		return clang_getNullCursor();
	return clang_Cursor_getArgument(call, at);
}

/* A unary operator that may change its operand: ++, --, &. */
static bool changes_operand(CXCursor unary)
{
	static const char *const ops[] = { "++", "--", "&", NULL };
	struct strvec tok = STRVEC_INIT;
	bool hit;

	cursor_tokens(unary, &tok);
	hit = tok.nr && (name_in(tok.v[0], ops) ||
			  name_in(tok.v[tok.nr - 1], ops));
	strvec_clear(&tok);
	return hit;
}

static char *usr_of(CXCursor decl)
{
	return cxstring_take(clang_getCursorUSR(decl));
}

/* Whether @e (stripped) names the variable or field whose USR is @usr. */
static bool names_decl(CXCursor e, const char *usr)
{
	enum CXCursorKind k;
	char *u;
	bool same;

	e = cursor_strip(e);
	k = clang_getCursorKind(e);
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr)
		return false;
	u = usr_of(clang_getCursorReferenced(e));
	same = *u && !strcmp(u, usr);
	free(u);
	return same;
}

struct assign_walk {
	const char *usr;
	struct cursor_list rhs;
	bool other;		/* `+=`, `++`: a value not followed */
};

static enum CXChildVisitResult assign_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct assign_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_list kids = { NULL, 0, 0 };
	char *u;
	CXCursor init;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (k == CXCursor_VarDecl) {
		u = usr_of(c);
		if (!strcmp(u, w->usr)) {
			cursor_children(c, &kids);
			init = kids.nr ? kids.v[kids.nr - 1] :
					 clang_getNullCursor();
			if (clang_isExpression(clang_getCursorKind(init)))
				cursor_list_push(&w->rhs, init);
			cursor_list_release(&kids);
		}
		free(u);
	} else if (k == CXCursor_BinaryOperator ||
		   k == CXCursor_CompoundAssignOperator ||
		   k == CXCursor_UnaryOperator) {
		cursor_children(c, &kids);
		/* `irq++`, `&irq` handed to a function: not followed */
		if (kids.nr == 1 && names_decl(kids.v[0], w->usr) &&
		    changes_operand(c))
			w->other = true;
		if (kids.nr == 2 && names_decl(kids.v[0], w->usr)) {
			if (k == CXCursor_BinaryOperator &&
			    cursor_is_plain_assign(c, kids.v[0]))
				cursor_list_push(&w->rhs, kids.v[1]);
			else if (k == CXCursor_CompoundAssignOperator)
				w->other = true;
		}
		cursor_list_release(&kids);
	}
	return CXChildVisit_Recurse;
}

/* The values assigned to @decl in the module's files (or @o->own). */
static void assignments(const struct origin *o, CXCursor decl,
			struct assign_walk *w)
{
	size_t i;

	w->usr = usr_of(decl);
	if (!o->lm) {
		clang_visitChildren(clang_getTranslationUnitCursor(o->own),
				    assign_visit, w);
	} else {
		for (i = 0; i < o->lm->nr_module_tus; i++)
			clang_visitChildren(clang_getTranslationUnitCursor(
					o->lm->tus[i].unit), assign_visit, w);
	}
	free((char *)w->usr);
}

/* Every value stored in @decl, each followed; none is an unknown. */
static void origin_of_stored(struct origin *o, CXCursor decl, int depth)
{
	struct assign_walk w = { NULL, { NULL, 0, 0 }, false };
	size_t i;

	assignments(o, decl, &w);
	if (!w.rhs.nr || w.other)
		o->unknown = true;
	for (i = 0; i < w.rhs.nr; i++)
		origin_of(o, w.rhs.v[i], depth + 1);
	cursor_list_release(&w.rhs);
}

/* Whether a call's tokens name @word (IORESOURCE_IRQ). */
static bool call_names(CXCursor call, const char *word)
{
	struct strvec tok = STRVEC_INIT;
	size_t i;
	bool hit = false;

	cursor_tokens(call, &tok);
	for (i = 0; i < tok.nr && !hit; i++)
		hit = !strcmp(tok.v[i], word);
	strvec_clear(&tok);
	return hit;
}

/* `res->start` of a resource platform_get_resource() gave for an irq. */
static void origin_of_resource(struct origin *o, CXCursor base)
{
	struct assign_walk w = { NULL, { NULL, 0, 0 }, false };
	CXCursor decl = clang_getCursorReferenced(cursor_strip(base));
	size_t i;

	if (clang_getCursorKind(cursor_strip(base)) != CXCursor_DeclRefExpr) {
		o->unknown = true;
		return;
	}
	assignments(o, decl, &w);
	if (!w.rhs.nr || w.other)
		o->unknown = true;
	for (i = 0; i < w.rhs.nr; i++) {
		CXCursor rhs = cursor_strip(w.rhs.v[i]);
		char *name = call_name(rhs);

		if (clang_getCursorKind(rhs) == CXCursor_CallExpr &&
		    name_in(name, resource_calls) &&
		    call_names(rhs, "IORESOURCE_IRQ")) {
			o->fw = true;
			if (!o->source)
				o->source = xasprintf("%s(IORESOURCE_IRQ)", name);
		} else {
			o->unknown = true;
		}
		free(name);
	}
	cursor_list_release(&w.rhs);
}

static void origin_of_member(struct origin *o, CXCursor e, int depth)
{
	CXCursor field = clang_getCursorReferenced(e);
	char *type = cursor_name(clang_getCursorSemanticParent(field));
	char *name = cursor_name(field);
	struct cursor_list kids = { NULL, 0, 0 };

	if (!strcmp(type, "pci_dev") && !strcmp(name, "irq")) {
		o->pci = true;
	} else if (!strcmp(type, "resource") && !strcmp(name, "start")) {
		cursor_children(e, &kids);
		if (kids.nr == 1)
			origin_of_resource(o, kids.v[0]);
		else
			o->unknown = true;
		cursor_list_release(&kids);
	} else {
		origin_of_stored(o, field, depth);
	}
	free(name);
	free(type);
}

static void origin_of_call(struct origin *o, CXCursor e)
{
	char *name = call_name(e);

	if (name_in(name, firmware_calls)) {
		o->fw = true;
		if (!o->source)
			o->source = xasprintf("%s()", name);
	} else if (name_in(name, pci_calls)) {
		o->pci = true;
	} else {
		o->unknown = true;
	}
	free(name);
}

static void origin_of(struct origin *o, CXCursor e, int depth)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor ref;

	e = cursor_strip(e);
	if (depth > ORIGIN_DEPTH) {
		o->unknown = true;
		return;
	}
	switch (clang_getCursorKind(e)) {
	case CXCursor_CallExpr:
		origin_of_call(o, e);
		break;
	case CXCursor_MemberRefExpr:
		origin_of_member(o, e, depth);
		break;
	case CXCursor_DeclRefExpr:
		ref = clang_getCursorReferenced(e);
		if (clang_getCursorKind(ref) == CXCursor_VarDecl)
			origin_of_stored(o, ref, depth);
		else
			o->unknown = true;	/* a parameter, an enumerator */
		break;
	case CXCursor_ConditionalOperator:
		cursor_children(e, &kids);
		if (kids.nr == 3) {
			origin_of(o, kids.v[1], depth + 1);
			origin_of(o, kids.v[2], depth + 1);
		} else {
			o->unknown = true;
		}
		cursor_list_release(&kids);
		break;
	default:
		o->unknown = true;
		break;
	}
}

/* The index of the flags argument of a request @name, or -1. */
static int flags_index(const char *name)
{
	static const char *const two[] = {
		"request_irq", "request_any_context_irq", NULL,
	};
	static const char *const three[] = {
		"devm_request_irq", "request_threaded_irq",
		"devm_request_any_context_irq", NULL,
	};

	if (name_in(name, two))
		return 2;
	if (name_in(name, three))
		return 3;
	return !strcmp(name, "devm_request_threaded_irq") ? 4 : -1;
}

/* Whether the flags of the request @call are a constant. */
static bool flags_constant(CXCursor call)
{
	char *name = call_name(call);
	int at = flags_index(name);
	CXEvalResult ev = NULL;
	bool constant;

	free(name);
	if (at >= 0 && clang_Cursor_getNumArguments(call) > at)
		ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, at));
	constant = ev && clang_EvalResult_getKind(ev) == CXEval_Int;
	if (ev)
		clang_EvalResult_dispose(ev);
	return constant;
}

/*
 * Whether the request @call may be on a shared line that does not agree
 * with IRQF_ONESHOT: its flags name IRQF_SHARED without IRQF_ONESHOT, or
 * are not a constant.
 */
static bool may_disagree(CXCursor call, int at)
{
	CXEvalResult ev;
	unsigned long long v;

	if (clang_Cursor_getNumArguments(call) <= at)
		return true;
	ev = clang_Cursor_Evaluate(clang_Cursor_getArgument(call, at));
	if (!ev)
		return true;
	if (clang_EvalResult_getKind(ev) != CXEval_Int) {
		clang_EvalResult_dispose(ev);
		return true;
	}
	v = clang_EvalResult_getAsUnsigned(ev);
	clang_EvalResult_dispose(ev);
	return (v & IRQF_SHARED_BIT) && !(v & IRQF_ONESHOT_BIT);
}

struct others {
	CXCursor own;
	char *own_file;
	unsigned int own_offset;
	char *found;
};

static bool is_own(const struct others *w, CXCursor call)
{
	char *file = cursor_file(call);
	bool same = !strcmp(file, w->own_file) &&
		    cursor_range(call).begin == w->own_offset;

	free(file);
	return same;
}

static enum CXChildVisitResult others_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct others *w = data;
	char *name, *file, *base;
	int at;

	(void)parent;
	if (w->found)
		return CXChildVisit_Break;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	name = call_name(c);
	at = flags_index(name);
	if (at >= 0 && !is_own(w, c) && may_disagree(c, at)) {
		file = cursor_file(c);
		base = strrchr(file, '/');
		w->found = xasprintf("%s() at line %u of %s", name,
				     cursor_line(c), base ? base + 1 : file);
		free(file);
	}
	free(name);
	return CXChildVisit_Recurse;
}

/* Another request of the module that may share the line, in words. */
static char *other_request(const struct lock_module *lm, CXCursor call)
{
	struct others w = { call, cursor_file(call), 0, NULL };
	size_t i;

	w.own_offset = cursor_range(call).begin;
	if (!lm) {
		clang_visitChildren(clang_getTranslationUnitCursor(
				clang_Cursor_getTranslationUnit(call)),
				    others_visit, &w);
	}
	for (i = 0; lm && i < lm->nr_module_tus && !w.found; i++)
		clang_visitChildren(clang_getTranslationUnitCursor(
				lm->tus[i].unit), others_visit, &w);
	free(w.own_file);
	return w.found;
}

struct mfd_walk {
	char *header;		/* the first <linux/mfd/...> header met */
};

static void mfd_visit(CXFile included, CXSourceLocation *stack,
		      unsigned int depth, CXClientData data)
{
	struct mfd_walk *w = data;
	char *name, *at;

	/* Only what the driver's own file includes: depth 1. */
	if (w->header || depth != 1 ||
	    !clang_Location_isFromMainFile(stack[0]))
		return;
	name = cxstring_take(clang_getFileName(included));
	at = strstr(name, "/include/linux/mfd/");
	if (at)
		w->header = xasprintf("<linux/mfd/%s>",
				      at + strlen("/include/linux/mfd/"));
	free(name);
}

/*
 * A header of <linux/mfd/> the module includes, or NULL: its platform
 * device may be a cell an MFD parent creates, whose irq resource the
 * parent may give its other cells too, each requested by another driver.
 */
static char *mfd_header(const struct lock_module *lm, CXCursor call)
{
	struct mfd_walk w = { NULL };
	size_t i;

	if (!lm)
		clang_getInclusions(clang_Cursor_getTranslationUnit(call),
				    mfd_visit, &w);
	for (i = 0; lm && i < lm->nr_module_tus && !w.header; i++)
		clang_getInclusions(lm->tus[i].unit, mfd_visit, &w);
	return w.header;
}

bool line_share_agreed(const struct lock_module *lm, CXCursor call,
		       struct line_share *out)
{
	struct origin o = { lm, clang_Cursor_getTranslationUnit(call),
			    false, false, false, NULL };
	CXCursor irq = irq_argument(call);
	char *file = cursor_file(call), *base = strrchr(file, '/');
	char *mfd;

	memset(out, 0, sizeof(*out));
	out->line = cursor_line(call);
	out->file = xstrdup(base ? base + 1 : file);
	free(file);
	/* Flags chosen at run time may differ between instances. */
	if (clang_Cursor_isNull(irq) || !flags_constant(call))
		return false;
	origin_of(&o, irq, 0);
	out->origin = o.pci ? LINE_PCI : o.unknown || !o.fw ? LINE_UNKNOWN :
		      LINE_FIRMWARE;
	out->source = o.source;
	if (out->origin != LINE_FIRMWARE)
		return false;
	out->other = other_request(lm, call);
	mfd = out->other ? NULL : mfd_header(lm, call);
	if (mfd)
		out->other = xasprintf("the module includes %s: its device may be a cell of a multi-function device, whose other cells' drivers may request the same line",
				       mfd);
	free(mfd);
	out->agreed = !out->other;
	return out->agreed;
}

void line_share_release(struct line_share *ls)
{
	free(ls->source);
	free(ls->other);
	free(ls->file);
	memset(ls, 0, sizeof(*ls));
}
