// SPDX-License-Identifier: GPL-2.0
/*
 * What a function holds at each of its calls (analyze/held.h): the walk
 * that both the benefit judge (a wait the driver also runs with
 * interrupts off) and the line analysis (a wait for the line under a
 * spinlock) make.
 */
#include <stdlib.h>

#include "analyze/benefit-loop.h"
#include "analyze/held.h"

static void walk(CXCursor c, struct held_walk *hw);

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
				     CXClientData data)
{
	struct held_walk *hw = data;

	(void)parent;
	walk(c, hw);
	return hw->stop ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void walk_if(CXCursor c, struct held_walk *hw)
{
	struct cursor_kids kids;
	size_t i;

	da_kids(c, &kids);
	for (i = 0; i < kids.nr && !hw->stop; i++)
		if (!i || !hw->skip_error ||
		    !(benefit_error_arm(kids.v[i]) ||
		      (i == 1 && benefit_names_rare(kids.v[0]))))
			walk(kids.v[i], hw);
	free(kids.v);
}

static void walk(CXCursor c, struct held_walk *hw)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	int held = hw->held;

	if (k == CXCursor_IfStmt)
		walk_if(c, hw);
	else
		clang_visitChildren(c, visit, hw);
	if (k == CXCursor_CallExpr && !hw->stop) {
		if (hw->at)
			hw->at(c, hw);
		hw->held += hw->change(c, hw);
		if (hw->held < 0)
			hw->held = 0;
	}
	if (k == CXCursor_IfStmt || k == CXCursor_SwitchStmt ||
	    k == CXCursor_ConditionalOperator || da_is_loop(c))
		hw->held = held;
}

void held_walk(CXCursor def, struct held_walk *hw)
{
	hw->stop = false;
	walk(def, hw);
}
