// SPDX-License-Identifier: GPL-2.0
/*
 * Evidence that a write silences the interrupt (review-findings.md, defect
 * class 2).  A write hoisted into the quick check must either
 *
 * - write back to the status register the value the ownership check read
 *   from it (write-1-to-clear of what was read: e100's stat_ack), or
 * - write the register the driver's own irq-disable function writes, with
 *   the value it writes there (e1000's IMC ~0, as e1000_irq_disable());
 *
 * it must not overtake a drain of a level source (a loop over device reads,
 * or a call the analysis cannot see into: ca0106's MIDI FIFO callback),
 * since the ack does not hold a level condition down; and when it masks,
 * the thread must unmask on every way out, itself or through the driver's
 * NAPI poll.  Registers are compared as the expressions that address them,
 * with the driver's accessor wrappers followed to the MMIO or port
 * accessor they end in, their parameters replaced by the caller's
 * arguments and constants folded.
 */

#include <stdlib.h>
#include <string.h>

#include "analyze/silence-evidence.h"
#include "tu.h"

#define WRAPPER_DEPTH 4
#define CALLEE_DEPTH 2

struct frame {
	CXCursor fn;		/* a wrapper whose parameters ... */
	CXCursor call;		/* ... are this call's arguments */
	const struct frame *up;	/* where those arguments are evaluated */
};

/* A resolved device access. */
struct access {
	bool write;
	char *reg;		/* key of the register's address */
	char *value;		/* key of the value written */
	CXCursor value_expr;	/* the value in the caller's frame, or null */
};

struct kids {
	CXCursor *v;
	size_t nr, alloc;
};

static enum CXChildVisitResult kid_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->nr == k->alloc) {
		k->alloc = k->alloc ? 2 * k->alloc : 4;
		k->v = xrealloc(k->v, k->alloc * sizeof(*k->v));
	}
	k->v[k->nr++] = c;
	return CXChildVisit_Continue;
}

/* The children of @c (release with free(k->v)). */
static void kids_of(CXCursor c, struct kids *k)
{
	memset(k, 0, sizeof(*k));
	clang_visitChildren(c, kid_visit, k);
}

static unsigned int line_of(CXCursor c)
{
	unsigned int line;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line,
				   NULL, NULL);
	return line;
}

static char *spelling(CXCursor c)
{
	return cxstring_take(clang_getCursorSpelling(c));
}

/* The function a call names, "" when it calls through a pointer. */
static char *callee_of(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return xstrdup("");
	return spelling(ref);
}

static CXCursor callee_def(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return clang_getNullCursor();
	return clang_getCursorDefinition(ref);
}

static CXCursor strip(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;
	CXCursor ret = c;

	if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
	    k != CXCursor_CStyleCastExpr)
		return c;
	kids_of(c, &kids);
	/* A cast's first child may be its type reference. */
	if (kids.nr)
		ret = strip(kids.v[kids.nr - 1]);
	free(kids.v);
	return ret;
}

struct call_walk {
	void (*fn)(CXCursor call, void *data);
	void *data;
};

static enum CXChildVisitResult call_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct call_walk *w = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		w->fn(c, w->data);
	return CXChildVisit_Recurse;
}

/* Every call in @c, @c itself included. */
static void for_each_call(CXCursor c, void (*fn)(CXCursor, void *), void *data)
{
	struct call_walk w = { fn, data };

	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		fn(c, data);
	clang_visitChildren(c, call_visit, &w);
}

/* The index of @parm among @fn's parameters, -1 when it is not one. */
static int parm_index(CXCursor fn, CXCursor parm)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), parm))
			return i;
	return -1;
}

/*
 * A local initialised with another variable and nothing else (pvscsi's
 * `adapter = devp`): a register addressed through either is the same.
 */
static CXCursor alias_of(CXCursor var)
{
	struct kids kids;
	CXCursor init = clang_getNullCursor();

	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) !=
	    CXCursor_FunctionDecl)
		return init;
	kids_of(var, &kids);
	if (kids.nr)
		init = strip(kids.v[kids.nr - 1]);
	free(kids.v);
	if (clang_getCursorKind(init) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	return init;
}

/*
 * A key for the value of @e: constants folded, names of variables, fields
 * and functions, the shape of what is around them; a wrapper's parameter
 * stands for its caller's argument.
 */
static void key_add(struct strbuf *sb, CXCursor e, const struct frame *f)
{
	CXEvalResult r;
	enum CXCursorKind k;
	struct kids kids;
	size_t i;

	e = strip(e);
	k = clang_getCursorKind(e);
	if (clang_isExpression(k) && k != CXCursor_DeclRefExpr &&
	    k != CXCursor_MemberRefExpr) {
		r = clang_Cursor_Evaluate(e);
		if (r && clang_EvalResult_getKind(r) == CXEval_Int) {
			strbuf_addf(sb, "#%llx",
				    clang_EvalResult_getAsUnsigned(r) &
				    0xffffffffULL);
			clang_EvalResult_dispose(r);
			return;
		}
		if (r)
			clang_EvalResult_dispose(r);
	}
	if (k == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(e);
		int i = -1;

		if (f && clang_getCursorKind(ref) == CXCursor_ParmDecl)
			i = parm_index(f->fn, ref);
		if (i >= 0 && i < clang_Cursor_getNumArguments(f->call)) {
			key_add(sb, clang_Cursor_getArgument(f->call, i), f->up);
			return;
		}
		if (!clang_Cursor_isNull(alias_of(ref))) {
			key_add(sb, alias_of(ref), f);
			return;
		}
		if (clang_getCursorKind(ref) == CXCursor_EnumConstantDecl) {
			strbuf_addf(sb, "#%llx",
				    clang_getEnumConstantDeclUnsignedValue(ref) &
				    0xffffffffULL);
			return;
		}
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
		char *s = spelling(e);

		strbuf_addf(sb, "%s%s", k == CXCursor_MemberRefExpr ? "." : "",
			    s);
		free(s);
	} else {
		strbuf_addf(sb, "%d", (int)k);
	}
	kids_of(e, &kids);
	if (kids.nr)
		strbuf_addch(sb, '(');
	for (i = 0; i < kids.nr; i++) {
		if (i)
			strbuf_addch(sb, ',');
		key_add(sb, kids.v[i], f);
	}
	if (kids.nr)
		strbuf_addch(sb, ')');
	free(kids.v);
}

static char *key_of(CXCursor e, const struct frame *f)
{
	struct strbuf sb = STRBUF_INIT;

	key_add(&sb, e, f);
	return strbuf_detach(&sb);
}

/*
 * The MMIO and port accessors themselves (readl, iowrite8, outb, ...), as
 * opposed to a driver's wrappers of them: their arguments are the value
 * and the address.
 */
static bool is_accessor(const char *n, bool *write)
{
	size_t len;

	if (starts_with(n, "__raw_"))
		n += 6;
	else if (starts_with(n, "__"))
		n += 2;
	if (starts_with(n, "io"))
		n += 2;
	*write = starts_with(n, "write") || starts_with(n, "out");
	if (starts_with(n, "read") || starts_with(n, "write"))
		n += starts_with(n, "read") ? 4 : 5;
	else if (starts_with(n, "in") || starts_with(n, "out"))
		n += starts_with(n, "in") ? 2 : 3;
	else
		return false;
	len = strspn(n, "bwlq0123456789");
	if (!len)
		return false;
	n += len;
	return !*n || !strcmp(n, "_relaxed") || !strcmp(n, "_p") ||
	       !strcmp(n, "be");
}

static bool is_access(const struct access_preds *ap, const char *callee)
{
	return ap->is_read(callee, ap->data) || ap->is_write(callee, ap->data);
}

struct first_access {
	const struct access_preds *ap;
	CXCursor found;
};

static void first_access_visit(CXCursor call, void *data)
{
	struct first_access *fa = data;
	char *callee;
	bool w;

	if (!clang_Cursor_isNull(fa->found))
		return;
	callee = callee_of(call);
	if (is_accessor(callee, &w) || is_access(fa->ap, callee))
		fa->found = call;
	free(callee);
}

static void access_release(struct access *a)
{
	free(a->reg);
	free(a->value);
	memset(a, 0, sizeof(*a));
}

/* Resolve the device access @call makes: its register, the value written. */
static bool access_of(CXCursor call, const struct frame *f,
		      const struct access_preds *ap, int depth,
		      struct access *a)
{
	char *callee = callee_of(call);
	struct first_access fa = { ap, clang_getNullCursor() };
	struct frame inner;
	CXCursor def, v;
	bool write, ok = false;
	int i;

	if (is_accessor(callee, &write)) {
		int nargs = clang_Cursor_getNumArguments(call);

		free(callee);
		if (nargs != (write ? 2 : 1))
			return false;
		memset(a, 0, sizeof(*a));
		a->write = write;
		a->reg = key_of(clang_Cursor_getArgument(call, write), f);
		if (write) {
			a->value_expr = strip(clang_Cursor_getArgument(call, 0));
			a->value = key_of(a->value_expr, f);
		} else {
			a->value_expr = clang_getNullCursor();
		}
		return true;
	}
	def = callee_def(call);
	if (!is_access(ap, callee) || clang_Cursor_isNull(def) ||
	    depth >= WRAPPER_DEPTH) {
		free(callee);
		return false;
	}
	free(callee);
	for_each_call(def, first_access_visit, &fa);
	if (clang_Cursor_isNull(fa.found))
		return false;
	inner.fn = def;
	inner.call = call;
	inner.up = f;
	ok = access_of(fa.found, &inner, ap, depth + 1, a);
	if (!ok || !a->write || clang_Cursor_isNull(a->value_expr))
		return ok;
	/* The value, back in this caller's frame: a parameter passed through. */
	v = a->value_expr;
	a->value_expr = clang_getNullCursor();
	if (clang_getCursorKind(v) == CXCursor_DeclRefExpr) {
		i = parm_index(def, clang_getCursorReferenced(v));
		if (i >= 0 && i < clang_Cursor_getNumArguments(call))
			a->value_expr = strip(clang_Cursor_getArgument(call, i));
	}
	return true;
}

/* ---- write back of the status read ---------------------------------- */

struct ref_find {
	CXCursor decl;
	bool hit;
};

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct ref_find *rf = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), rf->decl)) {
		rf->hit = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool refers_to(CXCursor c, CXCursor decl)
{
	struct ref_find rf = { decl, false };

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), decl))
		return true;
	clang_visitChildren(c, ref_visit, &rf);
	return rf.hit;
}

/* Does an ownership check (an `if` up to @s->check) test @var? */
static bool checked(const struct silence_site *s, CXCursor var)
{
	struct kids kids;
	bool hit = false;
	size_t i;

	for (i = 0; i <= s->check && !hit; i++) {
		if (clang_getCursorKind(s->stmts[i]) != CXCursor_IfStmt)
			continue;
		kids_of(s->stmts[i], &kids);
		hit = kids.nr && refers_to(kids.v[0], var);
		free(kids.v);
	}
	return hit;
}

struct read_collect {
	const struct access_preds *ap;
	char *reg;		/* the one register read, or NULL */
	unsigned int nr;	/* device reads seen */
	bool other;		/* a read we could not resolve */
};

static void read_collect_visit(CXCursor call, void *data)
{
	struct read_collect *rc = data;
	char *callee = callee_of(call);
	struct access a;
	bool w;

	if (!(is_accessor(callee, &w) && !w) &&
	    !rc->ap->is_read(callee, rc->ap->data)) {
		free(callee);
		return;
	}
	free(callee);
	rc->nr++;
	if (!access_of(call, NULL, rc->ap, 0, &a) || a.write) {
		rc->other = true;
		access_release(&a);
		return;
	}
	if (!rc->reg) {
		rc->reg = a.reg;
		a.reg = NULL;
	}
	access_release(&a);
}

static void note_call(CXCursor call, void *data)
{
	(void)call;
	*(bool *)data = true;
}

/* A declaration without a call in its initialiser gives no value read. */
static bool has_call(CXCursor c)
{
	bool hit = false;

	for_each_call(c, note_call, &hit);
	return hit;
}

/* Is statement @stmt where @var gets its value (`var = ...`, `T var = ...`)? */
static bool sets_var(CXCursor stmt, CXCursor var, const char *name)
{
	struct kids kids;
	bool hit = false;
	size_t i;

	if (clang_getCursorKind(stmt) != CXCursor_DeclStmt)
		return cursor_assigns(stmt, name);
	kids_of(stmt, &kids);
	for (i = 0; i < kids.nr; i++)
		hit |= clang_equalCursors(kids.v[i], var) &&
		       has_call(kids.v[i]);
	free(kids.v);
	return hit;
}

/*
 * `var &= MASK;` with no call: what is written back is still bits that
 * were read (bt-bmc, fm801 keep only the sources they handle).
 */
static bool narrows(CXCursor stmt, const char *name)
{
	struct strvec t = STRVEC_INIT;
	bool hit;

	cursor_tokens(stmt, &t);
	hit = t.nr > 2 && !strcmp(t.v[0], name) && !strcmp(t.v[1], "&=") &&
	      !has_call(stmt);
	strvec_clear(&t);
	return hit;
}

/*
 * The write @a acknowledges what the check read: its value is a local the
 * ownership check tests, and every statement up to the check that sets
 * the local reads one register, once.  Written back to that register it is
 * write-1-to-clear of what was read; written to another one (edu's ACK
 * beside its STATUS, cctrng's ICR beside IRR), an acknowledge of exactly
 * the bits read.  Either is void when the work writes that register again
 * (see rewritten_later()).
 */
static bool writes_back_status(const struct silence_site *s,
			       const struct access *a, struct strbuf *why)
{
	CXCursor var;
	char *name;
	size_t i;
	unsigned int sets = 0;
	bool ok = true, same = true;

	if (clang_Cursor_isNull(a->value_expr) ||
	    clang_getCursorKind(a->value_expr) != CXCursor_DeclRefExpr)
		return false;
	var = clang_getCursorReferenced(a->value_expr);
	if (clang_getCursorKind(var) != CXCursor_VarDecl || !checked(s, var))
		return false;
	name = spelling(var);
	for (i = 0; i <= s->check && ok; i++) {
		struct read_collect rc = { s->ap, NULL, 0, false };

		if (!sets_var(s->stmts[i], var, name) ||
		    narrows(s->stmts[i], name))
			continue;
		sets++;
		for_each_call(s->stmts[i], read_collect_visit, &rc);
		ok = rc.nr == 1 && !rc.other && rc.reg;
		same &= ok && !strcmp(rc.reg, a->reg);
		free(rc.reg);
	}
	ok &= sets > 0;
	if (ok && same)
		strbuf_addf(why, "it writes back to the status register the value '%s' read from it, which clears the bits that were read (write-1-to-clear)",
			    name);
	else if (ok)
		strbuf_addf(why, "it writes '%s', the status as read, unchanged to the device: an acknowledge of exactly the bits that were read",
			    name);
	free(name);
	return ok;
}

/* ---- the driver's irq enable and disable functions ------------------ */

static bool word_in(const char *name, const char *const *words)
{
	char *copy = xstrdup(name), *w, *save = NULL;
	bool hit = false;
	size_t i;

	for (w = strtok_r(copy, "_", &save); w && !hit;
	     w = strtok_r(NULL, "_", &save))
		for (i = 0; words[i] && !hit; i++)
			hit = !strcmp(w, words[i]);
	free(copy);
	return hit;
}

static const char *const irq_words[] = {
	"irq", "irqs", "int", "ints", "intr", "intrs", "interrupt",
	"interrupts", NULL
};

/* e1000_irq_disable(), e100_disable_irq(), foo_mask_interrupts(), ... */
static bool is_irq_switch(const char *name, bool enable)
{
	static const char *const off[] = { "disable", "mask", "off", NULL };
	static const char *const on[] = { "enable", "unmask", "on", NULL };

	return word_in(name, irq_words) && word_in(name, enable ? on : off) &&
	       !word_in(name, enable ? off : on);
}

/* Definitions of the handler's file, as their cursors. */
static void file_functions(CXCursor handler, struct kids *out)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(handler);
	CXFile want, got;
	struct kids all;
	size_t i;

	memset(out, 0, sizeof(*out));
	clang_getExpansionLocation(clang_getCursorLocation(handler), &want,
				   NULL, NULL, NULL);
	kids_of(clang_getTranslationUnitCursor(tu), &all);
	for (i = 0; i < all.nr; i++) {
		CXCursor c = all.v[i];

		if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
		    !clang_isCursorDefinition(c))
			continue;
		clang_getExpansionLocation(clang_getCursorLocation(c), &got,
					   NULL, NULL, NULL);
		if (clang_File_isEqual(want, got))
			kid_visit(c, clang_getNullCursor(), out);
	}
	free(all.v);
}

struct disable_match {
	const struct access_preds *ap;
	const struct access *want;
	bool hit;
};

static void disable_match_visit(CXCursor call, void *data)
{
	struct disable_match *dm = data;
	char *callee = callee_of(call);
	struct access a;
	bool w;

	if (dm->hit || (!is_accessor(callee, &w) &&
			!dm->ap->is_write(callee, dm->ap->data))) {
		free(callee);
		return;
	}
	free(callee);
	if (access_of(call, NULL, dm->ap, 0, &a) && a.write &&
	    !strcmp(a.reg, dm->want->reg) && !strcmp(a.value, dm->want->value))
		dm->hit = true;
	access_release(&a);
}

/* The write @a is the one the driver's irq-disable function makes. */
static bool writes_disable(const struct silence_site *s,
			   const struct access *a, struct strbuf *why)
{
	struct kids fns;
	size_t i;
	bool hit = false;

	file_functions(s->handler, &fns);
	for (i = 0; i < fns.nr && !hit; i++) {
		struct disable_match dm = { s->ap, a, false };
		char *name = spelling(fns.v[i]);

		if (is_irq_switch(name, false)) {
			for_each_call(fns.v[i], disable_match_visit, &dm);
			if (dm.hit)
				strbuf_addf(why, "it masks the device's interrupts as %s() does, with the same value in the same register",
					    name);
			hit = dm.hit;
		}
		free(name);
	}
	free(fns.v);
	return hit;
}

/* ---- drains of level sources ---------------------------------------- */

struct drain_walk {
	const struct access_preds *ap;
	int depth;
	bool in_loop;
	bool hit;
	char *what;
};

/* A loop, but not the `do { } while (0)` of a statement macro. */
static bool is_loop(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;
	CXEvalResult r;
	bool once = false;

	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt)
		return true;
	if (k != CXCursor_DoStmt)
		return false;
	kids_of(c, &kids);
	r = kids.nr ? clang_Cursor_Evaluate(kids.v[kids.nr - 1]) : NULL;
	once = r && clang_EvalResult_getKind(r) == CXEval_Int &&
	       !clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	free(kids.v);
	return !once;
}

static void drain_in(CXCursor c, struct drain_walk *dw);

static enum CXChildVisitResult drain_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	drain_in(c, data);
	return ((struct drain_walk *)data)->hit ? CXChildVisit_Break :
						  CXChildVisit_Continue;
}

/* A read of the device in a loop, or a call through a pointer. */
static void drain_in(CXCursor c, struct drain_walk *dw)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	bool was = dw->in_loop;

	if (k == CXCursor_CallExpr) {
		char *callee = callee_of(c);
		CXCursor def = callee_def(c);
		bool w;

		if (!*callee && !dw->what) {
			dw->hit = true;
			dw->what = xstrdup("a call through a function pointer, which may drain a FIFO");
		} else if (dw->in_loop && ((is_accessor(callee, &w) && !w) ||
					   dw->ap->is_read(callee, dw->ap->data))) {
			dw->hit = true;
			dw->what = xasprintf("a loop that reads the device (%s())",
					     callee);
		} else if (*callee && !clang_Cursor_isNull(def) &&
			   dw->depth < CALLEE_DEPTH && !is_accessor(callee, &w) &&
			   !is_access(dw->ap, callee)) {
			struct drain_walk inner = { dw->ap, dw->depth + 1,
						    dw->in_loop, false, NULL };

			drain_in(def, &inner);
			if (inner.hit) {
				dw->hit = true;
				dw->what = dw->in_loop ?
					xasprintf("a loop that reads the device through %s()",
						  callee) :
					xasprintf("%s(), which has %s", callee,
						  inner.what);
			}
			free(inner.what);
		}
		free(callee);
		if (dw->hit)
			return;
	}
	if (is_loop(c))
		dw->in_loop = true;
	clang_visitChildren(c, drain_visit, dw);
	dw->in_loop = was;
}

/* The first statement the group overtakes that drains a level source. */
static bool overtakes_drain(const struct silence_site *s, struct strbuf *why)
{
	size_t i;

	for (i = s->check + 1; i < s->start; i++) {
		struct drain_walk dw = { s->ap, 0, false, false, NULL };

		drain_in(s->stmts[i], &dw);
		if (dw.hit)
			strbuf_addf(why, "the acknowledge would move ahead of %s (line %u); an acknowledge does not hold down a level condition (a FIFO not empty), so it must stay after the drain",
				    dw.what, line_of(s->stmts[i]));
		free(dw.what);
		if (dw.hit)
			return true;
	}
	return false;
}

/* ---- the thread unmasks --------------------------------------------- */

struct unmask_ctx {
	const struct access_preds *ap;
	struct kids enable;	/* the driver's irq-enable functions */
	char *poll;		/* a NAPI poll that calls one of them */
	char *poll_enable;
	struct strvec used;	/* the ways the thread unmasks */
	bool exempt;		/* in a statement the mask overtook */
	unsigned int bad_line;	/* a way out without unmask */
	struct strvec exempt_lines;
};

static bool is_napi_schedule(const char *n)
{
	return !strcmp(n, "napi_schedule") || !strcmp(n, "__napi_schedule") ||
	       !strcmp(n, "napi_schedule_irqoff") ||
	       !strcmp(n, "__napi_schedule_irqoff");
}

static bool is_napi_add(const char *n)
{
	return starts_with(n, "netif_napi_add");
}

/* The enable function @fn is or calls (one level), or NULL. */
static char *enables(const struct unmask_ctx *x, CXCursor fn, int depth);

struct enable_walk {
	const struct unmask_ctx *x;
	int depth;
	char *found;
};

static void enable_visit(CXCursor call, void *data)
{
	struct enable_walk *ew = data;
	char *callee;
	CXCursor def;
	size_t i;

	if (ew->found)
		return;
	callee = callee_of(call);
	for (i = 0; i < ew->x->enable.nr && !ew->found; i++) {
		char *name = spelling(ew->x->enable.v[i]);

		if (!strcmp(name, callee))
			ew->found = xstrdup(name);
		free(name);
	}
	def = callee_def(call);
	if (!ew->found && ew->depth < 1 && !clang_Cursor_isNull(def))
		ew->found = enables(ew->x, def, ew->depth + 1);
	free(callee);
}

static char *enables(const struct unmask_ctx *x, CXCursor fn, int depth)
{
	struct enable_walk ew = { x, depth, NULL };

	for_each_call(fn, enable_visit, &ew);
	return ew.found;
}

struct napi_find {
	struct unmask_ctx *x;
};

static void napi_add_visit(CXCursor call, void *data)
{
	struct unmask_ctx *x = data;
	char *callee = callee_of(call);
	CXCursor poll, def;

	if (x->poll || !is_napi_add(callee) ||
	    clang_Cursor_getNumArguments(call) < 3) {
		free(callee);
		return;
	}
	free(callee);
	poll = strip(clang_Cursor_getArgument(call, 2));
	if (clang_getCursorKind(poll) != CXCursor_DeclRefExpr)
		return;
	def = clang_getCursorDefinition(clang_getCursorReferenced(poll));
	if (clang_Cursor_isNull(def))
		return;
	x->poll_enable = enables(x, def, 0);
	if (x->poll_enable)
		x->poll = spelling(def);
}

static void unmask_ctx_init(struct unmask_ctx *x, const struct silence_site *s)
{
	struct kids fns;
	size_t i;

	memset(x, 0, sizeof(*x));
	x->ap = s->ap;
	file_functions(s->handler, &fns);
	for (i = 0; i < fns.nr; i++) {
		char *name = spelling(fns.v[i]);

		if (is_irq_switch(name, true))
			kid_visit(fns.v[i], clang_getNullCursor(), &x->enable);
		free(name);
	}
	for (i = 0; i < fns.nr && x->enable.nr; i++)
		for_each_call(fns.v[i], napi_add_visit, x);
	free(fns.v);
}

static void unmask_ctx_release(struct unmask_ctx *x)
{
	free(x->enable.v);
	free(x->poll);
	free(x->poll_enable);
	strvec_clear(&x->used);
	strvec_clear(&x->exempt_lines);
}

struct unmask_walk {
	struct unmask_ctx *x;
	bool hit;
	bool prep;		/* napi_schedule_prep(): NAPI already pending */
};

static void unmask_visit(CXCursor call, void *data)
{
	struct unmask_walk *uw = data;
	char *callee = callee_of(call);
	size_t i;

	if (uw->x->poll && is_napi_schedule(callee)) {
		uw->hit = true;
		strvec_push_nodup(&uw->x->used,
				  xasprintf("%s(), whose poll %s() calls %s()",
					    callee, uw->x->poll,
					    uw->x->poll_enable));
	}
	if (uw->x->poll && !strcmp(callee, "napi_schedule_prep"))
		uw->prep = true;
	for (i = 0; i < uw->x->enable.nr; i++) {
		char *name = spelling(uw->x->enable.v[i]);

		if (!strcmp(name, callee)) {
			uw->hit = true;
			strvec_push_nodup(&uw->x->used, xasprintf("%s()", name));
		}
		free(name);
	}
	free(callee);
}

static bool calls_unmask(struct unmask_ctx *x, CXCursor c, bool *prep)
{
	struct unmask_walk uw = { x, false, false };

	for_each_call(c, unmask_visit, &uw);
	if (prep)
		*prep = uw.prep;
	return uw.hit;
}

static void way_out(struct unmask_ctx *x, CXCursor c, bool u)
{
	if (u)
		return;
	if (x->exempt)
		strvec_push_nodup(&x->exempt_lines,
				  xasprintf("%u", line_of(c)));
	else if (!x->bad_line)
		x->bad_line = line_of(c);
}

/*
 * Does every path through @c that falls through unmask, given @u (already
 * unmasked) on entry?  A return on a path that has not unmasked is noted.
 */
static bool flow(struct unmask_ctx *x, CXCursor c, bool u)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;
	bool out = u, prep = false;
	size_t i;

	kids_of(c, &kids);
	if (k == CXCursor_CompoundStmt) {
		for (i = 0; i < kids.nr; i++)
			out = flow(x, kids.v[i], out);
	} else if (k == CXCursor_IfStmt && kids.nr >= 2) {
		bool in = calls_unmask(x, kids.v[0], &prep) || u;

		/* Unless prep succeeds, a poll is pending and will unmask. */
		out = flow(x, kids.v[1], in);
		out &= kids.nr > 2 ? flow(x, kids.v[2], in || prep) :
				     in || prep;
	} else if (k == CXCursor_ReturnStmt) {
		way_out(x, c, calls_unmask(x, c, NULL) || u);
		out = true;
	} else if (is_loop(c) || k == CXCursor_SwitchStmt ||
		   k == CXCursor_LabelStmt || k == CXCursor_CaseStmt ||
		   k == CXCursor_DefaultStmt) {
		for (i = 0; i < kids.nr; i++)
			flow(x, kids.v[i], u);
		out = u;
	} else {
		out = calls_unmask(x, c, NULL) || u;
	}
	free(kids.v);
	return out;
}

/* Every way out of the thread unmasks (or was out before the mask). */
static bool thread_unmasks(const struct silence_site *s, struct strbuf *why,
			   struct strvec *notes)
{
	struct unmask_ctx x;
	bool u = false, ok;
	size_t i;

	unmask_ctx_init(&x, s);
	for (i = s->check + 1; i < s->nr; i++) {
		if (i >= s->start && i < s->start + s->len)
			continue;
		x.exempt = i < s->start;
		u = flow(&x, s->stmts[i], u);
	}
	if (!u && !x.bad_line && s->nr)
		x.bad_line = line_of(s->stmts[s->nr - 1]);
	ok = !x.bad_line && x.used.nr;
	if (!ok) {
		strbuf_addf(why, "the quick check would mask the device, but the thread does not unmask it on its way out at line %u%s",
			    x.bad_line ? x.bad_line : line_of(s->handler),
			    x.enable.nr ? "" : ": the driver has no irq-enable function to call");
	} else {
		struct strbuf sb = STRBUF_INIT;
		char *handler_name = spelling(s->handler);

		for (i = 0; i < x.used.nr; i++)
			strbuf_addf(&sb, "%s%s", i ? "; or through " : "",
				    x.used.v[i]);
		strvec_push_nodup(notes, xasprintf("The thread unmasks the device on every way out, through %s.",
						   sb.buf));
		strbuf_reset(&sb);
		for (i = 0; i < x.exempt_lines.nr; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "",
				    x.exempt_lines.v[i]);
		if (x.exempt_lines.nr)
			strvec_push_nodup(notes, xasprintf("The return at line %s of the old %s() left before the old handler masked the device; on that path the device now stays masked until the driver enables its interrupts again.",
							   sb.buf, handler_name));
		strbuf_release(&sb);
		free(handler_name);
	}
	unmask_ctx_release(&x);
	return ok;
}

/* ---- the judgement -------------------------------------------------- */

/*
 * The statement's text as written, up to its ';' (a statement written as
 * one macro, `ew32(IMC, ~0);`, has no extent of its own to take).
 */
static char *stmt_text(CXCursor stmt)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(stmt);
	struct strbuf sb = STRBUF_INIT;
	const char *buf, *p;
	CXFile file;
	unsigned int off;
	size_t len;
	int depth = 0;

	clang_getExpansionLocation(clang_getCursorLocation(stmt), &file, NULL,
				   NULL, &off);
	buf = file ? clang_getFileContents(tu, file, &len) : NULL;
	if (!buf || off >= len)
		return xstrdup("the write");
	for (p = buf + off; p < buf + len; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if ((*p == ';' && depth <= 0) || *p == '\n')
			break;
		if (*p != '\t')
			strbuf_addch(&sb, *p);
	}
	return strbuf_detach(&sb);
}

struct group_walk {
	const struct silence_site *s;
	enum evidence_kind kind;
	struct strbuf why;
	char *reg;		/* the register the evidence is about */
};

static void group_visit(CXCursor call, void *data)
{
	struct group_walk *gw = data;
	struct strbuf why = STRBUF_INIT;
	char *callee = callee_of(call);
	enum evidence_kind kind = EVIDENCE_NONE;
	struct access a;
	bool w;

	if (gw->kind == EVIDENCE_WRITE_BACK ||
	    (!is_accessor(callee, &w) &&
	     !gw->s->ap->is_write(callee, gw->s->ap->data))) {
		free(callee);
		return;
	}
	free(callee);
	if (!access_of(call, NULL, gw->s->ap, 0, &a) || !a.write) {
		access_release(&a);
		return;
	}
	if (writes_back_status(gw->s, &a, &why))
		kind = EVIDENCE_WRITE_BACK;
	else if (!gw->kind && writes_disable(gw->s, &a, &why))
		kind = EVIDENCE_MASK;
	if (kind) {
		gw->kind = kind;
		strbuf_reset(&gw->why);
		strbuf_addstr(&gw->why, why.buf);
		free(gw->reg);
		gw->reg = a.reg;
		a.reg = NULL;
	}
	strbuf_release(&why);
	access_release(&a);
}

struct rewrite_walk {
	const struct access_preds *ap;
	const char *reg;
	bool hit;
};

static void rewrite_visit(CXCursor call, void *data)
{
	struct rewrite_walk *rw = data;
	char *callee = callee_of(call);
	struct access a;
	bool w;

	if (rw->hit || (!is_accessor(callee, &w) &&
			!rw->ap->is_write(callee, rw->ap->data))) {
		free(callee);
		return;
	}
	free(callee);
	if (access_of(call, NULL, rw->ap, 0, &a) && a.write &&
	    !strcmp(a.reg, rw->reg))
		rw->hit = true;
	access_release(&a);
}

/*
 * The work writes the register again (cctrng acks RNG a second time after
 * masking it, since the first ack does not keep it quiet): the write in the
 * quick check does not silence every source on its own.
 */
static bool rewritten_later(const struct silence_site *s, const char *reg,
			    struct strbuf *why)
{
	size_t i;

	for (i = s->check + 1; i < s->nr; i++) {
		struct rewrite_walk rw = { s->ap, reg, false };

		if (i >= s->start && i < s->start + s->len)
			continue;
		for_each_call(s->stmts[i], rewrite_visit, &rw);
		if (rw.hit) {
			strbuf_addf(why, "the work writes the same register again at line %u, so the write in the quick check does not silence every source on its own",
				    line_of(s->stmts[i]));
			return true;
		}
	}
	return false;
}

bool silence_evidence_judge(const struct silence_site *s,
			    struct silence_evidence *ev)
{
	struct strbuf why = STRBUF_INIT;
	char *reg = NULL;
	size_t i;

	memset(ev, 0, sizeof(*ev));
	for (i = s->start; i < s->start + s->len && !ev->kind; i++) {
		struct group_walk gw = { s, EVIDENCE_NONE, STRBUF_INIT, NULL };
		char *text;

		for_each_call(s->stmts[i], group_visit, &gw);
		if (gw.kind) {
			text = stmt_text(s->stmts[i]);
			ev->kind = gw.kind;
			strvec_push_nodup(&ev->notes, xasprintf("%s silences the device in the quick check: %s.",
								text, gw.why.buf));
			free(text);
			reg = gw.reg;
			gw.reg = NULL;
		}
		free(gw.reg);
		strbuf_release(&gw.why);
	}
	if (!ev->kind) {
		ev->refusal_code = "silencing-unproved";
		strbuf_addstr(&why, "no write after the check is shown to silence the device: none writes the status it read back to the device, and none writes what the driver's irq-disable function writes");
	} else if (rewritten_later(s, reg, &why)) {
		ev->refusal_code = "silencing-unproved";
	} else if (overtakes_drain(s, &why)) {
		ev->refusal_code = "ack-before-drain";
	} else if (ev->kind == EVIDENCE_MASK &&
		   !thread_unmasks(s, &why, &ev->notes)) {
		ev->refusal_code = "unmask-unproved";
	}
	if (ev->refusal_code) {
		strvec_clear(&ev->notes);
		strvec_push_nodup(&ev->notes, strbuf_detach(&why));
	}
	free(reg);
	strbuf_release(&why);
	return !ev->refusal_code;
}

void silence_evidence_release(struct silence_evidence *ev)
{
	strvec_clear(&ev->notes);
	memset(ev, 0, sizeof(*ev));
}

/* ---- walking helpers shared with analyze/benefit.c ------------------ */

void evidence_for_each_call(CXCursor c, void (*fn)(CXCursor, void *),
			    void *data)
{
	for_each_call(c, fn, data);
}

char *evidence_callee(CXCursor call)
{
	return callee_of(call);
}

CXCursor evidence_callee_def(CXCursor call)
{
	return callee_def(call);
}

bool evidence_is_loop(CXCursor c)
{
	return is_loop(c);
}

bool evidence_is_access(const struct access_preds *ap, const char *callee)
{
	bool w;

	return is_accessor(callee, &w) || is_access(ap, callee);
}
