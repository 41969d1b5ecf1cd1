// SPDX-License-Identifier: GPL-2.0
/* Exported functions (analyze/exported.h), read from the file's text. */
#include <stdlib.h>
#include <string.h>

#include "analyze/exported.h"
#include "ast/cursor.h"

unsigned int an_exported_line(CXCursor def)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(def);
	char *name = cursor_name(def);
	size_t size = 0, n = strlen(name);
	unsigned int line = 1, found = 0;
	const char *text, *p, *end;
	CXFile file;

	clang_getExpansionLocation(clang_getCursorLocation(def), &file, NULL,
				   NULL, NULL);
	text = file ? clang_getFileContents(tu, file, &size) : NULL;
	end = text ? text + size : NULL;
	for (p = text; p && p < end && !found; p++) {
		const char *q = p + 13;

		if (*p == '\n')
			line++;
		if (*p != 'E' || end - p < 13 || strncmp(p, "EXPORT_SYMBOL", 13))
			continue;
		if (end - q >= 4 && !strncmp(q, "_GPL", 4))
			q += 4;
		if ((size_t)(end - q) >= n + 2 && *q == '(' &&
		    !strncmp(q + 1, name, n) && q[1 + n] == ')')
			found = line;
	}
	free(name);
	return found;
}
