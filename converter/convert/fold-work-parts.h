/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_FOLD_WORK_PARTS_H
#define IRQCONV_CONVERT_FOLD_WORK_PARTS_H

#include "convert/fold-work.h"
#include "convert/split-parts.h"

/* Between fold-work.c and fold-work-fn.c. */
bool waits_for_irq(const char *callee);
bool same_decl(CXCursor a, CXCursor b);
bool within(CXCursor c, CXCursor outer);
/* Every reference to @decl below @c (in the list after @decl itself). */
void all_refs(CXCursor c, CXCursor decl, struct cursor_list *out);
void unfoldable(struct split_plan *plan, const char *field, const char *why);

/* The definition of @name in @file, with its forward declarations. */
CXCursor find_fn(CXCursor root, const char *file, const char *name,
		 struct cursor_list *protos);
/* Can the work function @wf->fn_def be the thread?  -1 after a refusal. */
int check_fn(struct split_plan *plan, struct work_fold *wf, CXCursor root,
	     CXCursor base);
/* The member goes when nothing but the removed code names it. */
void find_member_decl(const struct split_plan *plan, struct work_fold *wf,
		      CXCursor root);
/* A stop flag read only by a dropped enable_irq() goes with it. */
void work_flag_plan(const struct split_plan *plan, struct work_fold *wf,
		    CXCursor root, const char *buf);

#endif
