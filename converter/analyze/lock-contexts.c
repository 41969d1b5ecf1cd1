// SPDX-License-Identifier: GPL-2.0
/*
 * The context each function of a module runs in, from its roots: the
 * functions the module hands to the kernel (request_irq() handlers, timer,
 * tasklet, NAPI and work callbacks, hrtimers, ops the kernel calls from
 * known contexts: kapi-locks.def), followed through the call graph.  A
 * function whose address goes elsewhere, or that is not static, has
 * callers nobody here knows: its context is unknown.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "analyze/exported.h"
#include "analyze/lock-graph.h"
#include "ast/cursor.h"

static const struct {
	const char *fn;
	int arg;
	unsigned int ctx;
	const char *what;
} kapi_roots[] = {
#define KAPI_ROOT(f, a, c, w) { #f, a, c, w },
#include "analyze/kapi-locks.def"
	/* The inlines themselves, when the call is written so. */
	{ "request_irq", 1, CTX_HARDIRQ, "an interrupt handler" },
	{ "devm_request_irq", 2, CTX_HARDIRQ, "an interrupt handler" },
};

static const struct {
	const char *type;
	const char *field;
	unsigned int ctx;
	const char *what;
} kapi_field_roots[] = {
#define KAPI_FIELD_ROOT(t, f, c, w) { #t, #f, c, w },
#include "analyze/kapi-locks.def"
};

static const struct {
	const char *type;
	const char *field;
	unsigned int ctx;
	const char *who;
} kapi_lock_users[] = {
#define KAPI_LOCK_USER(t, f, c, w) { #t, #f, c, w },
#include "analyze/kapi-locks.def"
};

const char *lock_ctx_name(unsigned int bit)
{
	switch (bit) {
	case CTX_HARDIRQ:
		return "hard-irq";
	case CTX_SOFTIRQ:
		return "softirq";
	case CTX_PROCESS:
		return "process";
	}
	return "unknown";
}

static unsigned int ctx_index(unsigned int bit)
{
	return bit == CTX_HARDIRQ ? 0 : bit == CTX_SOFTIRQ ? 1 :
	       bit == CTX_PROCESS ? 2 : 3;
}

/* The function an expression names (&fn, fn, (cast)fn), or null. */
static CXCursor function_named(CXCursor e)
{
	CXCursor ref;

	e = cursor_strip(e);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
		struct cursor_list kids = { NULL, 0, 0 };

		cursor_children(e, &kids);
		if (kids.nr == 1)
			e = cursor_strip(kids.v[0]);
		cursor_list_release(&kids);
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	return clang_getCursorDefinition(ref);
}

static void make_root(struct lock_module *lm, CXCursor def, unsigned int ctx,
		      const char *what)
{
	ssize_t at;

	if (clang_Cursor_isNull(def) || (at = lm_fn_of(lm, def)) < 0)
		return;
	if (!lm->fns[at].root_what || ctx != CTX_UNKNOWN)
		lm->fns[at].root_what = what;
	lm->fns[at].root_ctx |= ctx;
}

/*
 * The irq a request passes for its handler: the identity of the field or
 * variable, so that disable_irq() of it can be told from another line's.
 */
char *lm_irq_identity(CXCursor call, int arg)
{
	CXCursor a, ref;

	if (arg < 0 || clang_Cursor_getNumArguments(call) <= arg)
		return NULL;
	a = cursor_strip(clang_Cursor_getArgument(call, arg));
	if (clang_getCursorKind(a) != CXCursor_MemberRefExpr &&
	    clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(a);
	if (clang_Cursor_isNull(ref))
		return NULL;
	return cxstring_take(clang_getCursorUSR(ref));
}

static void root_call(struct lock_module *lm, CXCursor call)
{
	char *name = call_name(call);
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kapi_roots); i++) {
		CXCursor def;
		ssize_t at;

		if (strcmp(kapi_roots[i].fn, name) ||
		    clang_Cursor_getNumArguments(call) <= kapi_roots[i].arg)
			continue;
		def = function_named(clang_Cursor_getArgument(call,
						kapi_roots[i].arg));
		make_root(lm, def, kapi_roots[i].ctx, kapi_roots[i].what);
		if (clang_Cursor_isNull(def) || kapi_roots[i].ctx != CTX_HARDIRQ ||
		    (at = lm_fn_of(lm, def)) < 0 || lm->fns[at].own_line)
			continue;
		lm->fns[at].own_line = lm_irq_identity(call, kapi_roots[i].arg - 1);
	}
	free(name);
}

/* `x->field = fn;` or `.field = fn` in an initialiser. */
static void root_field(struct lock_module *lm, CXCursor field, CXCursor value)
{
	CXCursor def = function_named(value);
	char *type, *name;
	size_t i;

	if (clang_Cursor_isNull(def) ||
	    clang_getCursorKind(field) != CXCursor_FieldDecl)
		return;
	type = cursor_name(clang_getCursorSemanticParent(field));
	name = cursor_name(field);
	for (i = 0; i < ARRAY_SIZE(kapi_field_roots); i++)
		if (!strcmp(kapi_field_roots[i].type, type) &&
		    !strcmp(kapi_field_roots[i].field, name))
			make_root(lm, def, kapi_field_roots[i].ctx,
				  kapi_field_roots[i].what);
	free(type);
	free(name);
}

struct ref_count {
	struct lock_module *lm;
	size_t *refs;		/* per function: references */
	size_t *called;		/* of them, as the callee of a call */
};

static void count_ref(struct ref_count *rc, CXCursor ref, bool call)
{
	ssize_t at;

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return;
	ref = clang_getCursorDefinition(ref);
	if (clang_Cursor_isNull(ref) || (at = lm_fn_of(rc->lm, ref)) < 0)
		return;
	if (call)
		rc->called[at]++;
	else
		rc->refs[at]++;
}

static enum CXChildVisitResult root_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct ref_count *rc = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_list kids = { NULL, 0, 0 };

	(void)parent;
	if (k == CXCursor_CallExpr) {
		root_call(rc->lm, c);
		count_ref(rc, clang_getCursorReferenced(c), true);
	} else if (k == CXCursor_DeclRefExpr) {
		count_ref(rc, clang_getCursorReferenced(c), false);
	} else if (k == CXCursor_BinaryOperator || k == CXCursor_UnexposedExpr) {
		cursor_children(c, &kids);
		/* `x->f = fn` and the designated initialiser `.f = fn` */
		if (kids.nr == 2 &&
		    (clang_getCursorKind(kids.v[0]) == CXCursor_MemberRefExpr ||
		     clang_getCursorKind(kids.v[0]) == CXCursor_MemberRef))
			root_field(rc->lm, clang_getCursorReferenced(kids.v[0]),
				   kids.v[1]);
		cursor_list_release(&kids);
	}
	return CXChildVisit_Recurse;
}

static void unknown_roots(struct lock_module *lm, const struct ref_count *rc)
{
	size_t i;

	for (i = 0; i < lm->nr_fns; i++) {
		struct lm_fn *fn = &lm->fns[i];
		bool external = clang_getCursorLinkage(fn->def) ==
				CXLinkage_External;

		if (!fn->module || fn->root_ctx)
			continue;
		if (rc->refs[i] > rc->called[i])
			make_root(lm, fn->def, CTX_UNKNOWN,
				  "its address is passed on");
		else if (external)
			make_root(lm, fn->def, CTX_UNKNOWN, "it is not static");
	}
}

static void lock_roots(struct lock_module *lm)
{
	struct ref_count rc = { lm, NULL, NULL };
	size_t i, k, nr = lm->nr_fns;

	rc.refs = xcalloc(nr + 1, sizeof(*rc.refs));
	rc.called = xcalloc(nr + 1, sizeof(*rc.called));
	for (i = 0; i < lm->nr_tus; i++) {
		struct cursor_list kids = { NULL, 0, 0 };
		char *file;

		cursor_children(clang_getTranslationUnitCursor(lm->tus[i].unit),
				&kids);
		for (k = 0; k < kids.nr; k++) {
			file = cursor_file(kids.v[k]);
			/* The file's code, and a .c file it includes. */
			if (!strcmp(file, lm->tus[i].path) ||
			    ends_with(file, ".c"))
				clang_visitChildren(kids.v[k], root_visit, &rc);
			free(file);
		}
		cursor_list_release(&kids);
	}
	unknown_roots(lm, &rc);
	free(rc.refs);
	free(rc.called);
}

static void reach(struct lock_module *lm, size_t at, unsigned int bit,
		  size_t root, bool *seen)
{
	struct lm_fn *fn = &lm->fns[at];
	size_t i;

	if (seen[at] || (lm->cut && at == lm->excluded))
		return;
	seen[at] = true;
	if (!(fn->ctx & bit)) {
		fn->ctx |= bit;
		fn->via[ctx_index(bit)] = root;
	}
	for (i = 0; i < fn->nr_calls; i++)
		reach(lm, fn->calls[i], bit, root, seen);
}

void lock_contexts(struct lock_module *lm, ssize_t skip, bool cut)
{
	bool *seen = xcalloc(lm->nr_fns + 1, sizeof(*seen));
	unsigned int bit;
	size_t i;

	for (i = 0; i < lm->nr_fns; i++)
		lm->fns[i].ctx = 0;
	lm->excluded = skip;
	lm->cut = cut;
	for (i = 0; i < lm->nr_fns; i++) {
		if (!lm->fns[i].root_ctx || lm->fns[i].folded ||
		    (ssize_t)i == skip)
			continue;
		for (bit = CTX_HARDIRQ; bit <= CTX_UNKNOWN; bit <<= 1) {
			if (!(lm->fns[i].root_ctx & bit))
				continue;
			memset(seen, 0, (lm->nr_fns + 1) * sizeof(*seen));
			reach(lm, i, bit, i, seen);
		}
	}
	free(seen);
}

static char *user_phrase(const struct lock_module *lm, size_t at,
			 unsigned int bit)
{
	const struct lm_fn *fn = &lm->fns[at];
	const struct lm_fn *root = &lm->fns[fn->via[ctx_index(bit)]];

	if (!fn->module)
		return xasprintf("%s(), %s, takes it in %s context (through %s())",
				 root->name, root->root_what, lock_ctx_name(bit),
				 fn->name);
	if (root == fn)
		return xasprintf("%s(), %s, takes it in %s context", fn->name,
				 root->root_what, lock_ctx_name(bit));
	return xasprintf("%s(), called from %s(), %s, takes it in %s context",
			 fn->name, root->name, root->root_what,
			 lock_ctx_name(bit));
}

/*
 * How strong a witness of @bit is: hard irqs first.
 */
static unsigned int rank(unsigned int bit)
{
	return bit == CTX_HARDIRQ ? 2 : bit ? 1 : 0;
}


/* The witness phrase in @slot replaced when @r ranks above @best. */
static void witness(char **slot, unsigned int *best, unsigned int r,
		    char *phrase)
{
	if (r <= *best) {
		free(phrase);
		return;
	}
	*best = r;
	free(*slot);
	*slot = phrase;
}

/*
 * A function the module exports that takes the lock with irqsave: its
 * callers in other modules may run in hard-irq or softirq context
 * (nvec_write_async(), which a keyboard's tasklet reaches through
 * input_dev->event), so the thread must keep interrupts off too.
 * spin_lock_irq() speaks for none: it would turn interrupts on under a
 * hard-irq caller, so its callers run in process context (xhci_shutdown()).
 */
static void exported_takers(const struct lock_module *lm,
			    const struct lm_lock *l, char **who,
			    unsigned int *best, unsigned int *known)
{
	size_t i, k;

	for (i = 0; i < lm->nr_fns; i++) {
		const struct lm_fn *fn = &lm->fns[i];

		if (!fn->module || !(fn->ctx & CTX_UNKNOWN))
			continue;
		for (k = 0; k < fn->nr_locks; k++) {
			const struct lm_lock *o = &fn->locks[k];

			if (strcmp(o->id, l->id) || o->prim->op != LO_ACQUIRE ||
			    o->prim->form != LF_IRQSAVE ||
			    !an_exported_line(fn->def))
				continue;
			*known |= CTX_HARDIRQ;
			witness(who, best, rank(CTX_HARDIRQ),
				xasprintf("%s(), which the module exports to callers in any context, takes it with %s()",
					  fn->name, o->prim->name));
			return;
		}
	}
}

/*
 * Known contexts only: a taker whose callers are not known counts as
 * process context.  Its irqsave form is no evidence of a hard-irq user:
 * it is there, as a rule, because the handler being converted took the
 * lock in hard-irq context.
 * Only a function the module exports is called from contexts its irqsave
 * speaks for.
 */
unsigned int lock_users(const struct lock_module *lm, const struct lm_lock *l,
			char **who)
{
	unsigned int known = 0, best = 0;
	size_t i, k;

	*who = NULL;
	for (i = 0; i < lm->nr_fns; i++) {
		const struct lm_fn *fn = &lm->fns[i];

		for (k = 0; k < fn->nr_locks; k++) {
			const struct lm_lock *o = &fn->locks[k];
			unsigned int c = fn->ctx & (CTX_HARDIRQ | CTX_SOFTIRQ);
			unsigned int bit = c & CTX_HARDIRQ ? CTX_HARDIRQ : c;

			if (strcmp(o->id, l->id) || !bit)
				continue;
			known |= c;
			witness(who, &best, rank(bit),
				user_phrase(lm, i, bit));
		}
	}
	for (i = 0; i < ARRAY_SIZE(kapi_lock_users); i++) {
		if (!l->type || strcmp(kapi_lock_users[i].type, l->type) ||
		    strcmp(kapi_lock_users[i].field, l->field))
			continue;
		known |= kapi_lock_users[i].ctx;
		witness(who, &best, rank(kapi_lock_users[i].ctx),
			xasprintf("%s takes it in %s context",
				  kapi_lock_users[i].who,
				  lock_ctx_name(kapi_lock_users[i].ctx)));
	}
	exported_takers(lm, l, who, &best, &known);
	return known;
}

struct lock_module *lock_module_open(CXIndex index, struct kbuild *kb,
				     struct tu *main)
{
	struct lock_module *lm = lock_graph_open(index, kb, main);

	lock_roots(lm);
	return lm;
}
