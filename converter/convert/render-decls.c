// SPDX-License-Identifier: GPL-2.0
/*
 * Declarations a split adds around the halves: the handler's prototypes,
 * written again for each new function, and the hand-over fields of the
 * driver's private structure.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/render-decls.h"
#include "tu.h"

/*
 * The handler's forward declarations in its file, each one written again for
 * every name of @names; @keep_old keeps the handler's own (staged: the old
 * handler stays) instead of replacing it.
 */
void render_prototypes(const struct split_plan *plan, const char *buf,
		       size_t len, struct edit_list *el, const char *hbuf,
		       struct edit_list *hdr,
		       const char *const *names, size_t nr, bool keep_old)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(plan->def);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	struct cursor_list kids = { NULL, 0, 0 };
	size_t i, k;

	cursor_children(root, &kids);
	for (i = 0; i < kids.nr; i++) {
		CXCursor c = kids.v[i];
		struct strbuf sb = STRBUF_INIT;
		struct cursor_range r;
		char *name, *file, *text, *q;
		const char *fbuf = buf;
		struct edit_list *fel = el;
		size_t flen = len;
		size_t begin, end, skip;

		if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
		    clang_isCursorDefinition(c))
			continue;
		name = cursor_name(c);
		file = cursor_file(c);
		/* The header's copy goes through its own edit list. */
		if (hdr != el && plan->proto_file &&
		    !strcmp(file, plan->proto_file)) {
			fbuf = hbuf;
			fel = hdr;
			flen = strlen(hbuf);
		}
		if (strcmp(name, plan->handler) ||
		    (fel == el && strcmp(file, plan->file))) {
			free(name);
			free(file);
			continue;
		}
		r = cursor_range(c);
		begin = split_line_start(fbuf, r.begin);
		end = split_line_after(fbuf, flen, r.end);
		text = xstrndup(fbuf + begin, end - begin);
		/* The prototype names the handler once. */
		q = strstr(text, plan->handler);
		/* checkpatch --strict: no extern on a new prototype (aw2) */
		skip = starts_with(text, "extern ") ? 7 : 0;
		for (k = 0; k < nr; k++)
			strbuf_addf(&sb, "%.*s%s%s", (int)(q - text - skip),
				    text + skip, names[k],
				    q + strlen(plan->handler));
		edit_add(fel, begin, keep_old ? 0 : end - begin, sb.buf,
			 "prototypes");
		strbuf_release(&sb);
		free(text);
		free(name);
		free(file);
	}
	cursor_list_release(&kids);
}

void render_handover_fields(const struct split_plan *plan, const char *hbuf,
			    struct edit_list *hdr)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, at;

	if (!plan->nr_handovers)
		return;
	at = split_line_start(hbuf, plan->priv_close);
	/* Before a flexible array, above the comment lines that describe it. */
	while (hbuf[plan->priv_close] != '}' && at > 0) {
		size_t prev = split_line_start(hbuf, at - 1);
		size_t p = prev;

		while (hbuf[p] == ' ' || hbuf[p] == '\t')
			p++;
		if (strncmp(hbuf + p, "/*", 2) && hbuf[p] != '*' &&
		    strncmp(hbuf + p, "//", 2))
			break;
		at = prev;
	}
	for (i = 0; i < plan->nr_handovers; i++)
		strbuf_addf(&sb, "\tatomic_t %s;\t/* from %s() */\n",
			    plan->handovers[i].field, plan->quick_name);
	edit_add(hdr, at, 0, sb.buf, "handover field");
	strbuf_release(&sb);
}
