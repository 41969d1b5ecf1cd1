// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "convert/side-edits.h"

struct side_file *side_edits_file(struct side_edits *se, const char *path)
{
	struct side_file *sf;
	size_t i, len;
	char *buf;

	for (i = 0; i < se->nr; i++)
		if (!strcmp(se->v[i].path, path))
			return &se->v[i];
	buf = read_file(path, &len);
	if (!buf)
		return NULL;
	se->v = xrealloc(se->v, (se->nr + 1) * sizeof(*se->v));
	sf = &se->v[se->nr++];
	sf->path = xstrdup(path);
	sf->buf = buf;
	sf->len = len;
	edit_list_init(&sf->el, path);
	return sf;
}

void side_edits_release(struct side_edits *se)
{
	size_t i;

	for (i = 0; i < se->nr; i++) {
		free(se->v[i].path);
		free(se->v[i].buf);
		edit_list_release(&se->v[i].el);
	}
	free(se->v);
	se->v = NULL;
	se->nr = 0;
}
