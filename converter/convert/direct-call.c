// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls of an old handler outside the request (netpoll controllers
 * such as e1000_netpoll()): run the quick check there, and wake the thread.
 */
#include <stdlib.h>
#include <string.h>

#include "ast/cursor.h"
#include "convert/callsite.h"
#include "tu.h"

/* The name of the function whose body holds @c. */
static char *enclosing_function(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	struct cursor_list kids = { NULL, 0, 0 };
	struct cursor_range r = cursor_range(c);
	char *name = NULL, *file = cursor_file(c);
	size_t i;

	cursor_children(clang_getTranslationUnitCursor(tu), &kids);
	for (i = 0; i < kids.nr && !name; i++) {
		struct cursor_range f = cursor_range(kids.v[i]);
		char *ffile;

		if (clang_getCursorKind(kids.v[i]) != CXCursor_FunctionDecl ||
		    f.begin > r.begin || f.end < r.end)
			continue;
		ffile = cursor_file(kids.v[i]);
		if (!strcmp(ffile, file))
			name = cursor_name(kids.v[i]);
		free(ffile);
	}
	cursor_list_release(&kids);
	free(file);
	return name ? name : xstrdup("?");
}

/*
 * A poll controller fences the handler with disable_irq() (8139cp's
 * cp_poll_controller()).  Once the line has a thread, disable_irq() also
 * waits for the thread to finish, which may sleep, and netpoll calls in
 * atomic context: wait for hard-irq handlers only, as e1000_netpoll() does.
 * @line_begin is where the direct call's line starts; the statement must be
 * the line just before it, `disable_irq(IRQ);` with the call's own IRQ.
 */
static void fence_hardirq_only(const char *buf, size_t line_begin,
			       const char *indent, const char *irq,
				 struct edit_list *el, struct strvec *notes)
{
	char *want = xasprintf("%sdisable_irq(%s);\n", indent, irq);
	size_t n = strlen(want), prev;

	if (line_begin < n)
		goto out;
	prev = line_begin - n;
	if (prev > 0 && buf[prev - 1] != '\n')
		goto out;
	if (strncmp(buf + prev, want, n))
		goto out;
	edit_add(el, prev + strlen(indent), strlen("disable_irq"),
		 "disable_hardirq", "hard-irq fence");
	strvec_push_nodup(notes, xstrdup("disable_irq() before that call became disable_hardirq(): disable_irq() would now also wait for the irq thread, which may sleep, and netpoll runs in atomic context."));
out:
	free(want);
}

/*
 * A direct call of the old handler (e1000_netpoll()) becomes the quick
 * check, and the thread woken when it asks for it: the thread's code
 * expects thread context, so it is not called in place.
 */
int callsite_rewrite_direct_call(CXCursor call, const char *buf, size_t len,
				 const char *quick, enum request_form form,
				 struct edit_list *el, struct strvec *notes,
				 const char *handler)
{
	bool staged = form == REQUEST_QUICKCHECK;
	const char *ask = staged ? "IRQ_NEEDS_HANDLING" : "IRQ_WAKE_THREAD";
	struct cursor_range r = cursor_range(call);
	size_t begin = r.begin, end = r.end, k;
	struct strbuf sb = STRBUF_INIT, indent = STRBUF_INIT;
	char *a0, *a1, *caller;

	if (r.in_macro || clang_Cursor_getNumArguments(call) != 2)
		return -1;
	while (begin > 0 && (buf[begin - 1] == '\t' || buf[begin - 1] == ' '))
		begin--;
	if (begin > 0 && buf[begin - 1] != '\n')
		return -1;
	if (end >= len || buf[end] != ';')
		return -1;
	end++;
	for (k = begin; k < r.begin; k++)
		strbuf_addch(&indent, buf[k]);
	a0 = cursor_one_line_text(buf, clang_Cursor_getArgument(call, 0));
	a1 = cursor_one_line_text(buf, clang_Cursor_getArgument(call, 1));
	strbuf_addf(&sb, "if (%s(%s, %s) ==", quick, a0, a1);
	/* Kernel style: wrap the condition rather than pass 80 columns. */
	if (cursor_column_of(buf, r.begin) + sb.len + strlen(ask) + 2 > 80)
		strbuf_addf(&sb, "\n%s    %s)", indent.buf ? indent.buf : "", ask);
	else
		strbuf_addf(&sb, " %s)", ask);
	if (staged)
		strbuf_addf(&sb, "\n%s\t%s(%s, %s);", indent.buf ? indent.buf : "",
			    handler, a0, a1);
	else
		strbuf_addf(&sb, "\n%s\tirq_wake_thread(%s, %s);",
			    indent.buf ? indent.buf : "", a0, a1);
	edit_add(el, r.begin, end - r.begin, sb.buf, "direct call");
	caller = enclosing_function(call);
	if (staged) {
		/* No thread: disable_irq() is as good a fence as before. */
		strvec_push_nodup(notes, xasprintf("%s() called %s() directly; it now runs the quick check first and the handler only when the quick check asks for it, as the core does, since %s() now takes the status from the quick check.",
						  caller, handler, handler));
		goto out;
	}
	fence_hardirq_only(buf, begin, indent.buf ? indent.buf : "", a0, el,
			   notes);
	strvec_push_nodup(notes, xasprintf("%s() called %s() directly; it now runs the quick check and wakes the irq thread with irq_wake_thread() instead of doing the work in place.",
					  caller, handler));
out:
	free(caller);
	free(a0);
	free(a1);
	strbuf_release(&sb);
	strbuf_release(&indent);
	return 0;
}
