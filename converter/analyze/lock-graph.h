/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_LOCK_GRAPH_H
#define IRQCONV_ANALYZE_LOCK_GRAPH_H

#include <clang-c/Index.h>

#include "ast/cursor.h"
#include "kbuild.h"
#include "tu.h"

/*
 * The locks of a module and the contexts that take them: a call graph over
 * the functions of the module's files (and the inline functions of headers
 * they call), the lock primitives each function calls, by the identity of
 * the lock (a field of a struct type, or a variable), the roots that run
 * them (interrupt handlers, timers, tasklets, NAPI polls, work items,
 * callbacks the kernel calls: kapi-locks.def) and so the context each
 * function runs in.  convert asks it what code moved to an irq thread
 * meets there (lock-thread.c).
 */

enum lock_ctx {
	CTX_HARDIRQ = 1,
	CTX_SOFTIRQ = 2,
	CTX_PROCESS = 4,
	CTX_UNKNOWN = 8,	/* its address is taken, or it is not static */
};

enum lock_kind { LK_SPIN, LK_RAW, LK_RW, LK_SEQ };
/* In the order of what they keep out: nothing, softirqs, hard irqs. */
enum lock_form { LF_PLAIN, LF_BH, LF_IRQ, LF_IRQSAVE };
enum lock_op { LO_ACQUIRE, LO_RELEASE };

struct kapi_lock {
	const char *name;
	enum lock_kind kind;
	enum lock_form form;
	enum lock_op op;
};

/* A lock primitive called in a function. */
struct lm_lock {
	CXCursor call;
	const struct kapi_lock *prim;
	char *id;		/* USR of the field or variable */
	char *name;		/* "virt_dma_chan.lock", or the variable */
	char *type;		/* the struct, NULL for a variable */
	char *field;
};

struct lm_fn {
	char *usr;
	char *name;
	CXCursor def;
	bool module;		/* defined in a .c file of the module */
	struct lm_lock *locks;
	size_t nr_locks;
	size_t *calls;		/* indices of the functions it calls */
	size_t nr_calls;
	struct strvec raisers;	/* softirq raisers it calls itself */
	CXCursor *lines;	/* line control calls (kapi KAPI_LINE) */
	size_t nr_lines;
	unsigned int root_ctx;	/* as a root, and why */
	const char *root_what;
	char *own_line;		/* a root handler: identity of its irq */
	bool folded;		/* a tasklet the thread now calls: no root */
	/* Filled by lock_contexts() */
	unsigned int ctx;
	size_t via[4];		/* per context bit, the root that brings it */
};

struct lock_module {
	struct tu *tus;		/* the module's files; [0] the converted one */
	size_t nr_tus;
	/* tus[nr_module_tus..] are library modules it links (8390.ko) */
	size_t nr_module_tus;
	bool *owned;		/* tus[i] parsed here */
	struct lm_fn *fns;
	size_t nr_fns;
	struct cursor_list defs;	/* the functions of the module's files */
	struct strvec def_names;
	size_t excluded;	/* root left out of lock_contexts(), or -1 */
	bool cut;		/* nor passed through: its callers call it no more */
};

/* Kernel API knowledge (kapi-locks.def). */
const struct kapi_lock *kapi_lock_named(const char *name);
bool kapi_line_waits(const char *name);
/*
 * The identity of the irq number @call passes as its argument @arg (0 for
 * the first): the USR of the field or variable it names, or NULL.
 */
char *lm_irq_identity(CXCursor call, int arg);
/*
 * +1 for local_irq_save() or local_irq_disable() as written at a call, -1
 * for local_irq_restore() or local_irq_enable(), else 0.
 */
int lm_irq_switch(const char *written);
/* The lock primitive @call is (by the name written at the call), or NULL. */
const struct kapi_lock *lm_lock_call(CXCursor call, char **written);
/* The lock @call takes or releases, by identity; false for none. */
bool lm_lock_identity(CXCursor call, struct lm_lock *l);
/* Free what lm_lock_identity() filled in. */
void lm_lock_release(struct lm_lock *l);

/*
 * The module of @main (its sibling .c files that one composite object of
 * the directory's Makefile or Kbuild links with it, parsed with kbuild's
 * flags), with its call graph and roots (lock-contexts.c).
 */
struct lock_module *lock_module_open(CXIndex index, struct kbuild *kb,
				     struct tu *main);
/* The same with its call graph alone (lock-graph.c). */
struct lock_module *lock_graph_open(CXIndex index, struct kbuild *kb,
				    struct tu *main);
void lock_module_close(struct lock_module *lm);
/* The index in @lm->tus of the unit @c belongs to, or -1. */
ssize_t lm_tu_of(const struct lock_module *lm, CXCursor c);
/* The entry of @def (a function definition), or -1. */
ssize_t lm_fn_of(const struct lock_module *lm, CXCursor def);
/* The entry of the function @call calls, or -1 (no body in the module). */
ssize_t lm_callee(struct lock_module *lm, CXCursor call);
/* Add @def's entry with its calls, locks and raisers (lock-graph.c). */
ssize_t lm_fn_add(struct lock_module *lm, CXCursor def);

/* lock-contexts.c: propagate contexts from every root but @skip. */
void lock_contexts(struct lock_module *lm, ssize_t skip, bool cut);
/* "hard-irq", "softirq", "process", "unknown" for one bit. */
const char *lock_ctx_name(unsigned int bit);
/*
 * Who takes the lock @id (@type.@field) elsewhere, in the contexts of
 * the last lock_contexts(): the bits, and for the strongest one a phrase
 * naming the function and its root in @who.
 */
unsigned int lock_users(const struct lock_module *lm, const struct lm_lock *l,
			char **who);

#endif
