/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_DEVICE_ACCESS_H
#define IRQCONV_ANALYZE_DEVICE_ACCESS_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#include "util.h"

/*
 * What a device access is, as the caller knows it: scan and convert each
 * have their idea of the driver's accessor wrappers (@is_read, @is_write).
 */
struct access_preds {
	bool (*is_read)(const char *callee, void *data);
	bool (*is_write)(const char *callee, void *data);
	void *data;
};

/* A resolved device access. */
struct device_access {
	bool write;
	char *reg;		/* key of the register's address */
	char *value;		/* key of the value written */
	CXCursor value_expr;	/* the value in the caller's frame, or null */
};

/*
 * Resolve the access @call makes, through the driver's wrappers: its
 * register and the value it writes, as keys that compare equal when they
 * address the same register (write back with da_release()).
 */
bool da_resolve(CXCursor call, const struct access_preds *ap,
		struct device_access *a);
/*
 * The same, with locals and parameters keyed by their type: for comparing
 * registers that two functions address through their own device pointers.
 */
bool da_resolve_typed(CXCursor call, const struct access_preds *ap,
		      struct device_access *a);
void da_release(struct device_access *a);
/* The MMIO and port accessors themselves (readl, iowrite8, outb, ...). */
bool da_is_accessor(const char *callee, bool *write);
/* An accessor, or a wrapper @ap knows. */
bool da_is_access(const struct access_preds *ap, const char *callee);

/* e1000_irq_disable(), e100_disable_irq(), foo_unmask_interrupts(), ... */
bool da_is_irq_switch(const char *name, bool enable);

struct cursor_kids {
	CXCursor *v;
	size_t nr, alloc;
};

/* The children of @c (release with free(k->v)). */
void da_kids(CXCursor c, struct cursor_kids *k);
void da_kids_push(struct cursor_kids *k, CXCursor c);
/* The function definitions of the file @handler is in. */
void da_file_functions(CXCursor handler, struct cursor_kids *out);
/*
 * `.member = value,` in the initialisers of the variables of @top that
 * @file defines, for each member @member accepts: the values, once each
 * (`.probe = foo_probe`, a watchdog_ops `.restart`).
 */
void da_member_values(const struct cursor_kids *top, CXFile file,
		      bool (*member)(const char *name), struct strvec *out);
/* The line (expansion) @c starts on. */
unsigned int da_line(CXCursor c);
char *da_spelling(CXCursor c);
/* The function a call names, "" when it calls through a pointer. */
char *da_callee(CXCursor call);
CXCursor da_callee_def(CXCursor call);
/* @c without implicit casts, parentheses and casts. */
CXCursor da_strip(CXCursor c);
/* Every call in @c, @c itself included. */
void da_for_each_call(CXCursor c, void (*fn)(CXCursor, void *), void *data);
/* A loop, but not the `do { } while (0)` of a statement macro. */
bool da_is_loop(CXCursor c);
/* Whether one of the `_`-separated words of @name is in @words. */
bool da_name_has_word(const char *name, const char *const *words);

#endif
