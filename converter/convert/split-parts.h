/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_SPLIT_PARTS_H
#define IRQCONV_CONVERT_SPLIT_PARTS_H

#include "convert/split.h"

/*
 * Between the files of the split planner (split.c and split-*.c): not for
 * the rest of convert, which sees only split.h.
 */

/* The handler's top-level locals, and what the plan learns about each. */
struct local {
	CXCursor decl;
	char *name;
	size_t stmt;		/* index of its declaration statement */
	bool device_value;	/* holds a value read from the device */
	bool set_in_quick;	/* assigned by a quick-check statement */
};

struct locals {
	struct local *v;
	size_t nr;
};

/* split.c: the refusal, and predicates every part asks */
void refuse(struct split_plan *plan, enum reason r, ...);
bool is_unlock(const char *callee);
bool is_device_access(const char *callee);
/* A call that has no business in a silencing group. */
bool is_other_call(const char *callee);
/* `return IRQ_NONE;`, alone or as the only statement of a block. */
bool is_return_none(CXCursor c);
bool stmt_calls(CXCursor stmt, bool (*pred)(const char *));

/* split-locals.c: what the plan learns about the handler's locals */
void collect_locals(const struct split_plan *plan, struct locals *l);
void locals_release(struct locals *l);
struct local *local_named(struct locals *l, const char *name);
void mark_assigned(CXCursor stmt, struct locals *l, bool device, bool quick);
bool refs_local(CXCursor c, const struct local *lo);
bool refs_device_value(CXCursor c, const struct locals *l);
bool used_in_role(const struct split_plan *plan, const struct local *lo,
		  enum stmt_role role);
/* The driver's private structure, reached from a context pointer. */
void find_priv(struct split_plan *plan, const struct locals *l,
	       const char *buf);
int plan_handovers(struct split_plan *plan, struct locals *l);
/* split-derived.c: a value computed from the status crosses as the status */
int split_handover_derived(struct split_plan *plan, const struct locals *l,
			   const struct local *lo);
void split_derived_note(struct split_plan *plan, const struct strvec *names);
bool handed_over(const struct split_plan *plan, const char *name);
char *zero_check_var(CXCursor check, const struct locals *l);

/* split-tail.c: a locked handler's tail, and the gotos that reach it */
struct goto_walk {
	const char *label;	/* NULL: any goto counts */
	bool other;		/* a goto to another label */
	bool found;		/* a goto to @label */
};

CXCursor find_tail_unlock(struct split_plan *plan);
char *tail_ret_var(const struct split_plan *plan);
bool is_plain_set(CXCursor stmt, const char *var);
char *goto_label(CXCursor c);
void walk_gotos(CXCursor c, struct goto_walk *w);
bool tail_returns_none(const struct split_plan *plan,
		       const struct locals *l, size_t at);

/* split-roles.c: the statements and their side of the split */
int cut_statements(struct split_plan *plan, CXCursor body,
		   const char *buf, size_t len);
int assign_roles(struct split_plan *plan, struct locals *l,
		 bool shared, bool exclusive,
		 enum split_strategy wanted, const char *buf);
/* Only device accesses (at least one write), no other call, no return. */
bool is_silencing_stmt(CXCursor stmt);
/* A call of @stmt that is neither a device access, a lock nor harmless. */
bool has_other_call(CXCursor stmt);

/* split-check.c: the ownership check */
bool is_ownership_check(const struct split_plan *plan, size_t at,
			const struct locals *l);
CXCursor else_branch(CXCursor stmt);
void mark_device_values(struct split_plan *plan, size_t at, struct locals *l);
void mark_set_in_quick(CXCursor s, struct locals *l);
unsigned int nested_check(const struct split_plan *plan,
			  const struct locals *l, const char **where);
/* A device read in @c, also through a function pointer member (macb). */
bool reads_device(CXCursor c);

/* split-whole.c: the handler moved to the thread whole (NULL primary) */
int split_plan_whole(struct split_plan *plan);
int split_plan_whole_checked(struct split_plan *plan);
int split_plan_whole_shared(struct split_plan *plan);
/*
 * The same for a handler with no check of whose interrupt it is (it never
 * returns IRQ_NONE): it claims every interrupt of the line in the thread
 * as it did in hard-irq context (omap-mailbox, as its maintainers
 * converted it).
 */
int split_plan_whole_shared_unchecked(struct split_plan *plan);
/*
 * The work function became the thread (work_fold_thread()) on a shared
 * line whose requesters agree: IRQF_SHARED | IRQF_ONESHOT, and the patch
 * says who shares the line (exynos_tmu, as its maintainers converted it).
 */
void split_plan_work_shared(struct split_plan *plan);

/* split-locks.c */
int split_check_locks(struct split_plan *plan);
/* The identities of the locks the quick check takes (analyze/lock-graph.h). */
void split_quick_lock_ids(const struct split_plan *plan, struct strvec *ids);

#endif
