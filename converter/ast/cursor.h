/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_AST_CURSOR_H
#define IRQCONV_AST_CURSOR_H

#include <clang-c/Index.h>

#include "util.h"

/*
 * Small libclang helpers for code generation: byte ranges of cursors in the
 * file the user wrote (expansion locations, so a statement written through a
 * macro still maps onto its text), children as arrays, and predicates over
 * the calls a cursor contains.
 */
struct cursor_range {
	size_t begin;
	size_t end;		/* one past the last byte */
	bool in_macro;		/* begins or ends inside a macro expansion */
};

struct cursor_list {
	CXCursor *v;
	size_t nr;
	size_t alloc;
};

void cursor_list_release(struct cursor_list *cl);
void cursor_list_push(struct cursor_list *cl, CXCursor c);

/* Byte range of @c in the file its expansion starts in. */
struct cursor_range cursor_range(CXCursor c);
/* The line (1-based) where @c's expansion starts. */
unsigned int cursor_line(CXCursor c);
/* Absolute file name @c's expansion starts in, "" for none. */
char *cursor_file(CXCursor c);

void cursor_children(CXCursor c, struct cursor_list *out);
/* The body (compound statement) of the function definition @def, or null. */
CXCursor cursor_fn_body(CXCursor def);
/* Whether @c (stripped) names the enumerator @name, such as IRQ_NONE. */
bool cursor_is_enum_ref(CXCursor c, const char *name);
/*
 * What a handler answers: its references to IRQ_NONE (IRQ_RETVAL
 * too) and IRQ_HANDLED, and whether it returns anything but IRQ_HANDLED.
 */
struct cursor_answers {
	unsigned int none;
	unsigned int handled;
	bool other_return;
};

/* Adds what the statements below @c answer to @a. */
void cursor_answers_in(CXCursor c, struct cursor_answers *a);
/* It has a body, names no IRQ_NONE and returns only IRQ_HANDLED. */
bool cursor_fn_always_handled(CXCursor def);
/* `x = ...` (not `==`, `+=`): the token after the left side @lhs of @bin. */
bool cursor_is_plain_assign(CXCursor bin, CXCursor lhs);
/* @c itself, with implicit casts, parentheses and unexposed wrappers peeled. */
CXCursor cursor_strip(CXCursor c);
/* @c stripped, and of a unary operator (`&x->f`, `*p`) around one operand. */
CXCursor cursor_strip_address(CXCursor c);
/* Name of the function a CallExpr calls, "" when it is not a direct call. */
char *call_name(CXCursor call);
/* The text in @buf of the first argument of @call, "" when it has none. */
char *first_arg_text(CXCursor call, const char *buf);
/* A spelling (function, variable or field name) of @c. */
char *cursor_name(CXCursor c);

typedef bool (*call_pred)(const char *callee);
/* The call_pred every call satisfies. */
bool any_callee(const char *callee);

/* First CallExpr below (or at) @c whose callee satisfies @pred, or null. */
CXCursor find_call(CXCursor c, call_pred pred);
/* Every CallExpr below @c whose callee satisfies @pred, in source order. */
void find_calls(CXCursor c, call_pred pred, struct cursor_list *out);
/* Every DeclRefExpr below @c that refers to @decl. */
void find_refs(CXCursor c, CXCursor decl, struct cursor_list *out);
/* Any ReturnStmt below @c. */
bool has_return(CXCursor c);

bool is_device_read(const char *callee);
bool is_device_write(const char *callee);

/* The column at @off, tabs at 8; an expression's text on one line. */
size_t cursor_column_of(const char *buf, size_t off);
char *cursor_one_line_text(const char *buf, CXCursor c);

/* Learn the accessor wrappers defined in @file of @tu (see is_device_read). */
void accessors_learn(CXTranslationUnit tu, const char *file);
/*
 * Learn those of another file too, forgetting none: a wrapper that another
 * file of the module defines (i2c-at91-core.c's at91_twi_read()).
 */
void accessors_learn_also(CXTranslationUnit tu, const char *file);

#endif
