/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_H
#define IRQCONV_ANALYZE_H

/*
 * Handler analyses.  Each file of analyze/ computes one family of facts
 * (docs/analysis.md) about one handler definition and adds them to
 * ctx->hf; list.c names them all, in the order they run.  Adding an
 * analysis is one file and one line in list.c.
 */
#include "ast/cx.h"
#include "model/site.h"

struct analysis_ctx {
	struct scan_tu *st;
	CXCursor fn;		/* the function analysed (the handler, or what it wraps) */
	CXCursor entry;		/* the handler the request names */
	struct handler_facts *hf;
	struct scan_site *site;
};

struct analysis {
	const char *name;
	void (*run)(struct analysis_ctx *ctx);
};

/* NULL-terminated, in running order (ownership before mask, ...). */
extern const struct analysis analyses[];

void analyze_returns(struct analysis_ctx *ctx);
void analyze_ownership(struct analysis_ctx *ctx);
void analyze_mask(struct analysis_ctx *ctx);
void analyze_deferred(struct analysis_ctx *ctx);
void analyze_locks(struct analysis_ctx *ctx);
void analyze_silence(struct analysis_ctx *ctx);
void analyze_context(struct analysis_ctx *ctx);
void analyze_callers(struct analysis_ctx *ctx);

/* --- helpers shared by the analyses (common.c) --- */

/* A call in the handler body: its callee and the name written at the site
 * (the macro name for calls written through a macro). */
struct an_call {
	CXCursor cursor;
	const char *callee;
	const char *written;
};

typedef void (*an_call_fn)(struct analysis_ctx *ctx, const struct an_call *c,
			   void *data);
/* Every call in the handler body, in source order. */
void an_for_each_call(struct analysis_ctx *ctx, an_call_fn fn, void *data);
/* Whether the call's callee or its written name is in @list. */
bool an_call_is(const struct an_call *c, const char *const *list);
/* Add a fact located at @c, named after what the user wrote. */
struct fact *an_add(struct analysis_ctx *ctx, enum fact_kind kind,
		    const char *name, CXCursor c);
/* Text of argument @i of call @c, or NULL. */
char *an_arg_text(struct analysis_ctx *ctx, CXCursor call, int i);

/* Device register accessors: readl() and friends (common.c). */
bool an_is_device_read(const char *name);
bool an_is_device_write(const char *name);
/*
 * The unit's register accessor wrappers, learned as convert learns them:
 * functions of the file's directory that only read or only write registers
 * (edu_write(), pvscsi_write_intr_status()).  The access forms count the
 * plain accessors too.
 */
bool an_is_write_wrapper(struct analysis_ctx *ctx, const char *callee);
bool an_is_access_read(struct analysis_ctx *ctx, const char *name);
bool an_is_access_write(struct analysis_ctx *ctx, const char *name);
/* Whether @expr contains a device read, directly or through a function
 * of this unit (two calls deep); *@call gets the outermost such call. */
bool an_reads_device(struct analysis_ctx *ctx, CXCursor expr, CXCursor *call);

#endif
