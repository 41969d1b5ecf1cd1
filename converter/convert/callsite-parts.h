/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_CONVERT_CALLSITE_PARTS_H
#define IRQCONV_CONVERT_CALLSITE_PARTS_H

/* Between callsite.c, which rewrites a request, and callsite-check.c. */
#include "ast/cursor.h"
#include "convert/callsite.h"

struct other_use {
	CXCursor fn;
	char *usr;		/* set when fn is another unit's: compared by USR */
	size_t allowed;	/* offset of the one reference that may stay */
	/* and those of the file's other requests of it: requested twice */
	size_t *requested;
	size_t nr_requested;
	unsigned int line;
	struct cursor_list calls;	/* direct calls of the handler */
};

/* The reference to the handler in the request: the one that may stay. */
CXCursor handler_ref(const struct callsite *cs);
/*
 * What the rewrite of @cs in @form asks of the code: a request written
 * where it can be edited, and no other use of a handler that stops
 * existing; the direct calls of it to rewrite are left in @ou->calls.
 */
int request_checks(const struct callsite *cs, const struct callsite_list *all,
		   enum request_form form, struct other_use *ou,
		   struct refusal *why);
/* Rewrite the direct calls of the handler in @ou into @el. */
int rewrite_direct_calls(const struct callsite *cs, struct other_use *ou,
			 const char *buf, size_t len, const char *quick,
			 enum request_form form, struct edit_list *el,
			 struct strvec *notes, struct refusal *why);

#endif
