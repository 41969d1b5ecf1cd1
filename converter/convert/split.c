// SPDX-License-Identifier: GPL-2.0
/*
 * Planning the split of a handler into quick check and thread: which
 * top-level statements stay in hard-irq context and which values cross.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

size_t split_line_start(const char *buf, size_t off)
{
	while (off > 0 && buf[off - 1] != '\n')
		off--;
	return off;
}

size_t split_line_after(const char *buf, size_t len, size_t off)
{
	while (off < len && buf[off] != '\n')
		off++;
	return off < len ? off + 1 : len;
}

/*
 * The length of the line ending at @s when the line there is empty ("\n",
 * or "\r\n" in a CRLF file), else 0.
 */
size_t split_empty_line_len(const char *s)
{
	if (s[0] == '\n')
		return 1;
	return s[0] == '\r' && s[1] == '\n' ? 2 : 0;
}

/* Whether the line before the one starting at @begin is empty. */
bool split_empty_line_before(const char *buf, size_t begin)
{
	if (begin < 2 || buf[begin - 1] != '\n')
		return false;
	return buf[begin - 2] == '\n' ||
	       (begin >= 3 && buf[begin - 2] == '\r' && buf[begin - 3] == '\n');
}

void refuse(struct split_plan *plan, enum reason r, ...)
{
	va_list ap;

	va_start(ap, r);
	refusal_vset(&plan->refusal, r, ap);
	va_end(ap);
	plan->strategy = SPLIT_NONE;
}

bool split_is_lock(const char *callee)
{
	return !strcmp(callee, "spin_lock") ||
	       !strcmp(callee, "spin_lock_irqsave") ||
	       !strcmp(callee, "_raw_spin_lock") ||
	       !strcmp(callee, "_raw_spin_lock_irqsave") ||
	       !strcmp(callee, "spin_lock_irq") ||
	       !strcmp(callee, "spin_lock_bh") ||
	       !strcmp(callee, "raw_spin_lock");
}

bool is_unlock(const char *callee)
{
	return starts_with(callee, "spin_unlock") ||
	       starts_with(callee, "_raw_spin_unlock") ||
	       starts_with(callee, "raw_spin_unlock");
}

bool is_device_access(const char *callee)
{
	return is_device_read(callee) || is_device_write(callee);
}

/* A call that has no business in a silencing group. */
bool is_other_call(const char *callee)
{
	return !is_device_access(callee) && !split_is_lock(callee) &&
	       !is_unlock(callee);
}

/* `return IRQ_NONE;`, alone or as the only statement of a block. */
bool is_return_none(CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };
	bool hit = false;

	cursor_children(c, &kids);
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		hit = kids.nr == 1 && is_return_none(kids.v[0]);
	else if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		hit = kids.nr == 1 && cursor_is_enum_ref(kids.v[0], "IRQ_NONE");
	cursor_list_release(&kids);
	return hit;
}

bool stmt_calls(CXCursor stmt, bool (*pred)(const char *))
{
	return !clang_Cursor_isNull(find_call(stmt, pred));
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
