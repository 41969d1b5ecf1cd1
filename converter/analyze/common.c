// SPDX-License-Identifier: GPL-2.0
/*
 * What the analyses share: walking the calls of a handler body, and knowing
 * a device register access when one is written.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/analyze.h"
#include "tu.h"

/* The accessors kbuild's headers end in, whatever macro the driver wraps
 * them in (er32() is readl(), cpr16() is readw(), ...). */
static const char *const read_fns[] = {
	"readb", "readw", "readl", "readq",
	"readb_relaxed", "readw_relaxed", "readl_relaxed", "readq_relaxed",
	"__raw_readb", "__raw_readw", "__raw_readl", "__raw_readq",
	/* what x86 expands __raw_readl() to */
	"__readb", "__readw", "__readl", "__readq",
	"ioread8", "ioread16", "ioread32", "ioread64",
	"ioread16be", "ioread32be", "ioread64be",
	"inb", "inw", "inl", "inb_p", "inw_p", "inl_p", "__inb", "__inw", "__inl",
	"rtc_cmos_read", "regmap_read", NULL,
};

static const char *const write_fns[] = {
	"writeb", "writew", "writel", "writeq",
	"writeb_relaxed", "writew_relaxed", "writel_relaxed", "writeq_relaxed",
	"__raw_writeb", "__raw_writew", "__raw_writel", "__raw_writeq",
	"__writeb", "__writew", "__writel", "__writeq",
	"iowrite8", "iowrite16", "iowrite32", "iowrite64",
	"iowrite16be", "iowrite32be", "iowrite64be",
	"outb", "outw", "outl", "outb_p", "outw_p", "outl_p",
	"__outb", "__outw", "__outl",
	"rtc_cmos_write", "regmap_write", "regmap_update_bits_base", NULL,
};

bool an_is_device_read(const char *name)
{
	return name_in(name, read_fns);
}

bool an_is_device_write(const char *name)
{
	return name_in(name, write_fns);
}

struct call_walk {
	struct analysis_ctx *ctx;
	an_call_fn fn;
	void *data;
};

static void call_visit(CXCursor call, void *data)
{
	struct call_walk *w = data;
	char *callee = cx_callee(call);
	char *written = cx_written_name(w->ctx->st, call);
	struct an_call c = { call, callee, written };

	w->fn(w->ctx, &c, w->data);
	free(callee);
	free(written);
}

void an_for_each_call(struct analysis_ctx *ctx, an_call_fn fn, void *data)
{
	struct call_walk w = { ctx, fn, data };

	cx_for_each_call(ctx->fn, call_visit, &w);
}

bool an_call_is(const struct an_call *c, const char *const *list)
{
	return name_in(c->callee, list) || name_in(c->written, list);
}

struct fact *an_add(struct analysis_ctx *ctx, enum fact_kind kind,
		    const char *name, CXCursor c)
{
	return handler_facts_add(ctx->hf, kind, name,
				 cx_range(ctx->st, c, NULL));
}

char *an_arg_text(struct analysis_ctx *ctx, CXCursor call, int i)
{
	if (i < 0 || i >= clang_Cursor_getNumArguments(call))
		return NULL;
	return cx_text(ctx->st, clang_Cursor_getArgument(call, i));
}

struct read_walk {
	struct scan_tu *st;
	bool found;
	CXCursor call;
};

static bool is_learned_read(struct scan_tu *st, const char *name);

static bool reads_device_name(const char *name)
{
	return an_is_device_read(name);
}

static enum CXChildVisitResult read_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct read_walk *w = data;
	char *callee;
	CXCursor def;
	bool hit;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	callee = cx_callee(c);
	hit = an_is_device_read(callee);
	/* The driver's own accessors, however deep (spi-dw's dw_readl()). */
	if (!hit)
		hit = is_learned_read(w->st, callee);
	free(callee);
	if (!hit) {
		char *written = cx_written_name(w->st, c);

		hit = an_is_device_read(written);
		free(written);
	}
	def = cx_callee_definition(c);
	/* A helper such as i8042_read_status() that returns inb(...). */
	if (!hit && !clang_Cursor_isNull(def))
		hit = cx_calls_matching(def, reads_device_name, 1, NULL);
	if (hit) {
		w->found = true;
		w->call = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool an_reads_device(struct analysis_ctx *ctx, CXCursor expr, CXCursor *call)
{
	struct read_walk w = { ctx->st, false, clang_getNullCursor() };

	read_visit(expr, clang_getNullCursor(), &w);
	if (!w.found)
		clang_visitChildren(expr, read_visit, &w);
	if (call)
		*call = w.call;
	return w.found;
}

/*
 * Register accessor wrappers, learned as convert learns them
 * (ast/cursor.c accessors_learn()), so that scan and convert agree on
 * which calls touch the device: a function defined in the directory of the
 * unit's file whose every call is a register access (or a wrapper defined
 * above it) and which only reads or only writes, or a function that returns
 * what it read.  pvscsi_write_intr_status() wraps pvscsi_reg_write(), which
 * wraps writel().
 */
struct learn_walk {
	struct scan_tu *st;
	bool other, reads, writes;
};

static bool is_read_in(struct scan_tu *st, const char *name)
{
	return an_is_device_read(name) || strvec_has(&st->wrap_reads, name);
}

static bool is_write_in(struct scan_tu *st, const char *name)
{
	return an_is_device_write(name) || strvec_has(&st->wrap_writes, name);
}

static void learn_call(CXCursor call, void *data)
{
	struct learn_walk *w = data;
	char *callee = cx_callee(call);

	if (is_read_in(w->st, callee))
		w->reads = true;
	else if (is_write_in(w->st, callee))
		w->writes = true;
	else
		w->other = true;
	free(callee);
}

static void return_reads(CXCursor ret, void *data)
{
	struct learn_walk *w = data;
	struct learn_walk inner = { w->st, false, false, false };

	cx_for_each_call(ret, learn_call, &inner);
	w->reads |= inner.reads;
}

/*
 * The directory of @path (relative to the tree, or absolute), resolved:
 * an external module's file is named from the tree (../../mod/a.c), its
 * header by its absolute path.
 */
static char *real_dir(struct scan_tu *st, const char *path)
{
	char *full = *path == '/' ? xstrdup(path) :
		     xasprintf("%s/%s", st->src, path);
	char *real = realpath(full, NULL);
	char *dir = dir_of(real ? real : full);

	free(real);
	free(full);
	return dir;
}

static enum CXChildVisitResult learn_fn(CXCursor fn, CXCursor parent,
					CXClientData data)
{
	struct scan_tu *st = data;
	struct learn_walk w = { st, false, false, false };
	char *file, *dir, *mine;
	bool here;

	(void)parent;
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(fn))
		return CXChildVisit_Continue;
	file = cx_file_of(st, fn);
	dir = dir_of(file);
	mine = dir_of(st->relpath);
	here = !strcmp(dir, mine);
	if (!here && *file == '/' && starts_with(st->relpath, "../")) {
		free(dir);
		free(mine);
		dir = real_dir(st, file);
		mine = real_dir(st, st->relpath);
		here = !strcmp(dir, mine);
	}
	free(file);
	free(dir);
	free(mine);
	if (!here)
		return CXChildVisit_Continue;
	cx_for_each_call(fn, learn_call, &w);
	if (w.other) {
		w.reads = w.writes = false;
		cx_for_each_kind(fn, CXCursor_ReturnStmt, return_reads, &w);
	}
	if (w.reads != w.writes)
		strvec_push_nodup(w.reads ? &st->wrap_reads : &st->wrap_writes,
			    cxstring_take(clang_getCursorSpelling(fn)));
	return CXChildVisit_Continue;
}

static void learn_wrappers(struct scan_tu *st)
{
	if (st->wrappers_learned)
		return;
	st->wrappers_learned = true;
	clang_visitChildren(clang_getTranslationUnitCursor(st->unit),
			    learn_fn, st);
}

static bool is_learned_read(struct scan_tu *st, const char *name)
{
	learn_wrappers(st);
	return strvec_has(&st->wrap_reads, name);
}

bool an_is_access_read(struct analysis_ctx *ctx, const char *name)
{
	learn_wrappers(ctx->st);
	return is_read_in(ctx->st, name);
}

bool an_is_access_write(struct analysis_ctx *ctx, const char *name)
{
	learn_wrappers(ctx->st);
	return is_write_in(ctx->st, name);
}

/* A call of a write wrapper: convert counts it as a write; scan must too. */
bool an_is_write_wrapper(struct analysis_ctx *ctx, const char *callee)
{
	learn_wrappers(ctx->st);
	return strvec_has(&ctx->st->wrap_writes, callee);
}
