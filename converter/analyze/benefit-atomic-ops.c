// SPDX-License-Identifier: GPL-2.0
/*
 * Callbacks the kernel calls with interrupts off: an ALSA PCM's trigger
 * and pointer operations run under the substream's lock, which the PCM
 * core takes with interrupts disabled (they are atomic unless the driver
 * sets pcm->nonatomic: Documentation/sound/kernel-api/
 * writing-an-alsa-driver.rst).  A busy-wait the handler shares with such
 * a callback (snd_ps3's DMA-stop poll, which its trigger also runs) keeps
 * interrupts off there whatever the thread does.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "analyze/device-access.h"
#include "tu.h"
#include "util.h"

static bool atomic_member(const char *name)
{
	static const char *const names[] = { "trigger", "pointer", NULL };

	return name_in(name, names);
}

/* Does the type of @var name struct snd_pcm_ops (an array of them too)? */
static bool pcm_ops(CXCursor var)
{
	CXType t = clang_getCursorType(var);
	char *type = cxstring_take(clang_getTypeSpelling(t));
	bool hit = strstr(type, "struct snd_pcm_ops");

	free(type);
	return hit;
}

/* `pcm->nonatomic = true;` anywhere in @fns: its operations may sleep. */
static bool sets_nonatomic(const struct cursor_kids *fns)
{
	struct strvec t = STRVEC_INIT;
	bool hit = false;
	size_t i, j;

	for (i = 0; i < fns->nr && !hit; i++) {
		cursor_tokens(fns->v[i], &t);
		for (j = 0; j + 2 < t.nr && !hit; j++)
			hit = !strcmp(t.v[j], "nonatomic") &&
			      !strcmp(t.v[j + 1], "=") &&
			      strcmp(t.v[j + 2], "false") &&
			      strcmp(t.v[j + 2], "0");
		strvec_clear(&t);
	}
	return hit;
}

void benefit_atomic_callbacks(CXCursor fn, CXFile file,
			      const struct cursor_kids *fns, struct strvec *out)
{
	CXTranslationUnit unit = clang_Cursor_getTranslationUnit(fn);
	struct cursor_kids top, ops = { NULL, 0, 0 };
	size_t i;

	da_kids(clang_getTranslationUnitCursor(unit), &top);
	for (i = 0; i < top.nr; i++)
		if (clang_getCursorKind(top.v[i]) == CXCursor_VarDecl &&
		    pcm_ops(top.v[i]))
			da_kids_push(&ops, top.v[i]);
	if (ops.nr && !sets_nonatomic(fns))
		da_member_values(&ops, file, atomic_member, out);
	free(ops.v);
	free(top.v);
}
