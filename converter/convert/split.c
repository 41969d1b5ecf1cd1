// SPDX-License-Identifier: GPL-2.0
/*
 * Planning the split of a handler into quick check and thread: which
 * top-level statements stay in hard-irq context and which values cross.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/line-share.h"
#include "analyze/module.h"
#include "convert/callsite.h"
#include "convert/fold-work.h"
#include "convert/split-parts.h"
#include "tu.h"

static const char *const strategy_names[] = {
	[SPLIT_NONE] = "none",
	[SPLIT_MASK] = "split-mask",
	[SPLIT_ONESHOT] = "split-oneshot",
	[SPLIT_STAGED] = "staged",
};

const char *split_strategy_name(enum split_strategy s)
{
	return strategy_names[s];
}

enum split_strategy split_strategy_parse(const char *name)
{
	size_t i;

	for (i = 1; i < ARRAY_SIZE(strategy_names); i++)
		if (!strcmp(name, strategy_names[i]))
			return i;
	return SPLIT_NONE;
}

/*
 * A declaration of the handler in a header: the halves must replace it there
 * too, or the use before the definition names nothing and the old prototype
 * declares a static function that no longer exists.  Only a header of the
 * driver's own directory is edited.  -1 after a refusal.
 */
static int find_proto_file(struct split_plan *plan)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(plan->def);
	struct cursor_list kids = { NULL, 0, 0 };
	char *dir = xstrdup(plan->file);
	size_t i;
	int ret = 0;

	*strrchr(dir, '/') = '\0';
	cursor_children(clang_getTranslationUnitCursor(tu), &kids);
	for (i = 0; i < kids.nr && !ret; i++) {
		CXCursor c = kids.v[i];
		char *name, *file;

		if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
		    clang_isCursorDefinition(c))
			continue;
		name = cursor_name(c);
		file = cursor_file(c);
		if (strcmp(name, plan->handler) || !strcmp(file, plan->file)) {
			free(name);
			free(file);
			continue;
		}
		if (!starts_with(file, dir) || file[strlen(dir)] != '/') {
			refuse(plan, R_DECLARED_OUTSIDE_DRIVER,
			       plan->handler, file);
			ret = -1;
		} else if (plan->proto_file && strcmp(plan->proto_file, file)) {
			refuse(plan, R_DECLARED_TWICE, plan->handler);
			ret = -1;
		} else if (!plan->proto_file) {
			plan->proto_file = file;
			file = NULL;
		}
		free(name);
		free(file);
	}
	cursor_list_release(&kids);
	free(dir);
	return ret;
}

int split_plan_make(CXCursor def, const char *buf, size_t len, bool shared,
		    bool exclusive, const struct line_share *line,
		    enum split_strategy wanted, struct lock_module *lm,
		    struct split_plan *plan)
{
	struct locals l = { NULL, 0 };
	CXCursor body;
	size_t i;

	memset(plan, 0, sizeof(*plan));
	plan->def = def;
	plan->lm = lm;
	plan->handler = cursor_name(def);
	plan->quick_name = xasprintf("%s_quick_check", plan->handler);
	plan->thread_name = xasprintf("%s_thread", plan->handler);
	plan->file = cursor_file(def);
	plan->def_range = cursor_range(def);
	if (plan->def_range.in_macro) {
		refuse(plan, R_HANDLER_MACRO, plan->handler);
		return 0;
	}
	body = cursor_fn_body(def);
	if (clang_Cursor_isNull(body)) {
		refuse(plan, R_HANDLER_NO_BODY, plan->handler);
		return 0;
	}
	if (cut_statements(plan, body, buf, len))
		return 0;
	collect_locals(plan, &l);
	plan->priv_decl = clang_getNullCursor();
	plan->line = shared ? line : NULL;
	if (assign_roles(plan, &l, shared, exclusive, wanted, buf))
		goto out;
	/* Edited for the thread: what its callees lock must allow it. */
	if (plan->whole_edited && split_check_locks(plan))
		goto out;
	if (plan->whole_thread)
		goto out;
	find_priv(plan, &l, buf);
	if (find_proto_file(plan))
		goto out;
	if (plan_handovers(plan, &l) || split_check_locks(plan))
		goto out;
	if (plan->nr_handovers && !plan->priv_var) {
		refuse(plan, R_NO_PRIVATE_STRUCT,
		       plan->handler);
		goto out;
	}
	for (i = 0; i < plan->nr_stmts; i++)
		if (plan->stmts[i].role == ROLE_QUICK &&
		    clang_getCursorKind(plan->stmts[i].cursor) == CXCursor_IfStmt &&
		    is_ownership_check(plan, i, &l))
			plan->zero_check_var = zero_check_var(plan->stmts[i].cursor,
							      &l);
	/*
	 * The guard reads the value the thread took over: without a hand-over
	 * of that variable the thread has no such value (bt-bmc's reg only
	 * serves the ack, which stays in the quick check).
	 */
	if (plan->zero_check_var && !handed_over(plan, plan->zero_check_var)) {
		free(plan->zero_check_var);
		plan->zero_check_var = NULL;
	}
out:
	locals_release(&l);
	plan->line = NULL;
	return 0;
}

void split_plan_site(const struct callsite *cs, const char *buf, size_t len,
		     enum split_strategy wanted, struct lock_module *lm,
		     struct split_plan *plan)
{
	struct line_share line;

	module_learn_accessors(lm);
	memset(&line, 0, sizeof(line));
	if (cs->shared)
		line_share_agreed(lm, cs->call, &line);
	split_plan_make(cs->handler_def, buf, len, cs->shared, cs->exclusive,
			&line, wanted, lm, plan);
	line_share_release(&line);
}

void split_plan_release(struct split_plan *plan)
{
	size_t i;

	for (i = 0; i < plan->nr_handovers; i++) {
		free(plan->handovers[i].name);
		free(plan->handovers[i].type);
		free(plan->handovers[i].field);
	}
	free(plan->handovers);
	free(plan->stmts);
	free(plan->handler);
	free(plan->quick_name);
	free(plan->thread_name);
	free(plan->file);
	refusal_release(&plan->refusal);
	free(plan->why);
	free(plan->silence_why);
	free(plan->whole_why);
	free(plan->agreed_line);
	benefit_release(&plan->benefit);
	free(plan->zero_check_var);
	free(plan->lock_arg);
	free(plan->tail_label);
	free(plan->priv_var);
	free(plan->priv_struct);
	free(plan->priv_file);
	free(plan->proto_file);
	if (plan->work) {
		work_fold_release(plan->work);
		free(plan->work);
	}
	strvec_clear(&plan->notes);
	strvec_clear(&plan->moved);
	memset(plan, 0, sizeof(*plan));
}

int split_plan_header(const struct split_plan *plan, struct kbuild *kb,
		      char **hrel, struct refusal *why)
{
	const char *hfile = plan->priv_file && plan->nr_handovers ?
			    plan->priv_file : NULL;

	*hrel = NULL;
	if (plan->proto_file && hfile && strcmp(hfile, plan->proto_file)) {
		refusal_set(why, R_HEADER_MISMATCH, plan->handler,
			    plan->priv_struct);
		return -1;
	}
	if (plan->proto_file)
		hfile = plan->proto_file;
	if (!hfile || !kb)
		return 0;
	*hrel = kbuild_input_relpath(kb, hfile);
	if (!*hrel) {
		refusal_set(why, R_STRUCT_OUTSIDE_TREE, plan->priv_struct);
		return -1;
	}
	return 0;
}

enum request_form split_request_form(const struct split_plan *plan)
{
	enum split_strategy s = plan->strategy;

	if (plan->whole_thread)
		return REQUEST_WHOLE;
	return s == SPLIT_STAGED ? REQUEST_QUICKCHECK :
	       s == SPLIT_ONESHOT ? REQUEST_ONESHOT : REQUEST_THREADED;
}
