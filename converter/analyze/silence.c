// SPDX-License-Identifier: GPL-2.0
/*
 * The device writes that silence the interrupt before the work: what a
 * split-mask primary keeps after the ownership check.  A write counts only
 * when it runs on every path from the check to the work, before the work,
 * so only top-level statements of the body qualify: intel8x0 writes its
 * status back inside the not-ours branch and again after the work, and
 * neither write silences the device before the work.
 *
 * The rule is the one convert applies when it splits a handler
 * (convert/split.c, find_silencing() and find_locked_silencing()), so that
 * scan's split-mask is a split convert makes:
 *
 * - the check is a top-level `if (cond) return IRQ_NONE;` (or, when the
 *   handler takes a lock first and ends with its unlock and return, a
 *   `goto` to that tail); read statements followed by another such check
 *   extend it (8139cp);
 * - unlocked: the first statement after the check made only of register
 *   accesses, at least one a write (and the accesses right after it), or
 *   a `spin_lock(); ... spin_unlock();` group of them (ens1370); before it
 *   only statements that touch no register, take no lock and declare
 *   nothing, which the primary may overtake; and the group holds no goto
 *   label and reads no variable of the handler that the statements it
 *   overtakes assign (pic32-sqi, tsi148);
 * - locked: every write between the check and the tail unlock, unless the
 *   last one is the statement right before the unlock (nothing would be
 *   left for the thread).
 * - unlocked, the group must also be shown to silence the device
 *   (analyze/silence-evidence.c, the same judgement as convert): it writes
 *   back the status the check read, or what the driver's irq-disable
 *   function writes; it overtakes no drain of a level source; the work
 *   does not write the register again; and a mask is undone on every way
 *   out of the thread.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "analyze/silence-evidence.h"
#include "tu.h"

struct stmt_info {
	CXCursor c;
	enum CXCursorKind kind;
	struct src_range where;
	bool read, write, lock, unlock, other, ret;
};

struct body {
	struct stmt_info *v;
	size_t nr, alloc;
};

struct classify {
	struct analysis_ctx *ctx;
	struct stmt_info *si;
};

struct body_walk {
	struct analysis_ctx *ctx;
	struct body *b;
};

static bool is_lock_name(const char *n)
{
	return !strcmp(n, "spin_lock") || !strcmp(n, "spin_lock_irqsave") ||
	       !strcmp(n, "_raw_spin_lock") ||
	       !strcmp(n, "_raw_spin_lock_irqsave") ||
	       !strcmp(n, "spin_lock_irq") || !strcmp(n, "spin_lock_bh") ||
	       !strcmp(n, "raw_spin_lock");
}

static bool is_unlock_name(const char *n)
{
	return starts_with(n, "spin_unlock") ||
	       starts_with(n, "_raw_spin_unlock") ||
	       starts_with(n, "raw_spin_unlock");
}

static void classify_call(CXCursor call, void *data)
{
	struct classify *cl = data;
	char *callee = cx_callee(call);

	if (an_is_access_read(cl->ctx, callee))
		cl->si->read = true;
	else if (an_is_access_write(cl->ctx, callee))
		cl->si->write = true;
	else if (is_lock_name(callee))
		cl->si->lock = true;
	else if (is_unlock_name(callee))
		cl->si->unlock = true;
	else if (!silence_harmless_call(call))
		cl->si->other = true;
	free(callee);
}

/* Every call in @c, @c itself included (a statement may be one call). */
static void calls_in(CXCursor c, cx_call_fn fn, void *data)
{
	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		fn(c, data);
	cx_for_each_call(c, fn, data);
}

static void note_return(CXCursor c, void *data)
{
	(void)c;
	*(bool *)data = true;
}

static enum CXChildVisitResult add_stmt(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct body_walk *bw = data;
	struct body *b = bw->b;
	struct stmt_info *si;
	struct classify inner;

	(void)parent;
	if (b->nr == b->alloc) {
		b->alloc = b->alloc ? 2 * b->alloc : 16;
		b->v = xrealloc(b->v, b->alloc * sizeof(*b->v));
	}
	si = &b->v[b->nr++];
	memset(si, 0, sizeof(*si));
	si->c = c;
	si->kind = clang_getCursorKind(c);
	si->where = cx_stmt_range(bw->ctx->st, c);
	inner.ctx = bw->ctx;
	inner.si = si;
	calls_in(c, classify_call, &inner);
	si->ret = si->kind == CXCursor_ReturnStmt;
	cx_for_each_kind(c, CXCursor_ReturnStmt, note_return, &si->ret);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult collect_kids(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct body *k = data;

	(void)parent;
	if (k->nr == k->alloc) {
		k->alloc = k->alloc ? 2 * k->alloc : 4;
		k->v = xrealloc(k->v, k->alloc * sizeof(*k->v));
	}
	memset(&k->v[k->nr], 0, sizeof(k->v[0]));
	k->v[k->nr++].c = c;
	return CXChildVisit_Continue;
}

/* The children of @c, as bare cursors in @k (release with free(k->v)). */
static void kids_of(CXCursor c, struct body *k)
{
	memset(k, 0, sizeof(*k));
	clang_visitChildren(c, collect_kids, k);
}

static bool is_enum_ref(CXCursor c, const char *name)
{
	CXCursor ref;
	char *s;
	bool hit;

	c = cx_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
		return false;
	s = cxstring_take(clang_getCursorSpelling(ref));
	hit = !strcmp(s, name);
	free(s);
	return hit;
}

static bool is_unlock_call(CXCursor c)
{
	char *callee;
	bool hit;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	callee = cx_callee(c);
	hit = is_unlock_name(callee);
	free(callee);
	return hit;
}

/*
 * `return IRQ_NONE;` or `goto L;` (@go), alone or last in a block that
 * otherwise only releases locks taken before the check: the lock is not
 * the silencing rule's business (convert may still refuse the split).
 */
static bool leaves_alone(CXCursor c, bool go)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct body kids;
	bool hit = false;
	size_t i;

	kids_of(c, &kids);
	if (k == CXCursor_CompoundStmt && kids.nr) {
		hit = leaves_alone(kids.v[kids.nr - 1].c, go);
		for (i = 0; hit && i + 1 < kids.nr; i++)
			hit = is_unlock_call(kids.v[i].c);
	}
	else if (k == CXCursor_ReturnStmt)
		hit = kids.nr == 1 && is_enum_ref(kids.v[0].c, "IRQ_NONE");
	else if (k == CXCursor_GotoStmt)
		hit = go;
	free(kids.v);
	return hit;
}

/* An `if` without else whose branch only leaves "not mine". */
static bool is_check(const struct stmt_info *si, bool locked)
{
	struct body kids;
	bool hit;

	if (si->kind != CXCursor_IfStmt)
		return false;
	kids_of(si->c, &kids);
	hit = kids.nr == 2 && leaves_alone(kids.v[1].c, locked);
	free(kids.v);
	return hit;
}

static bool is_read_stmt(const struct stmt_info *si)
{
	return si->kind != CXCursor_DeclStmt && si->kind != CXCursor_IfStmt &&
	       !si->ret && si->read && !si->other && !si->write;
}

static bool is_silencing(const struct stmt_info *si)
{
	return si->kind != CXCursor_DeclStmt && !si->ret && si->write &&
	       !si->other && !si->lock;
}

static bool is_flush(const struct stmt_info *si)
{
	return si->kind != CXCursor_DeclStmt && !si->ret && si->read &&
	       !si->other && !si->lock;
}

/* A top-level `spin_lock(x);` (what a statement-level lock group opens). */
static bool opens_lock_group(const struct stmt_info *si)
{
	char *callee;
	bool hit;

	if (si->kind != CXCursor_CallExpr)
		return false;
	callee = cx_callee(si->c);
	hit = !strcmp(callee, "spin_lock") || !strcmp(callee, "_raw_spin_lock");
	free(callee);
	return hit;
}

/* Length of the `spin_lock(); register writes; spin_unlock();` at @i. */
static size_t lock_group(const struct body *b, size_t i)
{
	bool writes = false;
	size_t j;

	if (!opens_lock_group(&b->v[i]))
		return 0;
	for (j = i + 1; j < b->nr; j++) {
		const struct stmt_info *s = &b->v[j];

		if (s->unlock)
			return writes ? j - i + 1 : 0;
		if (s->kind == CXCursor_DeclStmt || s->ret || s->other || s->lock)
			return 0;
		writes |= s->write;
	}
	return 0;
}

/* Whether the body ends `spin_unlock(x); return ...;` (maybe labelled). */
static bool has_unlock_tail(const struct body *b)
{
	const struct stmt_info *s;
	CXCursor call;
	struct body kids;
	char *callee;
	bool hit;

	if (b->nr < 2 || b->v[b->nr - 1].kind != CXCursor_ReturnStmt)
		return false;
	s = &b->v[b->nr - 2];
	call = s->c;
	if (s->kind == CXCursor_LabelStmt) {
		kids_of(s->c, &kids);
		call = kids.nr == 1 ? kids.v[0].c : clang_getNullCursor();
		free(kids.v);
	}
	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	callee = cx_callee(call);
	hit = !strcmp(callee, "spin_unlock") ||
	      !strcmp(callee, "_raw_spin_unlock");
	free(callee);
	return hit;
}

struct write_walk {
	struct analysis_ctx *ctx;
};

static void add_write(CXCursor call, void *data)
{
	struct write_walk *w = data;
	char *callee = cx_callee(call);
	char *written;
	struct fact *f;

	if (!an_is_access_write(w->ctx, callee)) {
		free(callee);
		return;
	}
	written = cx_written_name(w->ctx->st, call);
	f = an_add(w->ctx, FACT_SILENCE, written, call);
	if (!f->arg) {
		f->arg = cx_text(w->ctx->st, call);
		f->target = callee;
		callee = NULL;
	}
	free(written);
	free(callee);
}

/* The handler's own variables a statement reads or writes. */
struct local_refs {
	CXCursor fn;
	CXCursor *v;
	size_t nr, alloc;
};

static enum CXChildVisitResult local_ref_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct local_refs *lr = data;
	CXCursor ref;
	size_t i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
	    !clang_equalCursors(clang_getCursorSemanticParent(ref), lr->fn))
		return CXChildVisit_Continue;
	for (i = 0; i < lr->nr; i++)
		if (clang_equalCursors(lr->v[i], ref))
			return CXChildVisit_Continue;
	if (lr->nr == lr->alloc) {
		lr->alloc = lr->alloc ? 2 * lr->alloc : 8;
		lr->v = xrealloc(lr->v, lr->alloc * sizeof(*lr->v));
	}
	lr->v[lr->nr++] = ref;
	return CXChildVisit_Continue;
}

/*
 * May the group [@start, @start + @n) run right after the check, in the
 * primary?  Not when a goto of the work jumps to it (pic32_sqi_isr()'s
 * `irq_done: writel(enable, ...)`), nor when it writes a value that the
 * statements it would overtake compute (tsi148_irqhandler()'s `serviced`):
 * convert's may_run_early() (convert/split-roles.c), the same rule.
 */
static bool may_run_early(const struct body *b, CXCursor fn, size_t check,
			  size_t start, size_t n)
{
	struct local_refs lr = { fn, NULL, 0, 0 };
	bool ok = true;
	size_t i, j, k;

	for (i = start; i < start + n && ok; i++) {
		if (cursor_has_label(b->v[i].c)) {
			ok = false;
			break;
		}
		lr.nr = 0;
		clang_visitChildren(b->v[i].c, local_ref_visit, &lr);
		for (k = 0; k < lr.nr && ok; k++) {
			char *name = cxstring_take(clang_getCursorSpelling(lr.v[k]));

			for (j = check + 1; j < start && ok; j++)
				ok = !cursor_assigns(b->v[j].c, name);
			free(name);
		}
	}
	free(lr.v);
	return ok;
}

static bool read_pred(const char *callee, void *data)
{
	return an_is_access_read(data, callee);
}

static bool write_pred(const char *callee, void *data)
{
	return an_is_access_write(data, callee);
}

/* Convert's evidence rule (analyze/silence-evidence.c), on scan's accessors. */
static bool silencing_proved(struct analysis_ctx *ctx, const struct body *b,
			     size_t check, size_t start, size_t n)
{
	struct access_preds ap = { read_pred, write_pred, ctx };
	CXCursor *stmts = xcalloc(b->nr, sizeof(*stmts));
	struct silence_site s = { ctx->fn, stmts, b->nr, check, start, n,
				  &ap };
	struct silence_evidence ev;
	bool ok;
	size_t i;

	for (i = 0; i < b->nr; i++)
		stmts[i] = b->v[i].c;
	ok = silence_evidence_judge(&s, &ev);
	silence_evidence_release(&ev);
	free(stmts);
	return ok;
}

/* [*@start, *@start + return) silences the device, in a handler without lock. */
static size_t find_silencing(struct analysis_ctx *ctx, const struct body *b,
			     size_t check, size_t *start)
{
	size_t i, n;

	for (i = check + 1; i < b->nr; i++) {
		const struct stmt_info *s = &b->v[i];

		n = lock_group(b, i);
		if (!n && is_silencing(s)) {
			n = 1;
			while (i + n < b->nr && (is_silencing(&b->v[i + n]) ||
						 is_flush(&b->v[i + n])))
				n++;
		}
		if (n && (!may_run_early(b, ctx->fn, check, i, n) ||
			  !silencing_proved(ctx, b, check, i, n)))
			return 0;
		if (n) {
			*start = i;
			return n;
		}
		if (s->read || s->write || s->lock ||
		    s->kind == CXCursor_DeclStmt)
			return 0;
	}
	return 0;
}

static size_t find_locked_silencing(const struct body *b, size_t check,
				    size_t tail, size_t *start)
{
	size_t i, last = 0;

	for (i = check + 1; i < tail; i++)
		if (b->v[i].write)
			last = i;
	*start = check + 1;
	/* The quick check would keep it all and leave the thread nothing. */
	if (last && last + 1 == tail)
		return 0;
	return last ? last - check : 0;
}

void analyze_silence(struct analysis_ctx *ctx)
{
	const struct fact *own = handler_facts_first(ctx->hf, FACT_OWNERSHIP);
	CXCursor body_cursor = clang_getNullCursor();
	struct body b = { NULL, 0, 0 };
	struct body_walk bw = { ctx, &b };
	struct write_walk ww = { ctx };
	size_t i, j, check, tail, start = 0, len;
	bool locked = false;

	if (!own)
		return;
	clang_visitChildren(ctx->fn, find_body, &body_cursor);
	if (clang_Cursor_isNull(body_cursor))
		return;
	clang_visitChildren(body_cursor, add_stmt, &bw);
	tail = has_unlock_tail(&b) ? b.nr - 2 : b.nr;
	for (check = 0; check < b.nr; check++) {
		if (b.v[check].where.begin == own->where.begin)
			break;
		locked |= b.v[check].lock;
	}
	locked = locked && tail < b.nr;
	if (check >= tail || !is_check(&b.v[check], locked))
		goto out;
	for (;;) {
		for (j = check + 1; j < tail && is_read_stmt(&b.v[j]); j++)
			;
		if (j >= tail || !is_check(&b.v[j], locked))
			break;
		check = j;
	}
	len = locked ? find_locked_silencing(&b, check, tail, &start) :
		       find_silencing(ctx, &b, check, &start);
	for (i = start; i < start + len; i++)
		calls_in(b.v[i].c, add_write, &ww);
out:
	free(b.v);
}
