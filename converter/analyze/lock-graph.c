// SPDX-License-Identifier: GPL-2.0
/*
 * The call graph of a module and the locks each function takes.  Lock
 * primitives are known by the name written at the call (raw_spin_lock()
 * is a macro around _raw_spin_lock(), spin_lock() an inline), subsystem
 * wrappers (uart_port_lock()) by following their inline bodies.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "analyze/kapi-raise.h"
#include "analyze/lock-graph.h"
#include "analyze/module.h"
#include "ast/cursor.h"

static const struct kapi_lock kapi_locks[] = {
#define KAPI_LOCK(n, k, f, o) { #n, k, f, o },
#include "analyze/kapi-locks.def"
};

static const char *const kapi_lines[] = {
#define KAPI_LINE(n) #n,
#include "analyze/kapi-locks.def"
};

const struct kapi_lock *kapi_lock_named(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kapi_locks); i++)
		if (!strcmp(kapi_locks[i].name, name))
			return &kapi_locks[i];
	return NULL;
}

bool kapi_line_waits(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kapi_lines); i++)
		if (!strcmp(kapi_lines[i], name))
			return true;
	return false;
}

int lm_irq_switch(const char *written)
{
	if (!strcmp(written, "local_irq_save") ||
	    !strcmp(written, "local_irq_disable"))
		return 1;
	if (!strcmp(written, "local_irq_restore") ||
	    !strcmp(written, "local_irq_enable"))
		return -1;
	return 0;
}

const struct kapi_lock *lm_lock_call(CXCursor call, char **written)
{
	char *w = cursor_written_name(call);
	char *callee = call_name(call);
	const struct kapi_lock *k = kapi_lock_named(w);

	/* spin_lock_irqsave(l, f) also expands to a spinlock_check(l) call. */
	if (k && !strcmp(callee, "spinlock_check"))
		k = NULL;
	/* A macro argument: foo(spin_lock(x)) is written foo, not a lock. */
	if (!k)
		k = kapi_lock_named(callee);
	free(callee);
	if (written)
		*written = w;
	else
		free(w);
	return k;
}

static CXCursor only_child(CXCursor c)
{
	struct cursor_list kids = { NULL, 0, 0 };
	CXCursor ret = clang_getNullCursor();

	cursor_children(c, &kids);
	if (kids.nr == 1)
		ret = kids.v[0];
	cursor_list_release(&kids);
	return ret;
}

void lm_lock_release(struct lm_lock *l)
{
	free(l->id);
	free(l->name);
	free(l->type);
	free(l->field);
	l->id = l->name = l->type = l->field = NULL;
}

bool lm_lock_identity(CXCursor call, struct lm_lock *l)
{
	CXCursor arg, ref;
	enum CXCursorKind k;
	int steps;

	if (clang_Cursor_getNumArguments(call) < 1)
		return false;
	arg = clang_Cursor_getArgument(call, 0);
	for (steps = 0; steps < 6; steps++) {
		arg = cursor_strip(arg);
		k = clang_getCursorKind(arg);
		if (k == CXCursor_CallExpr &&
		    clang_Cursor_getNumArguments(arg) == 1)
			arg = clang_Cursor_getArgument(arg, 0);	/* spinlock_check() */
		else if (k == CXCursor_UnaryOperator)
			arg = only_child(arg);
		else
			break;
		if (clang_Cursor_isNull(arg))
			return false;
	}
	if (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(arg);
	k = clang_getCursorKind(ref);
	if (k != CXCursor_FieldDecl && k != CXCursor_VarDecl)
		return false;
	l->id = cxstring_take(clang_getCursorUSR(ref));
	l->field = cursor_name(ref);
	l->type = NULL;
	if (k == CXCursor_FieldDecl) {
		l->type = cursor_name(clang_getCursorSemanticParent(ref));
		l->name = xasprintf("%s.%s", l->type, l->field);
	} else {
		l->name = xstrdup(l->field);
	}
	return true;
}

ssize_t lm_fn_of(const struct lock_module *lm, CXCursor def)
{
	char *usr = cxstring_take(clang_getCursorUSR(def));
	size_t i;

	for (i = 0; i < lm->nr_fns; i++)
		if (!strcmp(lm->fns[i].usr, usr)) {
			free(usr);
			return i;
		}
	free(usr);
	return -1;
}

ssize_t lm_tu_of(const struct lock_module *lm, CXCursor c)
{
	CXTranslationUnit unit = clang_Cursor_getTranslationUnit(c);
	size_t i;

	for (i = 0; i < lm->nr_tus; i++)
		if (lm->tus[i].unit == unit)
			return i;
	return -1;
}

/*
 * A function of one of the module's files, or of a .c file one of them
 * includes (8390.c includes lib8390.c): the module's code, not a header's.
 */
static bool module_file(const struct lock_module *lm, CXCursor c)
{
	char *file = cursor_file(c);
	size_t i;
	bool hit = ends_with(file, ".c") && lm_tu_of(lm, c) >= 0;

	for (i = 0; i < lm->nr_tus && !hit; i++)
		hit = !strcmp(file, lm->tus[i].path);
	free(file);
	return hit;
}

/* The body of the function @call calls, unless it is a known primitive. */
static CXCursor callee_def(const struct lock_module *lm, CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);
	CXCursor def;
	char *name;

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
	    lm_lock_call(call, NULL))
		return clang_getNullCursor();
	name = cursor_name(ref);
	if (kapi_raiser(name) || kapi_line_waits(name)) {
		free(name);
		return clang_getNullCursor();
	}
	def = clang_getCursorDefinition(ref);
	if (clang_Cursor_isNull(def) && lm->nr_tus > 1)
		def = module_def_named(lm, name);
	free(name);
	return def;
}

ssize_t lm_callee(struct lock_module *lm, CXCursor call)
{
	CXCursor def = callee_def(lm, call);

	return clang_Cursor_isNull(def) ? -1 : lm_fn_add(lm, def);
}

static void add_call(struct lock_module *lm, size_t at, CXCursor call)
{
	struct lm_lock l;
	const struct kapi_lock *k = lm_lock_call(call, NULL);
	char *name = call_name(call);
	struct lm_fn *fn;
	ssize_t callee;

	memset(&l, 0, sizeof(l));
	if (k) {
		l.call = call;
		l.prim = k;
		if (k->op == LO_ACQUIRE && lm_lock_identity(call, &l)) {
			fn = &lm->fns[at];
			fn->locks = xrealloc(fn->locks, (fn->nr_locks + 1) *
					     sizeof(*fn->locks));
			fn->locks[fn->nr_locks++] = l;
		}
	} else if (kapi_call_raises(call)) {
		strvec_push(&lm->fns[at].raisers, *name ? name : "(pointer)");
	} else if (kapi_line_waits(name)) {
		fn = &lm->fns[at];
		fn->lines = xrealloc(fn->lines, (fn->nr_lines + 1) *
				     sizeof(*fn->lines));
		fn->lines[fn->nr_lines++] = call;
	} else if ((callee = lm_callee(lm, call)) >= 0) {
		/* lm_fn_add() may move lm->fns. */
		fn = &lm->fns[at];
		fn->calls = xrealloc(fn->calls, (fn->nr_calls + 1) *
				     sizeof(*fn->calls));
		fn->calls[fn->nr_calls++] = callee;
	}
	free(name);
}

/* Bounded: a module with its headers' inlines, not the whole kernel. */
#define LM_MAX_FNS 4000

ssize_t lm_fn_add(struct lock_module *lm, CXCursor def)
{
	struct cursor_list calls = { NULL, 0, 0 };
	ssize_t at = lm_fn_of(lm, def);
	size_t i;

	if (at >= 0)
		return at;
	if (lm->nr_fns >= LM_MAX_FNS)
		return -1;
	lm->fns = xrealloc(lm->fns, (lm->nr_fns + 1) * sizeof(*lm->fns));
	at = lm->nr_fns++;
	memset(&lm->fns[at], 0, sizeof(lm->fns[at]));
	lm->fns[at].usr = cxstring_take(clang_getCursorUSR(def));
	lm->fns[at].name = cursor_name(def);
	lm->fns[at].def = def;
	lm->fns[at].module = module_file(lm, def);
	find_calls(def, any_callee, &calls);
	for (i = 0; i < calls.nr; i++)
		add_call(lm, at, calls.v[i]);
	cursor_list_release(&calls);
	return at;
}

static void open_stems(struct lock_module *lm, CXIndex index,
		       struct kbuild *kb, const char *reldir,
		       const struct strvec *stems)
{
	size_t i;

	for (i = 0; i < stems->nr && lm->nr_tus < 16; i++) {
		char *rel = xasprintf("%s%s.c", reldir, stems->v[i]);
		struct tu *t = &lm->tus[lm->nr_tus];
		size_t k;
		bool dup = false;

		for (k = 0; k < lm->nr_tus; k++)
			dup |= !strcmp(lm->tus[k].relpath, rel);
		if (!dup && !tu_parse(index, kb, rel, t) && !t->nr_errors)
			lm->owned[lm->nr_tus++] = true;
		else if (!dup)
			tu_release(t);
		free(rel);
	}
}

/*
 * The module's other files, then the library modules kbuild lists with
 * it (analyze/module.c): a handler or callee they define is followed
 * there.
 */
static void open_siblings(struct lock_module *lm, CXIndex index,
			  struct kbuild *kb, const struct tu *main)
{
	struct strvec stems = STRVEC_INIT;
	char *dir = xstrdup(main->path), *reldir = xstrdup(main->relpath);
	char *stem, *slash;

	slash = strrchr(dir, '/');
	*slash = '\0';
	stem = xstrdup(slash + 1);
	if (strrchr(stem, '.'))
		*strrchr(stem, '.') = '\0';
	slash = strrchr(reldir, '/');
	if (slash)
		slash[1] = '\0';
	else
		reldir[0] = '\0';
	module_objects(dir, stem, &stems);
	open_stems(lm, index, kb, reldir, &stems);
	lm->nr_module_tus = lm->nr_tus;
	strvec_clear(&stems);
	module_libraries(dir, stem, &stems);
	open_stems(lm, index, kb, reldir, &stems);
	strvec_clear(&stems);
	free(stem);
	free(dir);
	free(reldir);
}

static void add_def(struct lock_module *lm, CXCursor def)
{
	cursor_list_push(&lm->defs, def);
	strvec_push_nodup(&lm->def_names, cursor_name(def));
}

struct lock_module *lock_graph_open(CXIndex index, struct kbuild *kb,
				    struct tu *main)
{
	struct lock_module *lm = xcalloc(1, sizeof(*lm));
	size_t i, k;

	lm->tus = xcalloc(17, sizeof(*lm->tus));
	lm->owned = xcalloc(17, sizeof(*lm->owned));
	lm->tus[0] = *main;
	lm->nr_tus = 1;
	lm->nr_module_tus = 1;
	lm->excluded = (size_t)-1;
	open_siblings(lm, index, kb, main);
	for (i = 0; i < lm->nr_tus; i++) {
		struct cursor_list kids = { NULL, 0, 0 };

		cursor_children(clang_getTranslationUnitCursor(lm->tus[i].unit),
				&kids);
		for (k = 0; k < kids.nr; k++)
			if (clang_getCursorKind(kids.v[k]) == CXCursor_FunctionDecl &&
			    clang_isCursorDefinition(kids.v[k]) &&
			    module_file(lm, kids.v[k]))
				add_def(lm, kids.v[k]);
		cursor_list_release(&kids);
	}
	/* All known first: a sibling's functions are callees of the others. */
	for (i = 0; i < lm->defs.nr; i++)
		lm_fn_add(lm, lm->defs.v[i]);
	return lm;
}

void lock_module_close(struct lock_module *lm)
{
	size_t i, k;

	if (!lm)
		return;
	for (i = 0; i < lm->nr_fns; i++) {
		struct lm_fn *fn = &lm->fns[i];

		for (k = 0; k < fn->nr_locks; k++) {
			free(fn->locks[k].id);
			free(fn->locks[k].name);
			free(fn->locks[k].type);
			free(fn->locks[k].field);
		}
		free(fn->locks);
		free(fn->calls);
		free(fn->lines);
		free(fn->usr);
		free(fn->name);
		free(fn->own_line);
		strvec_clear(&fn->raisers);
	}
	for (i = 1; i < lm->nr_tus; i++)
		if (lm->owned[i])
			tu_release(&lm->tus[i]);
	free(lm->fns);
	cursor_list_release(&lm->defs);
	strvec_clear(&lm->def_names);
	free(lm->tus);
	free(lm->owned);
	free(lm);
}
