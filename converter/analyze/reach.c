// SPDX-License-Identifier: GPL-2.0
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/lock-graph.h"
#include "analyze/reach.h"
#include "ast/cursor.h"
#include "ast/cx.h"
#include "tu.h"

/* Bounded like the lock module: a driver, not the kernel. */
#define REACH_MAX_FNS 2000

struct reach_node {
	CXCursor def;
	size_t parent;		/* index of the caller, or -1 for the start */
	CXCursor call;		/* the call in the caller that leads here */
};

struct reach_walk {
	struct lock_module *lm;
	char *dir;		/* the start function's directory */
	struct reach_node *v;
	size_t nr, alloc;
	struct strvec seen;	/* USRs of the functions queued */
};

static char *def_dir(CXCursor c)
{
	char *file = cursor_file(c);
	char *dir = xstrdup(dirname(file));

	free(file);
	return dir;
}

/* The driver's own code: a module file, or a file of its directory. */
static bool driver_code(struct reach_walk *w, CXCursor def)
{
	ssize_t at;
	char *dir;
	bool ours;

	if (w->lm && (at = lm_fn_of(w->lm, def)) >= 0 && w->lm->fns[at].module)
		return true;
	dir = def_dir(def);
	ours = !strcmp(dir, w->dir);
	free(dir);
	return ours;
}

static CXCursor callee_body(struct reach_walk *w, CXCursor call)
{
	CXCursor def = cx_callee_definition(call);
	ssize_t at;

	if (clang_Cursor_isNull(def) && w->lm && (at = lm_callee(w->lm, call)) >= 0)
		def = w->lm->fns[at].def;
	if (clang_Cursor_isNull(def) || !driver_code(w, def))
		return clang_getNullCursor();
	return def;
}

static void enqueue(struct reach_walk *w, CXCursor def, size_t parent,
		    CXCursor call)
{
	char *usr = cxstring_take(clang_getCursorUSR(def));
	size_t i;

	for (i = 0; i < w->seen.nr; i++)
		if (!strcmp(w->seen.v[i], usr)) {
			free(usr);
			return;
		}
	if (w->nr >= REACH_MAX_FNS) {
		free(usr);
		return;
	}
	strvec_push_nodup(&w->seen, usr);
	if (w->nr == w->alloc) {
		w->alloc = w->alloc ? 2 * w->alloc : 16;
		w->v = xrealloc(w->v, w->alloc * sizeof(*w->v));
	}
	w->v[w->nr++] = (struct reach_node){ def, parent, call };
}

static bool matches(CXCursor call, reach_match_fn match, void *data,
		    char **name)
{
	char *written = NULL, *callee = call_name(call);

	lm_lock_call(call, &written);
	if (*callee && match(call, callee, data)) {
		*name = callee;
		free(written);
		return true;
	}
	free(callee);
	if (*written && match(call, written, data)) {
		*name = written;
		return true;
	}
	free(written);
	return false;
}

static void fill_hit(struct reach_walk *w, size_t at, CXCursor call,
		     char *name, struct reach_hit *hit)
{
	size_t i, n = 0, *chain = xcalloc(w->nr + 1, sizeof(*chain));

	hit->call = call;
	hit->name = name;
	hit->first = call;
	memset(&hit->via, 0, sizeof(hit->via));
	for (i = at; i != (size_t)-1; i = w->v[i].parent)
		chain[n++] = i;
	/* chain[n - 1] is the start; the call in it leads to chain[n - 2]. */
	if (n > 1)
		hit->first = w->v[chain[n - 2]].call;
	for (i = n - 1; i-- > 0;)
		strvec_push_nodup(&hit->via, cursor_name(w->v[chain[i]].def));
	free(chain);
}

bool reach_find(struct lock_module *lm, CXCursor fn, reach_match_fn match,
		void *data, struct reach_hit *hit)
{
	struct reach_walk w = { lm, def_dir(fn), NULL, 0, 0, STRVEC_INIT };
	bool found = false;
	size_t at, i;

	enqueue(&w, fn, (size_t)-1, clang_getNullCursor());
	for (at = 0; at < w.nr && !found; at++) {
		struct cursor_list calls = { NULL, 0, 0 };

		find_calls(w.v[at].def, any_callee, &calls);
		for (i = 0; i < calls.nr && !found; i++) {
			char *name;

			if (matches(calls.v[i], match, data, &name)) {
				fill_hit(&w, at, calls.v[i], name, hit);
				found = true;
			}
		}
		for (i = 0; i < calls.nr && !found; i++) {
			CXCursor def = callee_body(&w, calls.v[i]);

			if (!clang_Cursor_isNull(def))
				enqueue(&w, def, at, calls.v[i]);
		}
		cursor_list_release(&calls);
	}
	free(w.v);
	free(w.dir);
	strvec_clear(&w.seen);
	return found;
}

void reach_hit_release(struct reach_hit *hit)
{
	free(hit->name);
	hit->name = NULL;
	strvec_clear(&hit->via);
}

char *reach_via_phrase(const struct reach_hit *hit)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!hit->via.nr)
		return xstrdup("");
	strbuf_addstr(&sb, " through ");
	for (i = 0; i < hit->via.nr; i++)
		strbuf_addf(&sb, "%s%s()", i == 0 ? "" :
			    i + 1 == hit->via.nr ? " and " : ", ",
			    hit->via.v[i]);
	return strbuf_detach(&sb);
}
