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
 * the thread must unmask on every way out (silence-unmask.c).  Registers
 * are compared as device-access.c resolves them.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/silence-evidence.h"
#include "tu.h"

#define CALLEE_DEPTH 2

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
	struct cursor_kids kids;
	bool hit = false;
	size_t i;

	for (i = 0; i <= s->check && !hit; i++) {
		if (clang_getCursorKind(s->stmts[i]) != CXCursor_IfStmt)
			continue;
		da_kids(s->stmts[i], &kids);
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
	char *callee = da_callee(call);
	struct device_access a;
	bool w;

	if (!(da_is_accessor(callee, &w) && !w) &&
	    !rc->ap->is_read(callee, rc->ap->data)) {
		free(callee);
		return;
	}
	free(callee);
	rc->nr++;
	if (!da_resolve(call, rc->ap, &a) || a.write) {
		rc->other = true;
		da_release(&a);
		return;
	}
	if (!rc->reg) {
		rc->reg = a.reg;
		a.reg = NULL;
	}
	da_release(&a);
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

	da_for_each_call(c, note_call, &hit);
	return hit;
}

/* Is statement @stmt where @var gets its value (`var = ...`, `T var = ...`)? */
static bool sets_var(CXCursor stmt, CXCursor var, const char *name)
{
	struct cursor_kids kids;
	bool hit = false;
	size_t i;

	if (clang_getCursorKind(stmt) != CXCursor_DeclStmt)
		return cursor_assigns(stmt, name);
	da_kids(stmt, &kids);
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
			       const struct device_access *a, struct strbuf *why)
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
	name = da_spelling(var);
	for (i = 0; i <= s->check && ok; i++) {
		struct read_collect rc = { s->ap, NULL, 0, false };

		if (!sets_var(s->stmts[i], var, name) ||
		    narrows(s->stmts[i], name))
			continue;
		sets++;
		da_for_each_call(s->stmts[i], read_collect_visit, &rc);
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

/* ---- drains of level sources ---------------------------------------- */

struct drain_walk {
	const struct access_preds *ap;
	int depth;
	bool in_loop;
	bool refills;		/* writes in a loop count, pointer calls not */
	bool hit;
	char *what;
};

static void drain_in(CXCursor c, struct drain_walk *dw);

static enum CXChildVisitResult drain_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	drain_in(c, data);
	return ((struct drain_walk *)data)->hit ? CXChildVisit_Break :
						  CXChildVisit_Continue;
}

/* "reads" or "writes" when @callee accesses the device as @dw counts it. */
static const char *drain_access(const struct drain_walk *dw,
				const char *callee)
{
	bool w;

	if ((da_is_accessor(callee, &w) && !w) ||
	    dw->ap->is_read(callee, dw->ap->data))
		return "reads";
	if (dw->refills && ((da_is_accessor(callee, &w) && w) ||
			    dw->ap->is_write(callee, dw->ap->data)))
		return "writes";
	return NULL;
}

/*
 * A read of the device in a loop, or a call through a pointer; with
 * @dw->refills, a write in a loop too (a FIFO refilled), a pointer call
 * does not count, and a function the file learned as an accessor is
 * looked into (a refill such as sl_fifo_fill() only writes the device).
 */
static void drain_in(CXCursor c, struct drain_walk *dw)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	bool was = dw->in_loop;

	if (k == CXCursor_CallExpr) {
		char *callee = da_callee(c);
		CXCursor def = da_callee_def(c);
		const char *how = *callee ? drain_access(dw, callee) : NULL;
		bool w;

		if (!*callee && !dw->what && !dw->refills) {
			dw->hit = true;
			dw->what = xstrdup("a call through a function pointer, which may drain a FIFO");
		} else if (dw->in_loop && how) {
			dw->hit = true;
			dw->what = xasprintf("a loop that %s the device (%s())",
					     how, callee);
		} else if (*callee && !clang_Cursor_isNull(def) &&
			   dw->depth < CALLEE_DEPTH && !da_is_accessor(callee, &w) &&
			   (dw->refills || !da_is_access(dw->ap, callee))) {
			struct drain_walk inner = { dw->ap, dw->depth + 1,
						    dw->in_loop, dw->refills,
						    false, NULL };

			drain_in(def, &inner);
			if (inner.hit) {
				dw->hit = true;
				dw->what = dw->in_loop ?
					xasprintf("a loop that %s the device through %s()",
						  dw->refills ? "accesses" : "reads",
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
	if (da_is_loop(c))
		dw->in_loop = true;
	clang_visitChildren(c, drain_visit, dw);
	dw->in_loop = was;
}

/* The first statement the group overtakes that drains a level source. */
static bool overtakes_drain(const struct silence_site *s, struct strbuf *why)
{
	size_t i;

	for (i = s->check + 1; i < s->start; i++) {
		struct drain_walk dw = { s->ap, 0, false, false, false, NULL };

		drain_in(s->stmts[i], &dw);
		if (dw.hit)
			strbuf_addf(why, "the acknowledge would move ahead of %s (line %u); an acknowledge does not hold down a level condition (a FIFO not empty), so it must stay after the drain",
				    dw.what, da_line(s->stmts[i]));
		free(dw.what);
		if (dw.hit)
			return true;
	}
	return false;
}

/*
 * The work the thread would run drains or refills a level source: a loop
 * that reads or writes the device (a FIFO), itself or through a function
 * of the file.  The condition it serves (RX FIFO above its threshold, TX
 * FIFO empty) stays asserted until that loop has run, whatever an
 * acknowledge cleared: the old handler ran the loop before it returned, a
 * split runs it only when the thread runs, and the unmasked line fires
 * again meanwhile.  A mask holds such a source down, an acknowledge not.
 */
static bool thread_serves_level(const struct silence_site *s,
				struct strbuf *why)
{
	size_t i;

	for (i = s->check + 1; i < s->nr; i++) {
		struct drain_walk dw = { s->ap, 0, false, true, false, NULL };

		if (i >= s->start && i < s->start + s->len)
			continue;
		drain_in(s->stmts[i], &dw);
		if (dw.hit)
			strbuf_addf(why, "the acknowledge at line %u is followed by %s at line %u, which may drain or refill a FIFO; an acknowledge does not hold down a FIFO's level condition (data waiting, room free): after a split it would assert again at once and the unmasked line fire until the thread had run",
				    da_line(s->stmts[s->start]), dw.what,
				    da_line(s->stmts[i]));
		free(dw.what);
		if (dw.hit)
			return true;
	}
	return false;
}

/* ---- the judgement -------------------------------------------------- */

/*
 * The text of the write @c as written, from where its expansion starts to
 * its ';', on one line (a write through a macro, `ew32(IMC, ~0);`, has no
 * extent of its own to take).
 */
static char *write_text(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	struct strbuf sb = STRBUF_INIT;
	const char *buf, *p;
	CXFile file;
	unsigned int off;
	size_t len;
	int depth = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL,
				   NULL, &off);
	buf = file ? clang_getFileContents(tu, file, &len) : NULL;
	if (!buf || off >= len)
		return xstrdup("the write");
	for (p = buf + off; p < buf + len; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if ((*p == ';' || *p == '{') && depth <= 0)
			break;
		if (*p != '\t' && *p != '\n' && *p != ' ')
			strbuf_addch(&sb, *p);
		else if (sb.len && sb.buf[sb.len - 1] != ' ' &&
			 sb.buf[sb.len - 1] != '(')
			strbuf_addch(&sb, ' ');
	}
	return strbuf_detach(&sb);
}

struct group_walk {
	const struct silence_site *s;
	enum evidence_kind kind;
	struct strbuf why;
	char *reg;		/* the register the evidence is about */
	CXCursor call;		/* the write that carries it */
};

static void group_visit(CXCursor call, void *data)
{
	struct group_walk *gw = data;
	struct strbuf why = STRBUF_INIT;
	char *callee = da_callee(call);
	enum evidence_kind kind = EVIDENCE_NONE;
	struct device_access a;
	bool w;

	if (gw->kind == EVIDENCE_WRITE_BACK ||
	    (!da_is_accessor(callee, &w) &&
	     !gw->s->ap->is_write(callee, gw->s->ap->data))) {
		free(callee);
		return;
	}
	free(callee);
	if (!da_resolve(call, gw->s->ap, &a) || !a.write) {
		da_release(&a);
		return;
	}
	if (writes_back_status(gw->s, &a, &why))
		kind = EVIDENCE_WRITE_BACK;
	else if (!gw->kind && silence_writes_disable(gw->s, call, &why))
		kind = EVIDENCE_MASK;
	if (kind) {
		gw->kind = kind;
		strbuf_reset(&gw->why);
		strbuf_addstr(&gw->why, why.buf);
		free(gw->reg);
		gw->reg = a.reg;
		gw->call = call;
		a.reg = NULL;
	}
	strbuf_release(&why);
	da_release(&a);
}

struct rewrite_walk {
	const struct access_preds *ap;
	const char *reg;
	bool hit;
};

static void rewrite_visit(CXCursor call, void *data)
{
	struct rewrite_walk *rw = data;
	char *callee = da_callee(call);
	struct device_access a;
	bool w;

	if (rw->hit || (!da_is_accessor(callee, &w) &&
			!rw->ap->is_write(callee, rw->ap->data))) {
		free(callee);
		return;
	}
	free(callee);
	if (da_resolve(call, rw->ap, &a) && a.write &&
	    !strcmp(a.reg, rw->reg))
		rw->hit = true;
	da_release(&a);
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
		da_for_each_call(s->stmts[i], rewrite_visit, &rw);
		if (rw.hit) {
			strbuf_addf(why, "the work writes the same register again at line %u, so the write in the quick check does not silence every source on its own",
				    da_line(s->stmts[i]));
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
		struct group_walk gw = { s, EVIDENCE_NONE, STRBUF_INIT, NULL,
					 clang_getNullCursor() };
		char *text;

		da_for_each_call(s->stmts[i], group_visit, &gw);
		if (gw.kind) {
			text = write_text(gw.call);
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
		strbuf_addstr(&why, "none writes the status it read back to the device, and none writes what the driver's irq-disable function writes");
	} else if (rewritten_later(s, reg, &why)) {
		ev->refusal_code = "silencing-unproved";
	} else if (overtakes_drain(s, &why)) {
		ev->refusal_code = "ack-before-drain";
	} else if (ev->kind == EVIDENCE_WRITE_BACK &&
		   thread_serves_level(s, &why)) {
		ev->refusal_code = "level-source-in-thread";
	} else if (ev->kind == EVIDENCE_MASK &&
		   !silence_thread_unmasks(s, &why, &ev->notes)) {
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
