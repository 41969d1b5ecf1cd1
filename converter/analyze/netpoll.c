// SPDX-License-Identifier: GPL-2.0
/*
 * netpoll and a threaded handler.  netpoll_poll_dev() calls the driver's
 * poll controller with interrupts off and then polls every NAPI instance
 * of the device itself (net/core/netpoll.c, poll_napi()).  So a handler
 * whose work is to schedule NAPI may leave its work to a thread: netpoll
 * does the NAPI work anyway.  A handler that reclaims TX or hands RX to
 * the stack itself must keep doing so when the poll controller calls it.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/hardirq-only.h"
#include "analyze/lock-graph.h"
#include "analyze/netpoll.h"
#include "analyze/reach.h"
#include "analyze/sites.h"
#include "ast/cursor.h"
#include "tu.h"

struct controllers {
	struct cursor_list defs;
};

/* `.ndo_poll_controller = fn` or `ops->ndo_poll_controller = fn` */
static void controller_field(struct controllers *pc, CXCursor field,
			     CXCursor value)
{
	CXCursor ref, def;
	char *name;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return;
	name = cursor_name(field);
	value = cursor_strip(value);
	if (strcmp(name, "ndo_poll_controller") ||
	    clang_getCursorKind(value) != CXCursor_DeclRefExpr) {
		free(name);
		return;
	}
	free(name);
	ref = clang_getCursorReferenced(value);
	def = clang_getCursorDefinition(ref);
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl &&
	    !clang_Cursor_isNull(def))
		cursor_list_push(&pc->defs, def);
}

static enum CXChildVisitResult find_controllers(CXCursor c, CXCursor parent,
						CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_list kids = { NULL, 0, 0 };

	(void)parent;
	if (k != CXCursor_BinaryOperator && k != CXCursor_UnexposedExpr)
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	if (kids.nr == 2 &&
	    (clang_getCursorKind(kids.v[0]) == CXCursor_MemberRefExpr ||
	     clang_getCursorKind(kids.v[0]) == CXCursor_MemberRef))
		controller_field(data, clang_getCursorReferenced(kids.v[0]),
				 kids.v[1]);
	cursor_list_release(&kids);
	return CXChildVisit_Recurse;
}

/* A call of the handler, or of the function it wraps (@data, two USRs). */
static bool calls_handler(CXCursor call, const char *name, void *data)
{
	CXCursor ref = clang_getCursorReferenced(call);
	char **usrs = data, *usr;
	bool hit;

	(void)name;
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return false;
	usr = cxstring_take(clang_getCursorUSR(ref));
	hit = !strcmp(usr, usrs[0]) || !strcmp(usr, usrs[1]);
	free(usr);
	return hit;
}

static bool packet_work(CXCursor call, const char *name, void *data)
{
	(void)call;
	(void)data;
	return kapi_hardirq_class(name, NULL) == HI_PACKET;
}

/* @called: the handler, or the function it wraps, that @controller calls. */
static void refuse_controller(CXCursor controller, const char *called,
			      CXCursor def, const struct reach_hit *work,
			      struct refusal *why)
{
	char *pc = cursor_name(controller), *handler = cursor_name(def);
	char *via = reach_via_phrase(work);

	refusal_set(why, R_NETPOLL_WORK, pc, called, handler, work->name, via,
		    cursor_line(work->first));
	free(via);
	free(handler);
	free(pc);
}

/*
 * The poll controllers of @def's file and of every file of the module and
 * its libraries: ne2k-pci.c's ei_poll() is 8390.ko's, smc-ultra.c has its
 * own, and both call the handler 8390.c defines.
 */
static void all_controllers(struct lock_module *lm, CXCursor def,
			    struct controllers *pc)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(def);
	size_t i;

	clang_visitChildren(clang_getTranslationUnitCursor(tu),
			    find_controllers, pc);
	for (i = 0; lm && i < lm->nr_tus; i++)
		if (lm->tus[i].unit != tu)
			clang_visitChildren(clang_getTranslationUnitCursor(lm->tus[i].unit),
					    find_controllers, pc);
}

bool netpoll_needs_work_in_place(struct lock_module *lm, CXCursor def,
				 struct refusal *why)
{
	struct controllers pc = { { NULL, 0, 0 } };
	char *usr[2];
	struct reach_hit call, work;
	bool found = false;
	size_t i;

	usr[0] = cxstring_take(clang_getCursorUSR(def));
	usr[1] = cxstring_take(clang_getCursorUSR(scan_follow_wrapper(def)));
	all_controllers(lm, def, &pc);
	for (i = 0; i < pc.defs.nr && !found; i++) {
		if (!reach_find(lm, pc.defs.v[i], calls_handler, usr, &call))
			continue;
		if (reach_find(lm, def, packet_work, NULL, &work)) {
			refuse_controller(pc.defs.v[i], call.name, def, &work,
					  why);
			reach_hit_release(&work);
			found = true;
		}
		reach_hit_release(&call);
		break;
	}
	cursor_list_release(&pc.defs);
	free(usr[0]);
	free(usr[1]);
	return found;
}
